import { z } from 'zod';
import {
  PendingTimesheetSchema,
  TIMESHEET_MANAGERS,
  TimesheetCellSchema,
  TimesheetQuerySchema,
  TimesheetRejectSchema,
  TimesheetReviewSchema,
  TimesheetSchema,
  TimesheetSubmitSchema,
} from '../../../shared/timesheets.schema.ts';
import { requireRole, router, workspaceProcedure } from '../../trpc/init.ts';
import * as timesheets from './timesheets.service.ts';

const reviewerProcedure = requireRole(...TIMESHEET_MANAGERS);

export const timesheetsRouter = router({
  /** Yours, or (roles that manage time) another member's. */
  get: workspaceProcedure
    .input(TimesheetQuerySchema)
    .output(TimesheetSchema)
    .query(({ ctx, input }) => timesheets.getTimesheet(ctx, input.week, input.userId)),
  pending: reviewerProcedure
    .output(z.array(PendingTimesheetSchema))
    .query(({ ctx }) => timesheets.listPending(ctx)),
  /** Always the caller's own week. */
  submit: workspaceProcedure
    .input(TimesheetSubmitSchema)
    .output(TimesheetSchema)
    .mutation(({ ctx, input }) => timesheets.submitWeek(ctx, input.week)),
  approve: reviewerProcedure
    .input(TimesheetReviewSchema)
    .output(TimesheetSchema)
    .mutation(({ ctx, input }) => timesheets.approveWeek(ctx, input.userId, input.week)),
  reject: reviewerProcedure
    .input(TimesheetRejectSchema)
    .output(TimesheetSchema)
    .mutation(({ ctx, input }) =>
      timesheets.rejectWeek(ctx, input.userId, input.week, input.comment),
    ),
  unlock: reviewerProcedure
    .input(TimesheetReviewSchema)
    .output(TimesheetSchema)
    .mutation(({ ctx, input }) => timesheets.unlockWeek(ctx, input.userId, input.week)),
  /** A cell of the caller's own week. */
  setCell: workspaceProcedure
    .input(TimesheetCellSchema)
    .output(TimesheetSchema)
    .mutation(({ ctx, input }) => timesheets.setCell(ctx, input)),
});
