import { trpc } from '../../trpc.ts';
import type { InvoiceDialogProps } from './invoice-dialog-props.ts';
import { SendEmailDialog, sendEmailMeta } from './send-email.dialog.tsx';

/** Send an invoice by email (SendEmailDialog); a draft is issued first. */
export function SendInvoiceDialog({ invoice, opened, onClose }: InvoiceDialogProps) {
  const preview = trpc.invoiceEmails.preview.useMutation();
  const send = trpc.invoiceEmails.send.useMutation({
    meta: sendEmailMeta('Invoice', [
      trpc.invoices,
      trpc.invoiceEmails,
      trpc.dashboard,
      trpc.business,
    ]),
  });
  return (
    <SendEmailDialog
      document="invoice"
      id={invoice.id}
      title={`Send invoice ${invoice.invoiceNumber ?? ''}`.trim()}
      draftNote={
        invoice.status === 'draft'
          ? (number) =>
              `Sending issues this draft: it becomes invoice ${number} and can no longer be edited.`
          : null
      }
      opened={opened}
      onClose={onClose}
      mutations={{ preview, send }}
    />
  );
}
