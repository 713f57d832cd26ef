import { Text } from '@mantine/core';
import { formatMoney } from '../../../shared/money.ts';
import type { PortalCreditNote } from '../../../shared/portal.schema.ts';
import {
  AmountAndActions,
  DocumentList,
  DocumentRow,
  EinvoiceButtons,
  NumberedHeading,
  PdfButton,
} from './portal-document.tsx';

/** The client's credit notes (issue 41): which invoice each credits, its PDF and e-invoices. */
export function PortalCreditNotesSection({
  token,
  creditNotes,
  einvoicing,
}: {
  token: string;
  creditNotes: PortalCreditNote[];
  /** The business issues e-invoices: each credit note's UBL and CII download too. */
  einvoicing: boolean;
}) {
  return (
    <DocumentList title="Credit notes" empty={null}>
      {creditNotes.map((note) => (
        <DocumentRow key={note.id}>
          <NumberedHeading
            number={note.creditNoteNumber}
            status={{ label: 'Credit note', color: 'grape' }}
            issueDate={note.issueDate}
            also={{ label: 'Credits invoice', date: null }}
          >
            <Text size="sm" c="dimmed">
              Credits invoice {note.invoiceNumber ?? ''} · {note.reason}
            </Text>
          </NumberedHeading>
          <AmountAndActions amount={formatMoney(note.total, note.currency)}>
            <PdfButton
              href={`/api/portal/${token}/credit-notes/${note.id}/pdf`}
              label={`Download credit note ${note.creditNoteNumber} as PDF`}
            />
            {einvoicing && (
              <EinvoiceButtons
                base={`/api/portal/${token}/credit-notes/${note.id}`}
                name={`credit note ${note.creditNoteNumber}`}
              />
            )}
          </AmountAndActions>
        </DocumentRow>
      ))}
    </DocumentList>
  );
}
