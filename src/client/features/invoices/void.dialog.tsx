import { InvoiceVoidSchema } from '../../../shared/invoices.schema.ts';
import { ReasonDialog } from '../../components/reason.dialog.tsx';
import { invoiceName } from './invoice-status.ts';
import { useInvoiceMutations } from './use-invoice-mutations.ts';
import type { InvoiceDialogProps } from './invoice-dialog-props.ts';

/**
 * Voids an issued invoice with a reason: it keeps its number (numbers have no gaps) and
 * its time becomes unbilled again.
 */
export function VoidDialog({ invoice, opened, onClose }: InvoiceDialogProps) {
  const mutations = useInvoiceMutations();
  return (
    <ReasonDialog
      opened={opened}
      title="Void invoice"
      intro={`${invoiceName(invoice)} stays on record with its number, marked void. Its billed time becomes unbilled again.`}
      label="Reason"
      rule={InvoiceVoidSchema.shape.reason}
      minRows={2}
      submitLabel="Void invoice"
      onClose={onClose}
      onSubmit={async (reason) => (await mutations.void(invoice, reason)) !== undefined}
    />
  );
}
