import { trpc } from '../../trpc.ts';
import { withServerMessage } from '../../mutations.ts';
import { afterTimeLogged } from '../time/use-time-mutations.ts';

/** A week's changes move its grid, the pending list and the time log. */
const afterTimesheet = [trpc.timesheets, ...afterTimeLogged];

/** Submit, review and grid writes, with the toasts shown after the server answered. */
export function useTimesheetMutations() {
  const setCell = trpc.timesheets.setCell.useMutation({
    meta: {
      error: withServerMessage('Hours not saved'),
      invalidates: afterTimesheet,
    },
  });
  const submit = trpc.timesheets.submit.useMutation({
    meta: {
      success: ['Week submitted', 'A manager will review it.'],
      error: withServerMessage('Failed to submit the week'),
      invalidates: afterTimesheet,
    },
  });
  const approve = trpc.timesheets.approve.useMutation({
    meta: {
      success: ['Week approved', 'Its time is locked.'],
      error: withServerMessage('Failed to approve the week'),
      invalidates: afterTimesheet,
    },
  });
  const reject = trpc.timesheets.reject.useMutation({
    meta: {
      success: 'Week rejected',
      error: withServerMessage('Failed to reject the week'),
      invalidates: afterTimesheet,
    },
  });
  const unlock = trpc.timesheets.unlock.useMutation({
    meta: {
      success: ['Week unlocked', 'Its time can be changed again.'],
      error: withServerMessage('Failed to unlock the week'),
      invalidates: afterTimesheet,
    },
  });
  return { setCell, submit, approve, reject, unlock };
}
