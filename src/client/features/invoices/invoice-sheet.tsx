import { Box, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { compareAmounts, discountLabel } from '../../../shared/invoice-math.ts';
import type { InvoiceDetail, InvoiceLine, Party } from '../../../shared/invoices.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import { partyAddress } from '../../../shared/party-address.ts';
import type { PaymentQrView } from '../../../shared/portal.schema.ts';
import { PaymentQrCode } from '../einvoices/payment-qr-code.tsx';
import { formatDay } from '../time/time-display.ts';
import { DocumentLines } from './document-lines.tsx';
import classes from './invoice-print.module.css';
import { INVOICE_STATUS_COLORS, invoiceStatusLabel } from './invoice-status.ts';

/** Ink on paper, whatever the app's theme: the sheet is white in dark mode too. */
const MUTED = 'gray.7';
const RULE = 'var(--mantine-color-gray-3)';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c={MUTED} tt="uppercase" fw={600} lts={0.5}>
        {label}
      </Text>
      <Box fz="sm">{children}</Box>
    </Stack>
  );
}

function PartyBlock({ label, party }: { label: string; party: Party }) {
  // As the PDF prints it: the typed address, else the structured (EN 16931) parts.
  const address = partyAddress(party);
  return (
    <Field label={label}>
      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {party.name}
      </Text>
      {party.contactName && <Text size="sm">{party.contactName}</Text>}
      {address && (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {address}
        </Text>
      )}
      {party.taxId && <Text size="sm">Tax ID: {party.taxId}</Text>}
      {party.email && (
        <Text size="sm" c={MUTED}>
          {party.email}
        </Text>
      )}
    </Field>
  );
}

function TotalRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xl" wrap="nowrap">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400} c={strong ? undefined : MUTED}>
        {label}
      </Text>
      <Text
        size={strong ? 'md' : 'sm'}
        fw={strong ? 700 : 500}
        style={{ whiteSpace: 'nowrap' }}
        data-amount
      >
        {value}
      </Text>
    </Group>
  );
}

/** What the sheet prints of its document: an invoice, or an estimate given as one. */
export type SheetDocument = Pick<
  InvoiceDetail,
  | 'balance'
  | 'buyer'
  | 'currency'
  | 'discount'
  | 'discountTotal'
  | 'dueDate'
  | 'footer'
  | 'invoiceNumber'
  | 'issueDate'
  | 'notes'
  | 'paidDate'
  | 'paidTotal'
  | 'paymentInstructions'
  | 'seller'
  | 'status'
  | 'subtotal'
  | 'taxes'
  | 'total'
  | 'voidReason'
> &
  // The app's invoice has it (an issued invoice not emailed reads "Issued"); the portal's not.
  Partial<Pick<InvoiceDetail, 'emailedAt' | 'creditedAmount'>> & {
    lines: Omit<InvoiceLine, 'timeEntryCount'>[];
  };

/** An estimate's sheet says so: its title, status, validity, and no balance due. */
export interface SheetLabels {
  title: string;
  status: string;
  /** The status text's colour with its shade (e.g. teal.9), readable on the white sheet. */
  statusColor: string;
  dueLabel: string;
  showBalance: boolean;
}

/**
 * The invoice as its PDF shows it (GET /api/invoices/{id}/pdf renders the same content on
 * the server): seller and buyer, number and dates, lines, discount, tax per rate, totals,
 * payments and balance, payment instructions and footer.
 */
