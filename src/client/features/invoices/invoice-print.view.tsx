import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPrinter, IconX } from '@tabler/icons-react';
import type { PaymentQrView } from '../../../shared/portal.schema.ts';
import { trpc } from '../../trpc.ts';
import classes from './invoice-print.module.css';
import { InvoiceSheet } from './invoice-sheet.tsx';
import { invoiceName } from './invoice-status.ts';

/**
 * A clean, printable invoice (beyond the spec): the browser's Print saves it as a PDF.
 * While it is open, a print stylesheet leaves only the sheet on paper.
 */
export function InvoicePrintView({
  invoiceId,
  opened,
  onClose,
  paymentQr,
}: {
  invoiceId: number | null;
  opened: boolean;
  onClose: () => void;
  /** The balance's payment QR code, where the server draws one: paper carries it as the PDF does. */
  paymentQr?: PaymentQrView | null;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const detail = trpc.invoices.get.useQuery(
    { id: invoiceId ?? 0 },
    { enabled: invoiceId !== null },
  );
  const invoice = invoiceId !== null ? detail.data : undefined;
  return (
    // The compound form, so the dialog element itself carries the name (Modal's own
    // aria-label lands on a wrapper div, where ARIA forbids it).
    <Modal.Root
      opened={opened}
      onClose={onClose}
      size="xl"
      fullScreen={phone}
      centered
      portalProps={{ reuseTargetNode: false, className: classes.portal }}
      classNames={{ inner: classes.inner }}
    >
      <Modal.Overlay className={classes.overlay} />
      <Modal.Content
        className={classes.content}
        aria-label={invoice ? `Invoice ${invoiceName(invoice)}` : 'Invoice'}
      >
        <Modal.Body className={classes.body}>
          {detail.isError && (
            <Alert color="red" title="The invoice could not be loaded">
              {detail.error.message}
            </Alert>
          )}
          {invoiceId !== null && detail.isPending && <Loader size="sm" />}
          {invoice && (
            <Stack gap="md">
              <Group justify="space-between" className={classes.noPrint}>
                <Text fw={600}>Invoice {invoiceName(invoice)}</Text>
                <Group gap="xs">
                  <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
                    Print
                  </Button>
                  <Button variant="default" leftSection={<IconX size={16} />} onClick={onClose}>
                    Close
                  </Button>
                </Group>
              </Group>
              <InvoiceSheet invoice={invoice} paymentQr={paymentQr} />
            </Stack>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
