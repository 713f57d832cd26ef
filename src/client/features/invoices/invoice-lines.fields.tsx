import {
  ActionIcon,
  Button,
  Card,
  Divider,
  Grid,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTools, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { minorDigits } from '../../../shared/currencies.ts';
import {
  compareAmounts,
  computeTotals,
  PERCENT_DIGITS,
  type InvoiceTotals,
} from '../../../shared/invoice-math.ts';
import {
  LINE_NUMBER_FIELDS,
  LINE_NUMBER_NAMES,
  LINE_UNIT_FIELD,
  newFormLine,
  type DocumentFormInput,
  type DocumentLineFormInput,
} from '../../../shared/document-fields.ts';
import {
  EXEMPT_CATEGORIES,
  TAX_CATEGORIES,
  TAX_CATEGORY_LABELS,
  TAX_EXEMPTION_REASON_MAX,
  taxCategoryOf,
  type TaxCategory,
} from '../../../shared/einvoice-fields.ts';
import { formatMoney } from '../../../shared/money.ts';
import { serviceLineDescription } from '../../../shared/services.schema.ts';
import { trpc } from '../../trpc.ts';

/**
 * The fields of a form that bills lines (a draft invoice or estimate, a recurring invoice's
 * template), described in document-fields.ts. The cards below read them from the enclosing
 * `FormProvider`, so every such form edits lines, discounts and totals the same way.
 */
type LinesFormFields = DocumentFormInput;

/** "12.5" with at most `decimals` decimals, or null when the input is not such a number. */
function exact(value: unknown, decimals: number): string | null {
  const text = String(value ?? '').trim();
  return new RegExp(`^\\d+(\\.\\d{0,${decimals}})?$`).test(text) ? text.replace(/\.$/, '') : null;
}

/**
 * The totals as the server will compute them, from the same exact arithmetic (integer
 * minor units), while the user types; null while some input is not a valid amount.
 */
export function useLiveTotals(): { totals: InvoiceTotals | null; currency: string } {
  const { control } = useFormContext<LinesFormFields>();
  const [lines, currency, discountType, discountValue] = useWatch({
    control,
    name: ['lines', 'currency', 'discountType', 'discountValue'],
  });
  return useMemo(() => {
    const digits = minorDigits(currency) as 0 | 2 | 3;
    const inputs = lines.map((line) => ({
      quantity: exact(line.quantity, 2),
      unitPrice: exact(line.unitPrice, digits),
      taxRate: exact(line.taxRate, PERCENT_DIGITS),
    }));
    const discount =
      discountType === 'none' || discountValue === ''
        ? null
        : exact(discountValue, discountType === 'percent' ? PERCENT_DIGITS : digits);
    if (inputs.some((i) => !i.quantity || !i.unitPrice || !i.taxRate)) {
      return { totals: null, currency };
    }
    if (discountType !== 'none' && discountValue !== '' && discount === null) {
      return { totals: null, currency };
    }
    try {
      const totals = computeTotals(
        inputs as { quantity: string; unitPrice: string; taxRate: string }[],
        discount === null || discountType === 'none'
          ? null
          : { type: discountType, value: discount },
        digits,
      );
      return { totals, currency };
    } catch {
      return { totals: null, currency };
    }
  }, [lines, currency, discountType, discountValue]);
}

function TotalLine({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xl">
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 500} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/** The lines, each with its amount, and "Add line". */
export function InvoiceLinesCard({ totals }: { totals: InvoiceTotals | null }) {
  const form = useFormContext<LinesFormFields>();
  const lines = useFieldArray({ control: form.control, name: 'lines', keyName: 'key' });
  const [currency, watched] = useWatch({ control: form.control, name: ['currency', 'lines'] });
  const { errors } = form.formState;
  const money = (amount: string) => formatMoney(amount, currency);
  return (
    <Card withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="md" mb="md">
        Lines
      </Title>
      <Stack gap="md">
        {lines.fields.length === 0 && (
          <Text size="sm" c="dimmed">
            No lines yet. Add what you are billing for.
          </Text>
        )}
        {lines.fields.map((field, index) => {
          const amount = totals?.lines[index]?.amount;
          const lineErrors = errors.lines?.[index];
          // The category shown: the one chosen, else the one the rate implies.
          const category = taxCategoryOf(
            watched[index]?.taxCategory,
            String(watched[index]?.taxRate ?? ''),
          );
          return (
            <Stack key={field.key} gap="xs">
              {index > 0 && <Divider />}
              <Grid gap="sm" align="flex-end">
                <Grid.Col span={{ base: 12, md: 3.5 }}>
                  <Textarea
                    label={`Line ${index + 1} description`}
                    autosize
                    minRows={1}
                    error={lineErrors?.description?.message}
                    {...form.register(`lines.${index}.description`)}
                  />
                </Grid.Col>
                {LINE_NUMBER_NAMES.map((name) => [
                  <Grid.Col key={name} span={{ base: 4, md: name === 'unitPrice' ? 1.5 : 1 }}>
                    <Controller
                      control={form.control}
                      name={`lines.${index}.${name}`}
                      render={({ field: input }) => (
                        <NumberInput
                          label={LINE_NUMBER_FIELDS[name].title}
                          aria-label={`Line ${index + 1} ${LINE_NUMBER_FIELDS[name].name}`}
                          hideControls
                          min={0}
                          max={name === 'taxRate' ? LINE_NUMBER_FIELDS.taxRate.max : undefined}
                          // A unit price has as many decimals as the currency.
                          decimalScale={
                            name === 'unitPrice'
                              ? minorDigits(currency)
                              : LINE_NUMBER_FIELDS[name].decimals
                          }
                          thousandSeparator={name === 'unitPrice' ? ',' : undefined}
                          value={input.value}
                          onChange={input.onChange}
                          onBlur={input.onBlur}
                          error={lineErrors?.[name]?.message}
                        />
                      )}
                    />
                  </Grid.Col>,
                  // What the quantity counts, right after it ("2 day").
                  name === 'quantity' && (
                    <Grid.Col key="unit" span={{ base: 4, md: 1 }}>
                      <TextInput
                        label={LINE_UNIT_FIELD.label}
                        aria-label={`Line ${index + 1} ${LINE_UNIT_FIELD.name}`}
                        placeholder={LINE_UNIT_FIELD.placeholder}
                        maxLength={LINE_UNIT_FIELD.max}
                        error={lineErrors?.unit?.message}
                        {...form.register(`lines.${index}.unit`)}
                      />
                    </Grid.Col>
                  ),
                  // The tax category (EN 16931), right after the rate it goes with.
                  name === 'taxRate' && (
                    <Grid.Col key="taxCategory" span={{ base: 8, md: 2 }}>
                      <Select
                        label="Tax category"
                        aria-label={`Line ${index + 1} tax category`}
                        allowDeselect={false}
                        comboboxProps={{ withinPortal: true, width: 240 }}
                        data={TAX_CATEGORIES.map((c) => ({
                          value: c,
                          label: TAX_CATEGORY_LABELS[c],
                        }))}
                        value={category}
                        onChange={(value) => {
                          const chosen = (value ?? '') as TaxCategory | '';
                          // Chosen as the rate implies it, it stays implied (follows the rate).
                          const implied = taxCategoryOf(
                            null,
                            String(form.getValues(`lines.${index}.taxRate`) ?? ''),
                          );
                          form.setValue(
                            `lines.${index}.taxCategory`,
                            chosen === implied ? '' : chosen,
                            { shouldDirty: true },
                          );
                          // Every category but standard charges no tax.
                          if (chosen && chosen !== 'S')
                            form.setValue(`lines.${index}.taxRate`, '0', { shouldDirty: true });
                        }}
                        error={lineErrors?.taxCategory?.message}
                      />
                    </Grid.Col>
                  ),
                ])}
                <Grid.Col span={{ base: 9, md: 1.5 }}>
                  <Text size="xs" c="dimmed">
                    Amount
                  </Text>
                  <Text fw={600} py={6} style={{ whiteSpace: 'nowrap' }}>
                    {amount !== undefined ? money(amount) : '—'}
                  </Text>
                </Grid.Col>
                <Grid.Col span={{ base: 3, md: 0.5 }}>
                  <Group justify="flex-end">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={`Remove line ${index + 1}`}
                      onClick={() => lines.remove(index)}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Group>
                </Grid.Col>
                {EXEMPT_CATEGORIES.includes(category) && (
                  <Grid.Col span={12}>
                    <TextInput
                      label="Exemption reason"
                      aria-label={`Line ${index + 1} exemption reason`}
                      description="Why no tax is charged, as the invoice states it"
                      placeholder={
                        category === 'AE'
                          ? 'e.g. Reverse charge: Art. 196 VAT Directive'
                          : 'e.g. Exempt under Art. 132 VAT Directive'
                      }
                      maxLength={TAX_EXEMPTION_REASON_MAX}
                      error={lineErrors?.taxExemptionReason?.message}
                      {...form.register(`lines.${index}.taxExemptionReason`)}
                    />
                  </Grid.Col>
                )}
              </Grid>
            </Stack>
          );
        })}
        <Group align="flex-end">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => lines.append(newFormLine())}
          >
            Add line
          </Button>
          <ServicePicker currency={currency} onPick={(line) => lines.append(line)} />
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * "Add from services": a searchable choice of the catalogue's active services in the
 * document's currency; the one chosen becomes a new line with its name and description,
 * unit, unit price and tax rate (each still editable), sent with its `serviceId`.
 */
function ServicePicker({
  currency,
  onPick,
}: {
  currency: string;
  onPick: (line: DocumentLineFormInput) => void;
}) {
  // Chosen, the select starts again empty (a new one): it adds lines, it holds no value.
  const [round, setRound] = useState(0);
  const services = trpc.services.list.useQuery({ currency, limit: 200 });
  const items = services.data?.items ?? [];
  return (
    <Select
      aria-label="Add from services"
      placeholder="Add from services"
      leftSection={<IconTools size={16} />}
      searchable
      w={260}
      key={round}
      value={null}
      nothingFoundMessage={
        services.isPending ? 'Loading services…' : `No active services in ${currency}`
      }
      data={items.map((service) => ({
        value: String(service.id),
        label: `${service.name} · ${formatMoney(service.unitPrice, service.currency)} / ${service.unit}`,
      }))}
      onChange={(value) => {
        const service = items.find((s) => String(s.id) === value);
        if (!service) return;
        onPick({
          serviceId: service.id,
          description: serviceLineDescription(service),
          quantity: LINE_NUMBER_FIELDS.quantity.initial,
          unit: service.unit,
          unitPrice: service.unitPrice,
          taxRate: service.taxRate,
        });
        setRound((n) => n + 1);
      }}
    />
  );
}

/** The discount (none, a percent or an amount) and the notes shown on the invoice (or estimate). */
export function DiscountAndNotesCard({ documentName = 'invoice' }: { documentName?: string }) {
  const form = useFormContext<LinesFormFields>();
  const [discountType, currency] = useWatch({
    control: form.control,
    name: ['discountType', 'currency'],
  });
  return (
    <Card withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group grow align="flex-start">
          <Controller
            control={form.control}
            name="discountType"
            render={({ field }) => (
              <Select
                label="Discount"
                allowDeselect={false}
                data={[
                  { value: 'none', label: 'No discount' },
                  { value: 'percent', label: 'Percent' },
                  { value: 'amount', label: `Amount (${currency})` },
                ]}
                value={field.value}
                onChange={(value) => field.onChange(value ?? 'none')}
              />
            )}
          />
          {discountType !== 'none' && (
            <Controller
              control={form.control}
              name="discountValue"
              render={({ field }) => (
                <NumberInput
                  label={discountType === 'percent' ? 'Discount %' : 'Discount amount'}
                  min={0}
                  max={discountType === 'percent' ? 100 : undefined}
                  decimalScale={discountType === 'percent' ? PERCENT_DIGITS : minorDigits(currency)}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
          )}
        </Group>
        <Textarea
          label="Notes"
          description={`Shown on the ${documentName}`}
          autosize
          minRows={2}
          {...form.register('notes')}
        />
      </Stack>
    </Card>
  );
}

/** Subtotal, discount, each tax rate and the total, as the server will compute them. */
export function TotalsCard({
  totals,
  currency,
}: {
  totals: InvoiceTotals | null;
  currency: string;
}) {
  const money = (amount: string) => formatMoney(amount, currency);
  return (
    <Card withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} aria-label="Totals">
      {totals ? (
        <Stack gap={6}>
          <TotalLine label="Subtotal" value={money(totals.subtotal)} />
          {compareAmounts(totals.discount, '0') > 0 && (
            <TotalLine label="Discount" value={`−${money(totals.discount)}`} />
          )}
          {totals.taxes.map((tax) => (
            <TotalLine
              key={tax.rate}
              label={`Tax ${tax.rate} % on ${money(tax.base)}`}
              value={money(tax.amount)}
            />
          ))}
          <Divider />
          <TotalLine label="Total" value={money(totals.total)} strong />
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          Totals show when every line has a quantity, a unit price and a tax rate.
        </Text>
      )}
    </Card>
  );
}

/** The lines, then the discount and notes beside the totals, as the server will compute them. */
export function LinesAndTotals({ documentName }: { documentName?: string }) {
  const { totals, currency } = useLiveTotals();
  return (
    <>
      <InvoiceLinesCard totals={totals} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <DiscountAndNotesCard documentName={documentName} />
        <TotalsCard totals={totals} currency={currency} />
      </SimpleGrid>
    </>
  );
}
