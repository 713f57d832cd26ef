import { ActionIcon, Anchor, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import {
  IconBan,
  IconCash,
  IconEye,
  IconMail,
  IconPrinter,
  IconReceiptRefund,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { PAYMENT_METHOD_LABELS, type InvoiceDetail } from '../../../shared/invoices.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import { ConfirmDeleteDialog } from '../../components/list/confirm-delete.dialog.tsx';
import { RecordPage, useRecordId } from '../../components/record-page.tsx';
import { EinvoiceDownloads } from '../einvoices/einvoice-downloads.tsx';
import { PdfDownloadButton } from './pdf-download.button.tsx';
import { showDateTime } from '../../components/display-preferences.tsx';
import { trpc } from '../../trpc.ts';
import { formatDay } from '../time/time-display.ts';
import { DeleteDraftButton, DocumentHead } from './document-head.tsx';
import { useStackedRows } from './document-lines.tsx';
import { InvoiceEditor } from './invoice-editor.tsx';
import { invoiceMoves } from './invoice-moves.ts';
import { InvoiceOutbox } from './invoice-outbox.tsx';
import { InvoicePrintView } from './invoice-print.view.tsx';
import { InvoiceSheet } from './invoice-sheet.tsx';
import { INVOICE_STATUS_COLORS, invoiceName, invoiceStatusLabel } from './invoice-status.ts';
import { PaymentDialog } from './payment.dialog.tsx';
import { SendInvoiceDialog } from './send-invoice.dialog.tsx';
import { useCanBill } from '../../components/use-can-bill.ts';
import { useInvoiceMutations } from './use-invoice-mutations.ts';
import { VoidDialog } from './void.dialog.tsx';
import { CreditNoteDialog } from '../credit-notes/credit-note.dialog.tsx';
import { CreditNotesCard } from '../credit-notes/credit-notes.card.tsx';

function Payments({ invoice, canBill }: { invoice: InvoiceDetail; canBill: boolean }) {
  const mutations = useInvoiceMutations();
  const [removing, setRemoving] = useState<number | null>(null);
  const stacked = useStackedRows();
  if (invoice.payments.length === 0) return null;
  const deleteButton = (payment: InvoiceDetail['payments'][number]) => (
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={`Delete the payment of ${formatDay(payment.date)}`}
      onClick={() => setRemoving(payment.id)}
    >
      <IconTrash size={16} />
    </ActionIcon>
  );
  return (
    <Card withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="md" mb="sm">
        Payments
      </Title>
      {!stacked && (
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Method</Table.Th>
              <Table.Th>Note</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              {canBill && <Table.Th w={40} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.payments.map((payment) => (
              <Table.Tr key={payment.id}>
                <Table.Td>{formatDay(payment.date)}</Table.Td>
                <Table.Td>{PAYMENT_METHOD_LABELS[payment.method]}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{payment.note}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-amount>
                  {formatMoney(payment.amount, invoice.currency)}
                </Table.Td>
                {canBill && <Table.Td>{deleteButton(payment)}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {/* On a phone: one stacked row per payment, its amount always whole. */}
      {stacked && (
        <Stack gap={0}>
          {invoice.payments.map((payment) => (
            <Group
              key={payment.id}
              gap="xs"
              py="xs"
              wrap="nowrap"
              align="flex-start"
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            >
              <Stack gap={2} miw={0} style={{ flex: 1 }}>
                <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
                  <Text size="sm">{formatDay(payment.date)}</Text>
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-amount>
                    {formatMoney(payment.amount, invoice.currency)}
                  </Text>
                </Group>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {PAYMENT_METHOD_LABELS[payment.method]}
                  {payment.note ? ` · ${payment.note}` : ''}
                </Text>
              </Stack>
              {canBill && deleteButton(payment)}
            </Group>
          ))}
        </Stack>
      )}
      <ConfirmDeleteDialog
        opened={removing !== null}
        title="Delete payment"
        onClose={() => setRemoving(null)}
        onConfirm={async () =>
          removing !== null && (await mutations.deletePayment(invoice, removing)) !== undefined
        }
      >
        Delete this payment? The balance due grows by its amount.
      </ConfirmDeleteDialog>
    </Card>
  );
}

/**
 * `/invoices/:id`: a draft is edited here and issued; an issued invoice is shown as it is
 * printed, with its PDF, its payments, and the moves left to it (record a payment, mark
 * viewed, void).
 */
export function InvoicePage() {
  const { id, valid } = useRecordId('invoiceId');
  const detail = trpc.invoices.get.useQuery({ id }, { enabled: valid });
  return (
    <RecordPage
      backTo="/invoices"
      backLabel="Invoices"
      valid={valid}
      query={detail}
      notFound="Invoice not found"
    >
      {(invoice) => <InvoiceView invoice={invoice} />}
    </RecordPage>
  );
}

function InvoiceView({ invoice }: { invoice: InvoiceDetail }) {
  const canBill = useCanBill();
  const mutations = useInvoiceMutations();
  const [printing, setPrinting] = useState(false);
  const [paying, setPaying] = useState(false);
  const [voiding, setVoiding] = useState(false);
  const [marking, setMarking] = useState(false);
  const [emailing, setEmailing] = useState(false);
  const [crediting, setCrediting] = useState(false);

  const { open, draft, credited, creditable, voidable } = invoiceMoves(invoice);
  // The code the portal and the PDF show; the server answers null where there is none.
  const paymentQr = trpc.invoices.paymentQr.useQuery(
    { id: invoice.id },
    { enabled: !draft && invoice.status !== 'void' },
  ).data;

  return (
    <>
      <DocumentHead
        title={draft ? 'Draft invoice' : `Invoice ${invoiceName(invoice)}`}
        status={invoiceStatusLabel(invoice)}
        statusColor={INVOICE_STATUS_COLORS[invoice.status]}
        summary={
          <>
            {invoice.client.name}
            {invoice.project ? ` · ${invoice.project.name}` : ''} ·{' '}
            {formatMoney(invoice.total, invoice.currency)}
            {credited ? ` · ${formatMoney(invoice.creditedAmount, invoice.currency)} credited` : ''}
            {open ? ` · ${formatMoney(invoice.balance, invoice.currency)} due` : ''}
          </>
        }
        links={
          <>
            {invoice.viewedAt && (
              <Text size="sm" c="dimmed">
                Viewed {showDateTime(invoice.viewedAt)}
              </Text>
            )}
            {invoice.recurringInvoiceId !== null && (
              <Anchor
                renderRoot={(props) => (
                  <Link
                    to="/recurring-invoices/$recurringId"
                    params={{ recurringId: String(invoice.recurringInvoiceId) }}
                    {...props}
                  />
                )}
                size="sm"
              >
                Made by a recurring invoice
              </Anchor>
            )}
            {invoice.estimate && (
              <Anchor
                renderRoot={(props) => (
                  <Link
                    to="/estimates/$estimateId"
                    params={{ estimateId: String(invoice.estimate!.id) }}
                    {...props}
                  />
                )}
                size="sm"
              >
                From estimate {invoice.estimate.number ?? ''}
              </Anchor>
            )}
          </>
        }
        actions={
          <>
            <PdfDownloadButton href={`/api/invoices/${invoice.id}/pdf`} />
            {!draft && <EinvoiceDownloads invoiceId={invoice.id} />}
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} />}
              onClick={() => setPrinting(true)}
            >
              Print
            </Button>
            {canBill && !draft && invoice.status !== 'void' && (
              <Button
                variant="light"
                leftSection={<IconMail size={16} />}
                onClick={() => setEmailing(true)}
              >
                Send by email
              </Button>
            )}
            {canBill && open && (
              <Button leftSection={<IconCash size={16} />} onClick={() => setPaying(true)}>
                Record payment
              </Button>
            )}
            {canBill && invoice.status === 'sent' && (
              <Button
                variant="light"
                leftSection={<IconEye size={16} />}
                loading={marking}
                onClick={() => {
                  setMarking(true);
                  // Its toast reports a failure; the button stops spinning either way.
                  void mutations.changeStatus(invoice, 'viewed').finally(() => setMarking(false));
                }}
              >
                Mark Viewed
              </Button>
            )}
            {canBill && creditable && (
              <Button
                variant="light"
                color="grape"
                leftSection={<IconReceiptRefund size={16} />}
                onClick={() => setCrediting(true)}
              >
                Credit note
              </Button>
            )}
            {canBill && voidable && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconBan size={16} />}
                onClick={() => setVoiding(true)}
              >
                Void
              </Button>
            )}
            {canBill && draft && (
              <DeleteDraftButton
                title="Delete Invoice"
                backTo="/invoices"
                remove={() => mutations.remove(invoice)}
              >
                Delete this draft for {invoice.client.name}?
                {invoice.timeEntryCount > 0 ? ' Its time becomes unbilled again.' : ''} This action
                cannot be undone.
              </DeleteDraftButton>
            )}
          </>
        }
      />

      {draft && canBill ? (
        <InvoiceEditor invoice={invoice} onSendByEmail={() => setEmailing(true)} />
      ) : (
        <InvoiceSheet invoice={invoice} paymentQr={paymentQr} />
      )}
      <Payments invoice={invoice} canBill={canBill} />
      {!draft && <CreditNotesCard invoiceId={invoice.id} />}
      <InvoiceOutbox invoice={invoice} />

      <InvoicePrintView
        invoiceId={printing ? invoice.id : null}
        opened={printing}
        onClose={() => setPrinting(false)}
        paymentQr={paymentQr}
      />
      {open && <PaymentDialog invoice={invoice} opened={paying} onClose={() => setPaying(false)} />}
      <VoidDialog invoice={invoice} opened={voiding} onClose={() => setVoiding(false)} />
      {canBill && creditable && (
        <CreditNoteDialog
          invoice={invoice}
          opened={crediting}
          onClose={() => setCrediting(false)}
        />
      )}
      {canBill && (
        <SendInvoiceDialog invoice={invoice} opened={emailing} onClose={() => setEmailing(false)} />
      )}
    </>
  );
}

export default InvoicePage;
