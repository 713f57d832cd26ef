import { Button, Group, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { formatMoney } from '../../../shared/money.ts';
import type { PortalInvoice } from '../../../shared/portal.schema.ts';
import { INVOICE_STATUS_COLORS, INVOICE_STATUS_LABELS } from '../invoices/invoice-status.ts';
import { PortalInvoiceDialog } from './portal-invoice.dialog.tsx';
import { DocumentList, DocumentRow, NumberedHeading, PdfButton } from './portal-document.tsx';

/** The client's issued invoices; View opens one as its PDF shows it. */
export function PortalInvoicesSection({
  token,
  invoices,
}: {
  token: string;
  invoices: PortalInvoice[];
}) {
  const [open, setOpen] = useState<PortalInvoice | null>(null);
  return (
    <>
      <DocumentList title="Invoices" empty="No invoices yet.">
        {invoices.map((invoice) => (
          <InvoiceRow
            key={invoice.id}
            token={token}
            invoice={invoice}
            onOpen={() => setOpen(invoice)}
          />
        ))}
      </DocumentList>
      <PortalInvoiceDialog token={token} invoice={open} onClose={() => setOpen(null)} />
    </>
  );
}

function InvoiceRow({
  token,
  invoice,
  onOpen,
}: {
  token: string;
  invoice: PortalInvoice;
  onOpen: () => void;
}) {
  const name = `Invoice ${invoice.invoiceNumber ?? ''}`.trim();
  const open = invoice.status !== 'paid' && invoice.status !== 'void';
  return (
    <DocumentRow>
      <NumberedHeading
        number={invoice.invoiceNumber}
        status={{
          label: INVOICE_STATUS_LABELS[invoice.status],
          color: INVOICE_STATUS_COLORS[invoice.status],
        }}
        issueDate={invoice.issueDate}
        also={{ label: 'Due', date: open ? invoice.dueDate : null }}
      />
      <Group gap="md" wrap="nowrap" style={{ marginLeft: 'auto' }}>
        <Stack gap={0} align="flex-end">
          <Text fw={600} size="sm">
            {formatMoney(invoice.total, invoice.currency)}
          </Text>
          {open && invoice.balance !== invoice.total && (
            <Text size="xs" c="dimmed">
              {formatMoney(invoice.balance, invoice.currency)} due
            </Text>
          )}
        </Stack>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconEye size={14} />}
          onClick={onOpen}
          aria-label={`View ${name}`}
        >
          View
        </Button>
        <PdfButton
          href={`/api/portal/${token}/invoices/${invoice.id}/pdf`}
          label={`Download ${name} as PDF`}
        />
      </Group>
    </DocumentRow>
  );
}
