import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import type { Proposal } from '../../../shared/proposals.schema.ts';
import {
  ProposalFormSchema,
  proposalFormDefaults,
  type ProposalFormInput,
  type ProposalFormOutput,
} from './proposal-form.schema.ts';
import { useProposalMutations } from './use-proposal-mutations.ts';
import { useCurrencyPrefix } from '../../components/money.tsx';
import { DateField } from '../../components/form/date-field.tsx';
import { ClientPicker } from '../clients/client-picker.tsx';
import { DealPicker } from './deal.picker.tsx';
import { DialogForm, FormDialog } from '../../components/form-dialog.tsx';
import { NumberField } from '../../components/form/controlled-fields.tsx';

function ProposalForm({ proposal, onDone }: { proposal: Proposal | null; onDone: () => void }) {
  const currencyPrefix = useCurrencyPrefix();
  const mutations = useProposalMutations();
  const form = useForm<ProposalFormInput, unknown, ProposalFormOutput>({
    resolver: zodResolver(ProposalFormSchema),
    defaultValues: proposalFormDefaults(proposal),
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const saved = proposal
      ? await mutations.update(proposal.id, values)
      : await mutations.create(values);
    if (saved) onDone();
  });

  return (
    <DialogForm
      onSubmit={submit}
      pending={isSubmitting}
      submitLabel={proposal ? 'Save Changes' : 'Create Proposal'}
      onCancel={onDone}
    >
      <TextInput
        label="Title"
        placeholder="Brand refresh and new website"
        withAsterisk
        data-autofocus
        autoComplete="off"
        error={errors.title?.message}
        {...form.register('title')}
      />
      <TextInput
        label="Client Name"
        placeholder="Northwind Traders"
        withAsterisk
        autoComplete="off"
        error={errors.clientName?.message}
        {...form.register('clientName')}
      />
      <Textarea
        label="Description"
        placeholder="Scope, deliverables and timeline"
        withAsterisk
        autosize
        minRows={4}
        maxRows={10}
        styles={{ input: { minHeight: 80 } }}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
        <NumberField
          control={form.control}
          name="amount"
          label="Amount"
          placeholder="5,000"
          withAsterisk
          prefix={currencyPrefix}
          min={0}
          decimalScale={2}
          thousandSeparator=","
        />
        <DateField control={form.control} name="dueDate" label="Due Date" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
        <Controller
          control={form.control}
          name="clientId"
          render={({ field }) => (
            <ClientPicker
              label="Billing client"
              description="Optional: for a deposit invoice once accepted"
              value={typeof field.value === 'number' ? field.value : null}
              onChange={field.onChange}
              disabled={isSubmitting}
            />
          )}
        />
        <Controller
          control={form.control}
          name="dealId"
          render={({ field }) => (
            <DealPicker
              value={typeof field.value === 'number' ? field.value : null}
              onChange={field.onChange}
              disabled={isSubmitting}
            />
          )}
        />
      </SimpleGrid>
    </DialogForm>
  );
}

/** Create Proposal (no `proposal`) and Edit Proposal; full screen on a phone. */
export function ProposalDialog({
  opened,
  proposal,
  onClose,
}: {
  opened: boolean;
  proposal: Proposal | null;
  onClose: () => void;
}) {
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={proposal ? 'Edit Proposal' : 'Create Proposal'}
      size="lg"
    >
      <ProposalForm key={proposal?.id ?? 'new'} proposal={proposal} onDone={onClose} />
    </FormDialog>
  );
}
