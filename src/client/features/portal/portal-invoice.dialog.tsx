import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useEffect } from 'react';
import { compareAmounts } from '../../../shared/invoice-math.ts';
import type { Party } from '../../../shared/invoices.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import type { PortalInvoice } from '../../../shared/portal.schema.ts';
import { partyAddress } from '../../../shared/party-address.ts';
import { trpc } from '../../trpc.ts';
import { PaymentQrCode } from '../einvoices/payment-qr-code.tsx';
import { DocumentLines } from '../invoices/document-lines.tsx';
import { InvoiceStatusBadge } from '../invoices/invoice-link.tsx';
import { usePortalDates } from './portal-clock.tsx';
import {
  awaitingWebhook,
  checkoutPolling,
  checkoutRecorded,
  type CheckoutReturn,
} from './portal-pay.schema.ts';
import { EinvoiceButtons } from './portal-document.tsx';
import { CheckoutNote, PortalPayNow } from './portal-pay.tsx';

/**
 * The invoice as its PDF shows it; opening it tells the business it was viewed. With a
 * balance and online payment on, "Pay now"; back from Stripe (`returned`), how it went.
 */
export function PortalInvoiceDialog({
  token,
  invoice,
  einvoicing = false,
  returned,
  onClose,
}: {
  token: string;
  invoice: PortalInvoice | null;
  /** The business issues e-invoices: its UBL and CII beside the PDF. */
  einvoicing?: boolean;
  returned?: CheckoutReturn | undefined;
  onClose: () => void;
}) {
  const detail = trpc.portal.invoice.useQuery(
    { token, id: invoice?.id ?? 0 },
    // Until Stripe's webhook has been recorded, asked again every few seconds.
    { enabled: invoice !== null, refetchInterval: checkoutPolling(returned) },
  );
  const utils = trpc.useUtils();
  const d = detail.data;
  const { day } = usePortalDates();
  // Serving the invoice marked it viewed: the list behind the pop-up says so at once, not
  // only once the pop-up is closed.
  const viewedId = d?.id;
  useEffect(() => {
    if (viewedId !== undefined) void utils.portal.view.invalidate();
  }, [viewedId, utils]);
  // Recorded: the portal's balance and the invoice's row say so too.
  const recorded = d ? checkoutRecorded(d) : false;
  useEffect(() => {
    if (recorded) void utils.portal.view.invalidate();
  }, [recorded, utils]);
  return (
    <Modal
      opened={invoice !== null}
      onClose={onClose}
      title={`Invoice ${invoice?.invoiceNumber ?? ''}`}
      size="lg"
      centered
    >
      {detail.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading the invoice" />
        </Center>
      ) : detail.isError || !d ? (
        <Alert color="red" variant="light">
          The invoice could not be loaded.
        </Alert>
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <PartyLines label="From" party={d.seller} />
            <PartyLines label="To" party={d.buyer} />
          </SimpleGrid>
          <Group gap="lg">
            {d.issueDate && <Text size="sm">Issued {day(d.issueDate)}</Text>}
            {d.dueDate && <Text size="sm">Due {day(d.dueDate)}</Text>}
            <InvoiceStatusBadge status={d.status} />
          </Group>
          <DocumentLines lines={d.lines} currency={d.currency} />
          <Stack gap={2} align="flex-end">
            <Total label="Subtotal" value={formatMoney(d.subtotal, d.currency)} />
            {compareAmounts(d.discountTotal, '0') > 0 && (
              <Total label="Discount" value={`−${formatMoney(d.discountTotal, d.currency)}`} />
            )}
            {d.taxes.map((tax) => (
              <Total
                key={tax.rate}
                label={`Tax ${Number(tax.rate)} %`}
                value={formatMoney(tax.amount, d.currency)}
              />
            ))}
            <Total label="Total" value={formatMoney(d.total, d.currency)} strong />
            {compareAmounts(d.paidTotal, '0') > 0 && (
              <Total label="Paid" value={formatMoney(d.paidTotal, d.currency)} />
            )}
            <Total label="Balance due" value={formatMoney(d.balance, d.currency)} strong />
          </Stack>
          <CheckoutNote invoice={d} returned={returned} />
          {d.onlinePayment.enabled && !awaitingWebhook(d, returned) && (
            <PortalPayNow key={`${d.id}-${d.balance}`} token={token} invoice={d} />
          )}
          {d.notes && (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {d.notes}
            </Text>
          )}
          {(d.paymentInstructions || d.paymentQr) && (
            <Alert variant="light" color="indigo" title="How to pay">
              <Group align="flex-start" gap="md" wrap="wrap">
                {d.paymentQr && <PaymentQrCode qr={d.paymentQr} />}
                {d.paymentInstructions && (
                  <Text size="sm" style={{ whiteSpace: 'pre-line', flex: '1 1 12rem' }}>
                    {d.paymentInstructions}
                  </Text>
                )}
              </Group>
            </Alert>
          )}
          <Group justify="space-between">
            <Group gap="xs">
              <Anchor href={`/api/portal/${token}/invoices/${d.id}/pdf`} size="sm">
                Download PDF
              </Anchor>
              {einvoicing && (
                <EinvoiceButtons
                  base={`/api/portal/${token}/invoices/${d.id}`}
                  name={`invoice ${d.invoiceNumber}`}
                />
              )}
            </Group>
            {/* With Pay now there, the one filled button is that one. */}
            <Button variant={d.onlinePayment.enabled ? 'default' : 'filled'} onClick={onClose}>
              Done
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** Who sends or receives the invoice: the name and the address. */
function PartyLines({ label, party }: { label: string; party: Party }) {
  // The typed address, else the structured (EN 16931) parts, as the PDF prints it.
  const address = partyAddress(party);
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {party.name}
      </Text>
      {address && (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {address}
        </Text>
      )}
    </Stack>
  );
}

function Total({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group gap="lg" justify="flex-end" wrap="nowrap">
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} miw={110} ta="right" data-amount>
        {value}
      </Text>
    </Group>
  );
}
