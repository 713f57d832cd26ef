import type { Estimate } from '../../../shared/estimates.schema.ts';
import { DocumentOutbox, outboxRefetch } from '../invoices/invoice-outbox.tsx';
import { SendEmailDialog, sendEmailMeta } from '../invoices/send-email.dialog.tsx';
import { trpc } from '../../trpc.ts';

/**
 * Send an estimate by email (the invoices' SendEmailDialog): a draft is numbered first, then
 * the client's billing address gets the PDF and a portal link.
 */
export function SendEstimateDialog({
  estimate,
  opened,
  onClose,
}: {
  estimate: Pick<Estimate, 'id' | 'status' | 'estimateNumber'>;
  opened: boolean;
  onClose: () => void;
}) {
  const preview = trpc.estimates.emailPreview.useMutation();
  const send = trpc.estimates.send.useMutation({
    meta: sendEmailMeta('Estimate', [trpc.estimates, trpc.dashboard]),
  });
  return (
    <SendEmailDialog
      document="estimate"
      id={estimate.id}
      title={`Send estimate ${estimate.estimateNumber ?? ''}`.trim()}
      draftNote={
        estimate.status === 'draft'
          ? (number) =>
              `Sending numbers this draft: it becomes estimate ${number} and can no longer be edited.`
          : null
      }
      opened={opened}
      onClose={onClose}
      mutations={{ preview, send }}
    />
  );
}

/** The estimate's emails, refreshed while one waits for delivery. */
export function EstimateOutbox({ estimateId }: { estimateId: number }) {
  const emails = trpc.estimates.emails.useQuery({ id: estimateId }, outboxRefetch);
  return <DocumentOutbox emails={emails.data ?? []} noun="estimate" />;
}
