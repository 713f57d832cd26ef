import { TimesheetRejectSchema } from '../../../shared/timesheets.schema.ts';
import { ReasonDialog } from '../../components/reason.dialog.tsx';

/** Rejecting a week needs a reason the member will read. */
export function RejectWeekDialog({
  opened,
  memberName,
  onClose,
  onReject,
}: {
  opened: boolean;
  memberName: string;
  onClose: () => void;
  onReject: (comment: string) => Promise<boolean>;
}) {
  return (
    <ReasonDialog
      opened={opened}
      title={`Reject ${memberName}'s week`}
      label="Comment"
      description="What should change before the week is submitted again"
      rule={TimesheetRejectSchema.shape.comment}
      minRows={3}
      submitLabel="Reject week"
      onClose={onClose}
      onSubmit={onReject}
    />
  );
}
