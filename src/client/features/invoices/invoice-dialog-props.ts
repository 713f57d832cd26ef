import type { Invoice } from '../../../shared/invoices.schema.ts';

/** What each dialog acting on one invoice (record a payment, send, void) is given. */
export type InvoiceDialogProps = {
  invoice: Invoice;
  opened: boolean;
  onClose: () => void;
};
