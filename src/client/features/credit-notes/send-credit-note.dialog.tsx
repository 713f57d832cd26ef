import { trpc } from '../../trpc.ts';
import { SendEmailDialog, sendEmailMeta } from '../invoices/send-email.dialog.tsx';

/** Emails a credit note to the client's billing address with its PDF (SendEmailDialog). */
export function SendCreditNoteDialog({
  note,
  opened,
  onClose,
}: {
  note: { id: number; creditNoteNumber: string };
  opened: boolean;
  onClose: () => void;
}) {
  const preview = trpc.creditNotes.emailPreview.useMutation();
  const send = trpc.creditNotes.send.useMutation({
    meta: sendEmailMeta('Credit note', [trpc.creditNotes]),
  });
  return (
    <SendEmailDialog
      document="creditNote"
      id={note.id}
      title={`Send credit note ${note.creditNoteNumber}`}
      draftNote={null}
      opened={opened}
      onClose={onClose}
      mutations={{ preview, send }}
    />
  );
}
