import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Divider,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { formatInvoiceNumber, type BusinessProfile } from '../../../shared/business.schema.ts';
import { currencyOptions } from '../../../shared/currencies.ts';
import { BUSINESS_MANAGERS, type WorkspaceRole } from '../../../shared/roles.ts';
import { TIMEZONES } from '../../../shared/account.schema.ts';
import { withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import { useCurrentWorkspace } from '../auth/session.ts';
import {
  BusinessFormSchema,
  INVOICE_TERM_OPTIONS,
  type BusinessFormInput,
  type BusinessFormOutput,
} from './business-form.schema.ts';

function toForm(profile: BusinessProfile): BusinessFormInput {
  return {
    legalName: profile.legalName ?? '',
    address: profile.address ?? '',
    taxId: profile.taxId ?? '',
    currency: profile.currency,
    defaultHourlyRate: Number(profile.defaultHourlyRate),
    paymentTermsDays: String(profile.paymentTermsDays),
    paymentInstructions: profile.paymentInstructions ?? '',
    invoicePrefix: profile.invoicePrefix,
    estimatePrefix: profile.estimatePrefix,
    nextInvoiceNumber: profile.nextInvoiceNumber,
    invoiceFooter: profile.invoiceFooter ?? '',
    timezone: profile.timezone,
    invoiceApprovedTimeOnly: profile.invoiceApprovedTimeOnly,
  };
}

/** Terms offered: the usual ones, and the saved one when it is another number of days. */
function termOptions(current: string | undefined) {
  if (!current || INVOICE_TERM_OPTIONS.some((o) => o.value === current))
    return INVOICE_TERM_OPTIONS;
  return [...INVOICE_TERM_OPTIONS, { value: current, label: `Net ${current}` }];
}

/**
 * The workspace's business profile (issue 18): who the seller is on every invoice, the
 * currency and rate new work starts with, the payment terms and instructions, and how
 * invoices are numbered. Saved on the server; read-only for roles that may not change it.
 */
export function BusinessProfileForm() {
  const role = useCurrentWorkspace().data?.role;
  const canEdit =
    role !== undefined && (BUSINESS_MANAGERS as readonly WorkspaceRole[]).includes(role);
  const profile = trpc.business.get.useQuery();
  const utils = trpc.useUtils();
  const save = trpc.business.update.useMutation({
    meta: {
      success: ['Business settings updated', 'Your business defaults have been saved.'],
      error: withServerMessage('Failed to save business settings.'),
      invalidates: [trpc.business, trpc.dashboard, trpc.invoices],
    },
  });
  const form = useForm<BusinessFormInput, unknown, BusinessFormOutput>({
    resolver: zodResolver(BusinessFormSchema),
    defaultValues: profile.data ? toForm(profile.data) : undefined,
  });
  const { errors, isSubmitting } = form.formState;
  const { reset } = form;
  useEffect(() => {
    if (profile.data) reset(toForm(profile.data));
  }, [profile.data, reset]);
  const [prefix, next, terms] = useWatch({
    control: form.control,
    name: ['invoicePrefix', 'nextInvoiceNumber', 'paymentTermsDays'],
  });
  const currencies = useMemo(() => currencyOptions(), []);

  if (profile.isPending) return <Text c="dimmed">Loading business settings…</Text>;
  if (profile.isError)
    return (
      <Alert color="red" title="Business settings could not be loaded">
        {profile.error.message}
      </Alert>
    );

  const submit = form.handleSubmit(async (values) => {
    const saved = await save.mutateAsync(values).catch(() => undefined);
    if (saved) {
      utils.business.get.setData(undefined, saved);
      reset(toForm(saved));
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Fieldset variant="unstyled" disabled={!canEdit || isSubmitting}>
        <Stack gap="md">
          {!canEdit && (
            <Alert color="gray">
              Owners, partners and administrators change the business settings.
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Legal name"
              description="The seller on your invoices"
              error={errors.legalName?.message}
              {...form.register('legalName')}
            />
            <TextInput
              label="Tax ID"
              description="VAT or other tax number"
              error={errors.taxId?.message}
              {...form.register('taxId')}
            />
          </SimpleGrid>
          <Textarea
            label="Address"
            autosize
            minRows={2}
            error={errors.address?.message}
            {...form.register('address')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Controller
              control={form.control}
              name="currency"
              render={({ field }) => (
                <Select
                  label="Currency"
                  withAsterisk
                  searchable
                  data={currencies}
                  allowDeselect={false}
                  value={field.value ?? null}
                  onChange={(value) => field.onChange(value ?? undefined)}
                  onBlur={field.onBlur}
                  error={errors.currency?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="defaultHourlyRate"
              render={({ field }) => (
                <NumberInput
                  label="Default hourly rate"
                  withAsterisk
                  min={0}
                  decimalScale={2}
                  thousandSeparator=","
                  value={field.value ?? ''}
                  onChange={(value) => field.onChange(value === '' ? '' : Number(value))}
                  onBlur={field.onBlur}
                  name={field.name}
                  ref={field.ref}
                  error={errors.defaultHourlyRate?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="paymentTermsDays"
              render={({ field }) => (
                <Select
                  label="Default invoice terms"
                  withAsterisk
                  data={termOptions(terms as string | undefined)}
                  allowDeselect={false}
                  value={(field.value as string | undefined) ?? null}
                  onChange={(value) => field.onChange(value ?? undefined)}
                  onBlur={field.onBlur}
                  error={errors.paymentTermsDays?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="timezone"
              render={({ field }) => (
                <Select
                  label="Timezone"
                  description="The workspace's: this week, this month and invoice dates follow it"
                  withAsterisk
                  searchable
                  data={[...new Set([...TIMEZONES, field.value ?? 'UTC'])]}
                  allowDeselect={false}
                  value={field.value ?? null}
                  onChange={(value) => field.onChange(value ?? undefined)}
                  onBlur={field.onBlur}
                  error={errors.timezone?.message}
                />
              )}
            />
          </SimpleGrid>
          <Textarea
            label="Payment instructions"
            description="Bank details and how to pay, printed on every invoice"
            autosize
            minRows={2}
            error={errors.paymentInstructions?.message}
            {...form.register('paymentInstructions')}
          />
          <Divider label="Invoice numbers" labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Invoice number prefix"
              error={errors.invoicePrefix?.message}
              {...form.register('invoicePrefix')}
            />
            <Controller
              control={form.control}
              name="nextInvoiceNumber"
              render={({ field }) => (
                <NumberInput
                  label="Next invoice number"
                  min={1}
                  allowDecimal={false}
                  allowNegative={false}
                  value={(field.value as number | undefined) ?? ''}
                  onChange={(value) => field.onChange(value === '' ? undefined : Number(value))}
                  onBlur={field.onBlur}
                  name={field.name}
                  ref={field.ref}
                  error={errors.nextInvoiceNumber?.message}
                />
              )}
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            The next invoice you issue will be{' '}
            <Text span ff="monospace" fw={600} c="var(--mantine-color-text)">
              {formatInvoiceNumber(prefix ?? '', Number(next) || 1)}
            </Text>
            . Drafts get their number when they are issued, so numbers have no gaps.
          </Text>
          <TextInput
            label="Estimate number prefix"
            description="Estimates are numbered on their own, from 1, when they are sent"
            error={errors.estimatePrefix?.message}
            {...form.register('estimatePrefix')}
          />
          <Textarea
            label="Invoice footer"
            autosize
            minRows={1}
            error={errors.invoiceFooter?.message}
            {...form.register('invoiceFooter')}
          />
          <Controller
            control={form.control}
            name="invoiceApprovedTimeOnly"
            render={({ field }) => (
              <Switch
                label="Invoice only approved time"
                description="Invoices bill time only from weeks whose timesheet a manager has approved"
                checked={field.value ?? false}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                onBlur={field.onBlur}
                name={field.name}
                ref={field.ref}
              />
            )}
          />
          {canEdit && (
            <Group justify="flex-end">
              <Button type="submit" loading={isSubmitting}>
                Save Changes
              </Button>
            </Group>
          )}
        </Stack>
      </Fieldset>
    </form>
  );
}
