import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Card,
  Fieldset,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import {
  FREQUENCY_LABELS,
  MAX_RECURRING_COUNT,
  RECURRING_FREQUENCIES,
  type RecurringInvoiceDetail,
} from '../../../shared/recurring-invoices.schema.ts';
import { showDay } from '../../components/display-preferences.tsx';
import { PickerField, SelectField, SwitchField } from '../../components/form/controlled-fields.tsx';
import { CurrencyField } from '../../components/form/currency-field.tsx';
import { DateField } from '../../components/form/date-field.tsx';
import { WithWorkspaceCurrency } from '../../components/money.tsx';
import { trpc } from '../../trpc.ts';
import { ClientPicker } from '../clients/client-picker.tsx';
import {
  DiscountAndNotesCard,
  InvoiceLinesCard,
  TotalsCard,
  useLiveTotals,
} from '../invoices/invoice-lines.fields.tsx';
import {
  RecurringFormSchema,
  emptyRecurringForm,
  recurringFormValues,
  toRecurringInput,
  type RecurringFormInput,
  type RecurringFormOutput,
} from './recurring-form.schema.ts';
import { useRecurringMutations } from './use-recurring-mutations.ts';

/** The lines, discount, notes and totals: the invoice editor's own cards. */
function LinesAndTotals() {
  const { totals, currency } = useLiveTotals();
  return (
    <>
      <InvoiceLinesCard totals={totals} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <DiscountAndNotesCard />
        <TotalsCard totals={totals} currency={currency} />
      </SimpleGrid>
    </>
  );
}

/**
 * A recurring invoice's template: the client and currency, the schedule (frequency, start,
 * end), payment terms and automatic sending, then lines, discount and notes as on a draft
 * invoice. New (`template` undefined) or editing one; `onSaved` gets the saved template.
 */
export function RecurringInvoiceForm(props: RecurringFormProps) {
  // A new template starts in the workspace's currency: the form waits for it.
  return (
    <WithWorkspaceCurrency>
      {(workspaceCurrency) => (
        <RecurringInvoiceFields {...props} workspaceCurrency={workspaceCurrency} />
      )}
    </WithWorkspaceCurrency>
  );
}

interface RecurringFormProps {
  template?: RecurringInvoiceDetail;
  onSaved: (saved: RecurringInvoiceDetail) => void;
  onCancel: () => void;
}