export function InvoiceSheet({
  invoice,
  labels,
  paymentQr,
}: {
  invoice: SheetDocument;
  labels?: SheetLabels;
  /** The balance as a payment QR code, where the server draws one (as on the PDF). */
  paymentQr?: PaymentQrView | null;
}) {
  const money = (amount: string) => formatMoney(amount, invoice.currency);
  return (
    <Box className={classes.sheet} p={{ base: 'sm', sm: 40 }} bdrs="md" bd={`1px solid ${RULE}`}>
      <Stack gap="xl">
        <Group justify="space-between" align="flex-start" gap="lg">
          <PartyBlock label="From" party={invoice.seller} />
          <Stack gap={4} align="flex-end" ml="auto">
            <Title order={2} fz={28} lts={2} c="dark.9">
              {labels ? labels.title.toUpperCase() : 'INVOICE'}
            </Title>
            <Text ff="monospace" fw={600}>
              {invoice.invoiceNumber ?? 'DRAFT'}
            </Text>
            <Text
              size="xs"
              fw={700}
              tt="uppercase"
              lts={1}
              c={labels?.statusColor ?? `${INVOICE_STATUS_COLORS[invoice.status]}.8`}
            >
              {labels?.status ?? invoiceStatusLabel(invoice)}
            </Text>
          </Stack>
        </Group>

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
          <PartyBlock label="Bill to" party={invoice.buyer} />
          <SimpleGrid cols={2} spacing="md">
            <Field label="Issued">
              {invoice.issueDate ? formatDay(invoice.issueDate) : 'When sent'}
            </Field>
            <Field label={labels?.dueLabel ?? 'Due'}>
              {invoice.dueDate ? formatDay(invoice.dueDate) : labels ? 'When sent' : 'On receipt'}
            </Field>
            {invoice.paidDate && <Field label="Paid">{formatDay(invoice.paidDate)}</Field>}
            <Field label="Currency">{invoice.currency}</Field>
          </SimpleGrid>
        </SimpleGrid>

        <DocumentLines
          lines={invoice.lines}
          currency={invoice.currency}
          muted={MUTED}
          borderColor={RULE}
        />

        <Stack gap={6} ml="auto" miw={{ base: '100%', xs: 300 }}>
          <TotalRow label="Subtotal" value={money(invoice.subtotal)} />
          {compareAmounts(invoice.discountTotal, '0') > 0 && (
            <TotalRow
              label={discountLabel(invoice.discount)}
              value={`−${money(invoice.discountTotal)}`}
            />
          )}
          {invoice.taxes.map((tax) => (
            <TotalRow
              key={tax.rate}
              label={`Tax ${tax.rate} % on ${money(tax.base)}`}
              value={money(tax.amount)}
            />
          ))}
          <Divider color={RULE} />
          <TotalRow label="Total" value={money(invoice.total)} strong />
          {compareAmounts(invoice.paidTotal, '0') > 0 && (
            <TotalRow label="Paid" value={`−${money(invoice.paidTotal)}`} />
          )}
          {compareAmounts(invoice.creditedAmount ?? '0', '0') > 0 && (
            <TotalRow label="Credited" value={`−${money(invoice.creditedAmount!)}`} />
          )}
          {(labels?.showBalance ?? (invoice.status !== 'draft' && invoice.status !== 'void')) && (
            <TotalRow label="Balance due" value={money(invoice.balance)} strong />
          )}
        </Stack>

        {invoice.status === 'void' && (
          <Text size="sm" c="red.8" fw={600}>
            Void{invoice.voidReason ? `: ${invoice.voidReason}` : ''}
          </Text>
        )}
        {invoice.notes && (
          <Field label="Notes">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {invoice.notes}
            </Text>
          </Field>
        )}
        {(invoice.paymentInstructions || paymentQr) && (
          <Group align="flex-start" gap="lg" wrap="wrap">
            {paymentQr && <PaymentQrCode qr={paymentQr} captionColor={MUTED} />}
            {invoice.paymentInstructions && (
              <Box style={{ flex: '1 1 12rem' }}>
                <Field label="Payment instructions">
                  <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                    {invoice.paymentInstructions}
                  </Text>
                </Field>
              </Box>
            )}
          </Group>
        )}
        {invoice.footer && (
          <>
            <Divider color={RULE} />
            <Text size="sm" c={MUTED} ta="center" style={{ whiteSpace: 'pre-line' }}>
              {invoice.footer}
            </Text>
          </>
        )}
      </Stack>
    </Box>
  );
}
