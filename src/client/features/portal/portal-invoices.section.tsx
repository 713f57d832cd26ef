import { Button, Group, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { formatMoney } from '../../../shared/money.ts';
import type { PortalInvoice } from '../../../shared/portal.schema.ts';
import { INVOICE_STATUS_COLORS, INVOICE_STATUS_LABELS } from '../invoices/invoice-status.ts';
import { PortalInvoiceDialog } from './portal-invoice.dialog.tsx';
import type { CheckoutReturn } from './portal-pay.schema.ts';
import { DocumentList, DocumentRow, NumberedHeading, PdfButton } from './portal-document.tsx';

/** What Stripe's success and cancel URLs add to the portal's: `?invoice=<id>&checkout=…`. */
interface CheckoutSearch {
  invoice?: unknown;
  checkout?: unknown;
}

/**
 * The client's issued invoices; View opens one as its PDF shows it. Back from Stripe's
 * page, the invoice paid (or not) opens by itself, saying how it went.
 */
export function PortalInvoicesSection({
  token,
  invoices,
  einvoicing,
}: {
  token: string;
  invoices: PortalInvoice[];
  /** The business issues e-invoices: the invoice's pop-up offers its UBL and CII. */
  einvoicing: boolean;
}) {
  const search: CheckoutSearch = useSearch({ strict: false });
  const navigate = useNavigate();
  const returnedTo = invoices.find((i) => String(i.id) === String(search.invoice)) ?? null;
  const returned =
    search.checkout === 'success' || search.checkout === 'cancel'
      ? (search.checkout as CheckoutReturn)
      : undefined;
  const [open, setOpen] = useState<PortalInvoice | null>(returned ? returnedTo : null);
  const close = () => {
    setOpen(null);
    // Said once: a reload or another invoice does not say it again.
    if (search.invoice !== undefined || search.checkout !== undefined)
      void navigate({ to: '.', search: {} as never, replace: true });
  };
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
      <PortalInvoiceDialog
        token={token}
        invoice={open}
        einvoicing={einvoicing}
        returned={open && open.id === returnedTo?.id ? returned : undefined}
        onClose={close}
      />
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
