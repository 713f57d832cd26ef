import { zodResolver } from '@hookform/resolvers/zod';
import { PickerField } from '../../components/form/controlled-fields.tsx';
import {
  Button,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useCallback } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { minorDigits } from '../../../shared/currencies.ts';
import { currencySymbol, useWorkspaceCurrency } from '../../components/money.tsx';
import { trpc } from '../../trpc.ts';
import { ClientPicker } from '../clients/client-picker.tsx';
import { ProjectPicker } from '../projects/project-picker.tsx';
import {
  InvoiceFormSchema,
  invoiceFormDefaults,
  type InvoiceFormInput,
  type InvoiceFormOutput,
} from './invoice-form.schema.ts';
import { UnbilledTimePicker } from './unbilled-time.picker.tsx';
import { useInvoiceMutations } from './use-invoice-mutations.ts';
import { DateField } from '../../components/form/date-field.tsx';
import { FormDialog } from '../../components/form-dialog.tsx';

function InvoiceCreateForm({ onDone }: { onDone: () => void }) {
  const mutations = useInvoiceMutations();
  const form = useForm<InvoiceFormInput, unknown, InvoiceFormOutput>({
    resolver: zodResolver(InvoiceFormSchema),
    defaultValues: invoiceFormDefaults(),
  });
  const { errors, isSubmitting } = form.formState;
  const [clientId, projectId, timeEntryIds] = useWatch({
    control: form.control,
    name: ['clientId', 'projectId', 'timeEntryIds'],
  });
  const billingTime = timeEntryIds.length > 0;
  // The invoice is in the client's currency, else the workspace's (as the server decides).
  const client = trpc.clients.get.useQuery({ id: clientId ?? 0 }, { enabled: clientId !== null });
  const workspaceCurrency = useWorkspaceCurrency();
  // Unknown (no symbol, no time offered) while the client loads, rather than a guess.
  const currency =
    clientId === null
      ? workspaceCurrency
      : client.data && (client.data.currency ?? workspaceCurrency);

  // The number the next issued invoice takes, in the workspace's own numbering (a draft
  // is numbered when it is issued, so this is what it will read unless one is typed).
  const nextNumber = trpc.business.get.useQuery(undefined, {
    select: (profile) => profile.nextInvoiceNumberPreview,
  }).data;

  const { setValue } = form;
  const setAmount = useCallback(
    (amount: string) => setValue('amount', amount, { shouldValidate: true }),
    [setValue],
  );

  const submit = form.handleSubmit(async (values) => {
    const invoice = await mutations.create({
      clientId: values.clientId,
      projectId: values.projectId,
      invoiceNumber: values.invoiceNumber,
      amount: values.amount,
      status: 'draft',
      dueDate: values.dueDate,
      ...(values.timeEntryIds.length > 0
        ? { timeEntryIds: values.timeEntryIds, timeGrouping: values.timeGrouping }
        : {}),
    });
    if (invoice) onDone();
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Fieldset variant="unstyled" disabled={isSubmitting}>
        <Stack gap="md">
          <PickerField
            control={form.control}
            name="clientId"
            picker={ClientPicker}
            required
            disabled={isSubmitting}
            onPicked={() => {
              // Another client: its projects (and their time) are other ones.
              setValue('projectId', null);
              setValue('timeEntryIds', []);
            }}
          />
          <Controller
            control={form.control}
            name="projectId"
            render={({ field }) =>
              clientId === null ? (
                <Select label="Project" placeholder="Choose a client first" data={[]} disabled />
              ) : (
                // SPEC §5: the project choices are the chosen client's projects.
                <ProjectPicker
                  key={clientId}
                  label="Project"
                  placeholder="Optional"
                  clientId={clientId}
                  value={field.value}
                  onChange={(value) => {
                    field.onChange(value);
                    setValue('timeEntryIds', []);
                  }}
                  clearable
                  nothingFoundMessage="This client has no projects"
                />
              )
            }
          />
          {projectId !== null && (
            <UnbilledTimePicker
              filter={{ projectId }}
              currency={currency}
              value={timeEntryIds}
              onChange={(ids) => setValue('timeEntryIds', ids)}
              onTotal={setAmount}
              disabled={isSubmitting}
            />
          )}
          {billingTime && (
            <Controller
              control={form.control}
              name="timeGrouping"
              render={({ field }) => (
                <Select
                  label="Time on the invoice"
                  allowDeselect={false}
                  data={[
                    { value: 'entry', label: 'One line per time entry' },
                    { value: 'project', label: 'One line for the project' },
                  ]}
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? 'entry')}
                />
              )}
            />
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <TextInput
              label="Invoice Number"
              placeholder={
                nextNumber ? `Automatic (${nextNumber} when issued)` : 'Automatic when issued'
              }
              autoComplete="off"
              error={errors.invoiceNumber?.message}
              {...form.register('invoiceNumber')}
            />
            <Controller
              control={form.control}
              name="amount"
              render={({ field, fieldState }) => (
                <NumberInput
                  label="Amount"
                  description={billingTime ? 'The cost of the ticked time' : undefined}
                  prefix={currency ? currencySymbol(currency) : undefined}
                  min={0}
                  decimalScale={currency ? minorDigits(currency) : 2}
                  fixedDecimalScale={billingTime}
                  thousandSeparator=","
                  readOnly={billingTime}
                  variant={billingTime ? 'filled' : 'default'}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
            <DateField control={form.control} name="dueDate" label="Due Date" />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onDone} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Create Invoice
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}

/** The Create Invoice dialog (SPEC §2 Invoices); a fresh form each time it opens. */
export function InvoiceCreateDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <FormDialog opened={opened} onClose={onClose} title="Create Invoice" size="lg">
      <InvoiceCreateForm onDone={onClose} />
    </FormDialog>
  );
}
