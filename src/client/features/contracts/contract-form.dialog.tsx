import { zodResolver } from '@hookform/resolvers/zod';
import { Select, SimpleGrid, Text, TextInput, Textarea } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { MERGE_FIELDS, type Contract } from '../../../shared/contracts.schema.ts';
import { currencyOptions } from '../../../shared/currencies.ts';
import { DialogForm, FormDialog } from '../../components/form-dialog.tsx';
import { NumberField, SelectField } from '../../components/form/controlled-fields.tsx';
import { DateField } from '../../components/form/date-field.tsx';
import { trpc } from '../../trpc.ts';
import { ClientPicker } from '../clients/client-picker.tsx';
import {
  ContractFormSchema,
  draftDefaults,
  newContractDefaults,
  type ContractFormInput,
  type ContractFormOutput,
} from './contract-form.schema.ts';
import { useContractMutations } from './use-contract-mutations.ts';

/** The merge fields, as a body's help lists them. */
export const MERGE_FIELDS_HELP = `Merge fields: ${MERGE_FIELDS.map((f) => `{{${f}}}`).join(', ')}`;

/**
 * "New contract" (a client, a title, a template or a blank body, its project, fee, dates and
 * signing expiry), or a draft's "Edit contract" (its body written out). A new contract opens
 * on its page once the server has saved it.
 */
export function ContractFormDialog({
  opened,
  onClose,
  draft,
}: {
  opened: boolean;
  onClose: () => void;
  /** The draft to edit; a new contract without it. */
  draft?: Contract;
}) {
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={draft ? 'Edit contract' : 'New contract'}
      size="lg"
    >
      {opened && <ContractForm draft={draft} onClose={onClose} />}
    </FormDialog>
  );
}

function ContractForm({ draft, onClose }: { draft?: Contract; onClose: () => void }) {
  const mutations = useContractMutations();
  const navigate = useNavigate();
  const templates = trpc.contractTemplates.list.useQuery(undefined, { enabled: !draft });
  const form = useForm<ContractFormInput, unknown, ContractFormOutput>({
    resolver: zodResolver(ContractFormSchema),
    defaultValues: draft ? draftDefaults(draft) : newContractDefaults([]),
  });
  const { errors, isSubmitting } = form.formState;
  // The default template is chosen once the templates are known (not over a choice made).
  const loaded = templates.data;
  useEffect(() => {
    if (!draft && loaded && !form.formState.dirtyFields.templateId)
      form.setValue('templateId', newContractDefaults(loaded).templateId);
  }, [draft, loaded, form]);

  const clientId = form.watch('clientId');
  const templateId = form.watch('templateId');
  const projects = trpc.projects.list.useQuery(
    { clientId: clientId ?? undefined, limit: 100 },
    { enabled: clientId !== null },
  );
  const currencies = useMemo(() => currencyOptions(), []);

  const submit = form.handleSubmit(async (values) => {
    if (draft) {
      const { templateId: _template, ...changes } = values;
      const saved = await mutations.update({ id: draft.id, ...changes });
      if (saved) onClose();
      return;
    }
    const created = await mutations.create(values);
    if (!created) return;
    onClose();
    void navigate({ to: '/contracts/$contractId', params: { contractId: String(created.id) } });
  });

  return (
    <DialogForm
      onSubmit={submit}
      pending={isSubmitting}
      submitLabel={draft ? 'Save draft' : 'Create contract'}
      onCancel={onClose}
    >
      <Controller
        control={form.control}
        name="clientId"
        render={({ field, fieldState }) => (
          <ClientPicker
            required
            value={field.value}
            valueLabel={draft?.clientName ?? null}
            onChange={(id) => {
              field.onChange(id);
              form.setValue('projectId', '');
            }}
            error={fieldState.error?.message}
          />
        )}
      />
      <TextInput
        label="Title"
        withAsterisk
        maxLength={200}
        error={errors.title?.message}
        {...form.register('title')}
      />
      {!draft && (
        <SelectField
          control={form.control}
          name="templateId"
          label="Template"
          data={[
            ...(templates.data ?? []).map((t) => ({
              value: String(t.id),
              label: t.isDefault ? `${t.name} (default)` : t.name,
            })),
            { value: '', label: 'Blank (write the body)' },
          ]}
          description="Its merge fields are filled in from the client, the project and this form."
        />
      )}
      {(draft || templateId === '') && (
        <Textarea
          label="Body"
          withAsterisk
          description={`Markdown. ${MERGE_FIELDS_HELP}`}
          autosize
          minRows={6}
          maxRows={16}
          error={errors.body?.message}
          {...form.register('body')}
        />
      )}
      <SelectField
        control={form.control}
        name="projectId"
        label="Project"
        placeholder={clientId === null ? 'Choose a client first' : 'No project'}
        clearable
        allowDeselect
        disabled={clientId === null}
        data={(projects.data?.items ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NumberField
          control={form.control}
          name="fee"
          label="Fee"
          min={0}
          decimalScale={3}
          thousandSeparator=","
          hideControls
        />
        <Controller
          control={form.control}
          name="currency"
          render={({ field, fieldState }) => (
            <Select
              label="Currency"
              placeholder="The client's currency"
              searchable
              clearable
              data={currencies}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              error={fieldState.error?.message}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        <DateField control={form.control} name="startDate" label="Start date" />
        <DateField control={form.control} name="endDate" label="End date" />
      </SimpleGrid>
      <DateField
        control={form.control}
        name="expiresAt"
        label="Sign by"
        description="After this day the client can no longer sign it."
      />
      {errors.root && (
        <Text size="sm" c="red">
          {errors.root.message}
        </Text>
      )}
    </DialogForm>
  );
}