function RecurringInvoiceFields({
  template,
  onSaved,
  onCancel,
  workspaceCurrency,
}: RecurringFormProps & { workspaceCurrency: string }) {
  const mutations = useRecurringMutations();
  const defaults = useMemo(
    () => (template ? recurringFormValues(template) : emptyRecurringForm(workspaceCurrency)),
    [template, workspaceCurrency],
  );
  const form = useForm<RecurringFormInput, unknown, RecurringFormOutput>({
    resolver: zodResolver(RecurringFormSchema),
    defaultValues: defaults,
  });
  const { reset, setValue } = form;
  useEffect(() => reset(defaults), [defaults, reset]);
  const { errors, isSubmitting, isDirty } = form.formState;
  const [clientId, endType, autoSend] = useWatch({
    control: form.control,
    name: ['clientId', 'endType', 'autoSend'],
  });

  // A new template takes the chosen client's currency (the server's default too).
  const client = trpc.clients.get.useQuery({ id: clientId ?? 0 }, { enabled: clientId !== null });
  const clientCurrency = client.data?.currency;
  const chosenFor = useRef<number | null>(template?.clientId ?? null);
  useEffect(() => {
    if (template || clientId === null || chosenFor.current === clientId || !client.data) return;
    chosenFor.current = clientId;
    setValue('currency', clientCurrency ?? workspaceCurrency, { shouldDirty: true });
  }, [template, clientId, client.data, clientCurrency, workspaceCurrency, setValue]);

  const fixed = template?.started ?? false;
  const submit = form.handleSubmit(async (values) => {
    const input = toRecurringInput(values);
    const saved = template
      ? await mutations.update({
          id: template.id,
          ...input,
          ...(fixed ? { startDate: undefined, frequency: undefined } : {}),
        })
      : await mutations.create(input);
    if (saved) onSaved(saved);
  });

  return (
    <FormProvider {...form}>
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label={template ? 'Edit recurring invoice' : 'New recurring invoice'}
      >
        <Fieldset variant="unstyled" disabled={isSubmitting}>
          <Stack gap="lg">
            <Card withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
              <Title order={2} fz="md" mb="md">
                Client and schedule
              </Title>
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <PickerField
                    control={form.control}
                    name="clientId"
                    picker={ClientPicker}
                    required
                    labelOf={(id) =>
                      template?.clientId === id
                        ? template.client.company
                          ? `${template.client.name} (${template.client.company})`
                          : template.client.name
                        : null
                    }
                    disabled={isSubmitting}
                  />
                  <CurrencyField control={form.control} name="currency" />
                  <SelectField
                    control={form.control}
                    name="frequency"
                    label="Frequency"
                    data={RECURRING_FREQUENCIES.map((value) => ({
                      value,
                      label: FREQUENCY_LABELS[value],
                    }))}
                    disabled={fixed}
                    description={fixed ? 'Fixed once the first invoice is made' : undefined}
                  />
                  {fixed && template ? (
                    <TextInput
                      label="Start date"
                      value={showDay(template.startDate)}
                      disabled
                      description="Fixed once the first invoice is made"
                    />
                  ) : (
                    <DateField
                      control={form.control}
                      name="startDate"
                      label="Start date"
                      description="The date of the first invoice"
                      withAsterisk
                    />
                  )}
                </SimpleGrid>
                <Stack gap={6}>
                  <Text size="sm" fw={500} id="recurring-end-label">
                    Ends
                  </Text>
                  <Controller
                    control={form.control}
                    name="endType"
                    render={({ field }) => (
                      <SegmentedControl
                        aria-labelledby="recurring-end-label"
                        value={field.value}
                        onChange={field.onChange}
                        data={[
                          { value: 'never', label: 'Never' },
                          { value: 'count', label: 'After' },
                          { value: 'date', label: 'On a date' },
                        ]}
                        style={{ alignSelf: 'flex-start' }}
                      />
                    )}
                  />
                  {endType === 'count' && (
                    <Controller
                      control={form.control}
                      name="endAfterCount"
                      render={({ field, fieldState }) => (
                        <NumberInput
                          label="Number of invoices"
                          min={1}
                          max={MAX_RECURRING_COUNT}
                          allowDecimal={false}
                          maw={220}
                          value={field.value}
                          onChange={(value) => field.onChange(value === '' ? '' : Number(value))}
                          onBlur={field.onBlur}
                          error={fieldState.error?.message}
                        />
                      )}
                    />
                  )}
                  {endType === 'date' && (
                    <div style={{ maxWidth: 220 }}>
                      <DateField
                        control={form.control}
                        name="endDate"
                        label="End date"
                        description="No invoice after it"
                        withAsterisk
                      />
                    </div>
                  )}
                </Stack>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <Controller
                    control={form.control}
                    name="paymentTermsDays"
                    render={({ field, fieldState }) => (
                      <NumberInput
                        label="Payment terms (days)"
                        description="Days from each invoice's date to its due date; empty: the client's terms"
                        min={0}
                        max={365}
                        allowDecimal={false}
                        value={field.value}
                        onChange={(value) => field.onChange(value === '' ? '' : Number(value))}
                        onBlur={field.onBlur}
                        error={fieldState.error?.message}
                      />
                    )}
                  />
                  <SwitchField
                    control={form.control}
                    name="autoSend"
                    mt={{ base: 0, sm: 'xl' }}
                    label="Send automatically"
                    description={
                      autoSend
                        ? "Each invoice is issued and emailed to the client's billing email"
                        : 'Each invoice waits as a draft for you to review and send'
                    }
                  />
                </SimpleGrid>
              </Stack>
            </Card>

            {(errors.lines?.message ?? errors.lines?.root?.message) && (
              <Text size="sm" c="var(--mantine-color-error)" role="alert">
                {errors.lines?.message ?? errors.lines?.root?.message}
              </Text>
            )}
            <LinesAndTotals />

            <Group justify="flex-end">
              <Button variant="default" onClick={onCancel}>
                Cancel
              </Button>
              <Button
                type="submit"
                loading={isSubmitting}
                disabled={template !== undefined && !isDirty}
              >
                {template ? 'Save changes' : 'Create recurring invoice'}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      </form>
    </FormProvider>
  );
}
