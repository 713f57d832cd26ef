import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { CreditNote } from '../../../shared/credit-notes.schema.ts';

/** The credit note's number, linking to its page. */
export function CreditNoteLink({ note }: { note: Pick<CreditNote, 'id' | 'creditNoteNumber'> }) {
  return (
    <Anchor
      size="sm"
      fw={600}
      renderRoot={(props) => (
        <Link
          to="/credit-notes/$creditNoteId"
          params={{ creditNoteId: String(note.id) }}
          {...props}
        />
      )}
    >
      {note.creditNoteNumber}
    </Anchor>
  );
}

/** The invoice a credit note credits, linking to it. */
export function CreditedInvoiceLink({ note }: { note: Pick<CreditNote, 'invoiceId' | 'invoice'> }) {
  return (
    <Anchor
      size="sm"
      renderRoot={(props) => (
        <Link to="/invoices/$invoiceId" params={{ invoiceId: String(note.invoiceId) }} {...props} />
      )}
    >
      {note.invoice.number ?? 'Invoice'}
    </Anchor>
  );
}
