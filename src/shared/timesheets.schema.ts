import { format, parseISO, startOfISOWeek } from 'date-fns';
import { z } from 'zod';
import { IsoDateSchema } from './dates.ts';
import { IdSchema } from './ids.ts';
import type { WorkspaceRole } from './roles.ts';

/**
 * Weekly timesheets (issue 22, item 4): a member's ISO week (Monday to Sunday) of time,
 * submitted by the member and approved or rejected by a manager. An approved week is
 * locked: its entries cannot be logged, edited or deleted until a manager unlocks it.
 */
export const TIMESHEET_STATUSES = ['open', 'submitted', 'approved', 'rejected'] as const;
export type TimesheetStatus = (typeof TIMESHEET_STATUSES)[number];

export const TIMESHEET_STATUS_LABELS: Record<TimesheetStatus, string> = {
  open: 'Open',
  submitted: 'Submitted',
  approved: 'Approved',
  rejected: 'Rejected',
};

/**
 * Who reviews timesheets: the roles that manage anyone's time (time.service.ts
 * TIME_MANAGERS). They approve, reject and unlock others' weeks; their own only when no other
 * active member reviews timesheets (a freelancer alone, or an owner whose team are
 * collaborators, approves and locks their own weeks).
 */
export const TIMESHEET_MANAGERS = [
  'owner',
  'partner',
  'administrator',
  'project_manager',
] as const satisfies WorkspaceRole[];

export function managesTimesheets(role: WorkspaceRole): boolean {
  return (TIMESHEET_MANAGERS as readonly WorkspaceRole[]).includes(role);
}

/** The Monday (ISO week) of the week `date` falls in, as YYYY-MM-DD. */
export function weekStartOf(date: string): string {
  return format(startOfISOWeek(parseISO(date)), 'yyyy-MM-dd');
}

/** Any date of the week; answered as its Monday. */
const WeekSchema = IsoDateSchema.transform(weekStartOf);

export const TimesheetQuerySchema = z.object({
  week: WeekSchema,
  /** Whose week: yours when left out. Others' weeks only for roles that manage time. */
  userId: IdSchema.optional(),
});

export const TimesheetSubmitSchema = z.object({ week: WeekSchema });
export const TimesheetReviewSchema = z.object({ userId: IdSchema, week: WeekSchema });
export const TimesheetRejectSchema = TimesheetReviewSchema.extend({
  comment: z
    .string({ error: 'A comment is required' })
    .trim()
    .min(1, 'A comment is required')
    .max(2000, 'Comment must be less than 2000 characters'),
});

/**
 * Hours of a grid cell: 0 to 24, two decimals. 0 removes the cell's time. The client also
 * reads '1:30' as 1.5 (parseHoursInput).
 */
export const TimesheetCellSchema = z.object({
  date: IsoDateSchema,
  projectId: IdSchema,
  taskId: IdSchema.nullable().optional(),
  hours: z.coerce
    .number({ error: 'Hours must be a number' })
    .min(0, 'Hours must be between 0 and 24')
    .max(24, 'Hours must be between 0 and 24')
    .transform((v) => v.toFixed(2)),
});
export type TimesheetCellInput = z.input<typeof TimesheetCellSchema>;

const CellSchema = z.object({
  date: z.string(),
  /** Sum of the cell's entries, two decimals. */
  hours: z.string(),
  entryIds: z.array(z.number()),
});

export const TimesheetRowSchema = z.object({
  projectId: z.number(),
  projectName: z.string(),
  taskId: z.number().nullable(),
  taskTitle: z.string().nullable(),
  /** Monday to Sunday. */
  cells: z.array(CellSchema),
  total: z.string(),
});
export type TimesheetRow = z.infer<typeof TimesheetRowSchema>;

export const TimesheetSchema = z.object({
  userId: z.number(),
  user: z.object({ fullName: z.string() }),
  /** The Monday. */
  weekStart: z.string(),
  /** Monday to Sunday, YYYY-MM-DD. */
  days: z.array(z.string()),
  /** `open` when the week has never been submitted. */
  status: z.enum(TIMESHEET_STATUSES),
  /** The reviewer's reason when rejected. */
  comment: z.string().nullable(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewer: z.object({ id: z.number(), fullName: z.string() }).nullable(),
  rows: z.array(TimesheetRowSchema),
  /** Monday to Sunday. */
  dayTotals: z.array(z.string()),
  total: z.string(),
  /** Whether the caller may change the grid: their own week while open or rejected. */
  editable: z.boolean(),
});
export type Timesheet = z.infer<typeof TimesheetSchema>;

export const PendingTimesheetSchema = z.object({
  userId: z.number(),
  user: z.object({ fullName: z.string() }),
  weekStart: z.string(),
  submittedAt: z.string().nullable(),
  total: z.string(),
});
export type PendingTimesheet = z.infer<typeof PendingTimesheetSchema>;

/**
 * What a member types in a cell: '1.5', '1,5', '1:30' (hours:minutes) or '' (nothing).
 * Answers hours as a number, or null when it is not a duration.
 */
export function parseHoursInput(text: string): number | null {
  const value = text.trim();
  if (value === '') return 0;
  const clock = /^(\d{1,2}):([0-5]\d)$/.exec(value);
  if (clock) return Number(clock[1]) + Number(clock[2]) / 60;
  if (!/^\d{0,2}([.,]\d{0,2})?$/.test(value) || value === '.' || value === ',') return null;
  return Number(value.replace(',', '.'));
}
