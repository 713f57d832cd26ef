import type { CreditNoteDetail } from '../../../shared/credit-notes.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import { withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';

/**
 * A credit note lowers its invoice's balance and the money figures (dashboard, client
 * balances, reports): the same queries an invoice's payment moves, and the credit notes.
 */
export const CREDIT_NOTE_INVALIDATES = [
  trpc.invoices,
  trpc.creditNotes,
  trpc.dashboard,
  trpc.clients.get,
  trpc.payments,
  trpc.reports,
];

export function useCreateCreditNote() {
  return trpc.creditNotes.create.useMutation({
    meta: {
      success: (note: CreditNoteDetail) => [
        'Credit note created',
        `${note.creditNoteNumber} credits ${formatMoney(note.total, note.currency)} of invoice ${note.invoice.number ?? ''}.`,
      ],
      error: withServerMessage('Failed to create the credit note.'),
      invalidates: CREDIT_NOTE_INVALIDATES,
    },
  });
}
