import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Divider,
  Fieldset,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { formatInvoiceNumber, type BusinessProfile } from '../../../shared/business.schema.ts';
import { countryOptions } from '../../../shared/countries.ts';
import { currencyOptions } from '../../../shared/currencies.ts';
import { EAS_SCHEMES } from '../../../shared/einvoice-fields.ts';
import { TIMEZONES } from '../../../shared/account.schema.ts';
import {
  DATE_FORMAT_OPTIONS,
  TIME_FORMAT_OPTIONS,
  dateExample,
  timeExample,
} from '../account/account-options.ts';
import { NumberField, SelectField, SwitchField } from '../../components/form/controlled-fields.tsx';
import { useCanManageBusiness } from '../../components/use-can-bill.ts';
import { withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import {
  BusinessFormSchema,
  INVOICE_TERM_OPTIONS,
  TIME_ROUNDING_MODE_OPTIONS,
  TIME_ROUNDING_OPTIONS,
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
    dateFormat: profile.dateFormat,
    timeFormat: profile.timeFormat,
    invoiceApprovedTimeOnly: profile.invoiceApprovedTimeOnly,
    timeRoundingMinutes: String(profile.timeRoundingMinutes),
    timeRoundingMode: profile.timeRoundingMode,
    countryCode: profile.countryCode,
    street: profile.street ?? '',
    city: profile.city ?? '',
    postalCode: profile.postalCode ?? '',
    registrationId: profile.registrationId ?? '',
    iban: profile.iban ?? '',
    bic: profile.bic ?? '',
    electronicAddress: profile.electronicAddress ?? '',
    electronicAddressScheme: profile.electronicAddressScheme,
    einvoicing: profile.einvoicing,
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
  const canEdit = useCanManageBusiness();
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
  // A text field's binding and its error, spread into its input.
  const registered = (name: keyof BusinessFormInput) => ({
    ...form.register(name),
    error: errors[name]?.message,
  });
  const { reset } = form;
  // The profile also changes under the form (the logo card saves on its own): fields being
  // edited keep what was typed.
  useEffect(() => {
    if (profile.data) reset(toForm(profile.data), { keepDirtyValues: true });
  }, [profile.data, reset]);
  const [prefix, next, terms, timezone, dateFormat, timeFormat, rounding] = useWatch({
    control: form.control,
    name: [
      'invoicePrefix',
      'nextInvoiceNumber',
      'paymentTermsDays',
      'timezone',
      'dateFormat',
      'timeFormat',
      'timeRoundingMinutes',
    ],
  });
  const currencies = useMemo(() => currencyOptions(), []);
  const countries = useMemo(() => countryOptions(), []);
  const einvoicing = useWatch({ control: form.control, name: 'einvoicing' });

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
              {...registered('legalName')}
            />
            <TextInput
              label="VAT ID"
              description="Your VAT identifier (or other tax number), e.g. DE123456789"
              {...registered('taxId')}
            />
          </SimpleGrid>
          <Textarea label="Address" autosize minRows={2} {...registered('address')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <SelectField
              control={form.control}
              name="currency"
              label="Currency"
              withAsterisk
              searchable
              data={currencies}
            />
            <NumberField
              control={form.control}
              name="defaultHourlyRate"
              label="Default hourly rate"
              withAsterisk
              min={0}
              decimalScale={2}
              thousandSeparator=","
            />
            <SelectField
              control={form.control}
              name="paymentTermsDays"
              label="Default invoice terms"
              withAsterisk
              data={termOptions(terms as string | undefined)}
            />
            <SelectField
              control={form.control}
              name="timezone"
              label="Timezone"
              description="The workspace's: this week, this month and invoice dates follow it"
              withAsterisk
              searchable
              data={[...new Set([...TIMEZONES, timezone ?? 'UTC'])]}
            />
            <SelectField
              control={form.control}
              name="dateFormat"
              label="Date format"
              description={`Invoices, emails, the client portal and new members: ${dateExample(dateFormat ?? 'MM/DD/YYYY', timezone ?? 'UTC')}`}
              withAsterisk
              data={DATE_FORMAT_OPTIONS}
            />
            <SelectField
              control={form.control}
              name="timeFormat"
              label="Time format"
              description={`The client portal and new members: ${timeExample(timeFormat ?? '12h', timezone ?? 'UTC')}`}
              withAsterisk
              data={TIME_FORMAT_OPTIONS}
            />
          </SimpleGrid>
          <Textarea
            label="Payment instructions"
            description="Bank details and how to pay, printed on every invoice"
            autosize
            minRows={2}
            {...registered('paymentInstructions')}
          />
          <Divider label="Invoice numbers" labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Invoice number prefix" {...registered('invoicePrefix')} />
            <NumberField
              control={form.control}
              name="nextInvoiceNumber"
              label="Next invoice number"
              min={1}
              allowDecimal={false}
              allowNegative={false}
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
            {...registered('estimatePrefix')}
          />
          <Textarea label="Invoice footer" autosize minRows={1} {...registered('invoiceFooter')} />
          <SwitchField
            control={form.control}
            name="invoiceApprovedTimeOnly"
            label="Invoice only approved time"
            description="Invoices bill time only from weeks whose timesheet a manager has approved"
          />
          <Divider label="E-invoicing" labelPosition="left" />
          <SwitchField
            control={form.control}
            name="einvoicing"
            label="Issue e-invoices"
            description="Structured invoices (EN 16931: Peppol, XRechnung, Factur-X) for business clients in the EU. Needs your country, street address and a VAT ID or registration ID."
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <SelectField
              control={form.control}
              name="countryCode"
              label="Country"
              withAsterisk={einvoicing}
              searchable
              clearable
              data={countries}
              nothingFoundMessage="No country matches"
            />
            <TextInput
              label="Street"
              withAsterisk={einvoicing}
              autoComplete="street-address"
              {...registered('street')}
            />
            <TextInput
              label="City"
              withAsterisk={einvoicing}
              autoComplete="address-level2"
              {...registered('city')}
            />
            <TextInput
              label="Postcode"
              withAsterisk={einvoicing}
              autoComplete="postal-code"
              {...registered('postalCode')}
            />
            <TextInput
              label="Registration ID"
              description="Company registration number (trade register, SIREN, KvK…); needed when you have no VAT ID"
              {...registered('registrationId')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="IBAN"
              description="The account clients pay to; checked with its check digits"
              autoComplete="off"
              {...registered('iban')}
            />
            <TextInput
              label="BIC"
              description="Your bank's BIC (SWIFT code), 8 or 11 characters"
              autoComplete="off"
              {...registered('bic')}
            />
            <SelectField
              control={form.control}
              name="electronicAddressScheme"
              label="Electronic address scheme"
              description="The register of your e-invoicing address"
              searchable
              clearable
              data={[...EAS_SCHEMES]}
            />
            <TextInput
              label="Electronic address"
              description="Where e-invoices reach you, e.g. your Peppol ID without the scheme"
              {...registered('electronicAddress')}
            />
          </SimpleGrid>
          <Divider label="Timers" labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <SelectField
              control={form.control}
              name="timeRoundingMinutes"
              label="Time rounding"
              description="A stopped timer logs its time rounded to this step; typed time is kept as typed"
              data={TIME_ROUNDING_OPTIONS}
            />
            <SelectField
              control={form.control}
              name="timeRoundingMode"
              label="Rounding direction"
              description="Nearest rounds halves up: 7:30 to 15 minutes logs 15, 7:29 logs 0"
              data={TIME_ROUNDING_MODE_OPTIONS}
              disabled={rounding === '0'}
            />
          </SimpleGrid>
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
