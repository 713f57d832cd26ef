import { compareAmounts } from '../../../shared/invoice-math.ts';
import type { InvoiceDetail } from '../../../shared/invoices.schema.ts';

type MovesInput = Pick<
  InvoiceDetail,
  'status' | 'total' | 'paidTotal' | 'creditedAmount' | 'emailedAt' | 'viewedAt'
>;

/**
 * What an invoice's page offers, from its exact amounts (decimal strings compared as such:
 * a float would call 0.1 + 0.2 credited of 0.30 "less than the total").
 */
export function invoiceMoves(invoice: MovesInput) {
  const open = ['sent', 'viewed', 'overdue'].includes(invoice.status);
  const draft = invoice.status === 'draft';
  const credited = compareAmounts(invoice.creditedAmount, '0') > 0;
  // Issued and not credited in full: a credit note corrects it (issue 41).
  const creditable =
    !draft &&
    invoice.status !== 'void' &&
    compareAmounts(invoice.creditedAmount, invoice.total) < 0;
  // Voiding is for invoices the client never received; the others are credited.
  const voidable =
    open &&
    compareAmounts(invoice.paidTotal, '0') === 0 &&
    !credited &&
    !invoice.emailedAt &&
    !invoice.viewedAt;
  return { open, draft, credited, creditable, voidable };
}
