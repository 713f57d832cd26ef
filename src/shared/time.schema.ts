import { z } from 'zod';
import { IsoDateSchema } from './dates.ts';
import { IdSchema } from './ids.ts';
import {
  apiRulesOf,
  dateOf,
  decimalOf,
  type DescribedFields,
  refOf,
  requiredRefOf,
  textOf,
} from './fields.ts';
import { ListQuerySchema } from './list.schema.ts';
import { updateSchemaOf } from './update.schema.ts';

const hours = z.coerce
  .number({ error: 'Hours must be a number' })
  .min(0, 'Number must be greater than or equal to 0')
  .max(24 * 366, 'Hours must be at most 8784')
  .transform((v) => v.toFixed(2));

/**
 * A time entry's fields, in form order, described once: the API's and the Log Time form's
 * rules and the form's defaults come from this list.
 */
export const TIME_ENTRY_FIELDS = {
  projectId: requiredRefOf('Project'),
  /** A task of the entry's project, or none. */
  taskId: refOf('Task'),
  hours: decimalOf('Hours', hours),
  date: dateOf('Date'),
  description: textOf({
    label: 'Description',
    title: 'Description',
    max: 2000,
    input: 'textarea',
    placeholder: 'What you worked on',
    // Time entries have no CSV import: no header spellings to map.
    headers: [],
  }),
} as const satisfies DescribedFields;

const { description, taskId } = apiRulesOf(TIME_ENTRY_FIELDS);

/** What the Log Time form edits: an entry's fields without how it was logged. */
export const TimeEntryFieldsSchema = z.object(apiRulesOf(TIME_ENTRY_FIELDS));

export const TimeEntryInputSchema = TimeEntryFieldsSchema.extend({
  isTimer: z.boolean().default(false),
});
export const TimeEntryUpdateSchema = updateSchemaOf(TimeEntryInputSchema).extend({ id: IdSchema });
/** A time entry's values as the API takes them, any of them (an update's changes). */
export type TimeEntryValues = Partial<z.output<typeof TimeEntryInputSchema>>;
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const TimeEntryListQuerySchema = ListQuerySchema.extend({
  /** Work on or after this date. */
  from: IsoDateSchema.optional().meta({ description: 'Entries dated on or after this day.' }),
  /** Work on or before this date. */
  to: IsoDateSchema.optional().meta({ description: 'Entries dated on or before this day.' }),
  projectId: IdSchema.optional(),
  /** Entries on the projects of this client. */
  clientId: IdSchema.optional(),
  taskId: IdSchema.optional(),
  userId: IdSchema.optional(),
  /** The entries one invoice billed (its printable view lists them). */
  invoiceId: IdSchema.optional(),
  /** true: only entries on an invoice; false: only entries no invoice has billed yet. */
  billed: flag
    .optional()
    .meta({ description: 'true: only invoiced entries; false: only entries not invoiced yet.' }),
  /** Only entries no invoice has billed yet (the older spelling of `billed=false`). */
  unbilled: flag.optional(),
  /** true: only entries in an approved week of their member's timesheet (timesheets). */
  approved: flag.optional().meta({
    description: "true: only entries in an approved week of their member's timesheet.",
  }),
});
export type TimeEntryListQuery = z.infer<typeof TimeEntryListQuerySchema>;

export const TimeEntrySchema = z.object({
  id: z.number(),
  projectId: z.number(),
  userId: z.number(),
  description: z.string().nullable(),
  hours: z.string(),
  date: z.string(),
  isTimer: z.boolean(),
  /**
   * A timed entry whose hours the workspace's time rounding changed: the seconds the timer
   * ran (its hours are the rounded duration, which invoices bill); null otherwise.
   */
  roundedFromSeconds: z.number().nullable(),
  /** The hourly rate stored when the entry was logged: what it is billed at. */
  rate: z.string(),
  /**
   * The cost rate stored when the entry was logged (rate cards; 0 without one); null for
   * collaborators, who do not see what members cost.
   */
  costRate: z.string().nullable(),
  invoiceId: z.number().nullable(),
  createdAt: z.string(),
  project: z.object({ name: z.string(), hourlyRate: z.string() }),
  user: z.object({ fullName: z.string() }),
  taskId: z.number().nullable(),
  task: z.object({ id: z.number(), title: z.string() }).nullable(),
  /** The client of the entry's project. */
  clientId: z.number().nullable(),
  client: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type TimeEntry = z.infer<typeof TimeEntrySchema>;

/** A page of the time log, with the hours and money of the whole filtered list. */
export const TimeEntryPageSchema = z.object({
  items: z.array(TimeEntrySchema),
  total: z.number(),
  /** Sum of the filtered entries' hours, two decimals. */
  totalHours: z.string(),
  /** Sum of hours × rate over the filtered entries, two decimals. */
  totalAmount: z.string(),
});
export type TimeEntryPage = z.infer<typeof TimeEntryPageSchema>;

export const TimerStartSchema = z.object({ projectId: IdSchema, taskId, description });
/** A running or paused timer's task and description (its project stays). */
export const TimerUpdateSchema = z.object({ taskId, description });
/** What a timer is for besides its project: a task, a description. */
export type TimerDetails = Partial<z.output<typeof TimerUpdateSchema>>;

export const TimerSchema = z.object({
  projectId: z.number(),
  project: z.object({ name: z.string() }),
  taskId: z.number().nullable(),
  task: z.object({ id: z.number(), title: z.string() }).nullable(),
  description: z.string().nullable(),
  /** Seconds banked before the current run. */
  elapsedSeconds: z.number(),
  /** When the current run started; null while paused. */
  startedAt: z.string().nullable(),
});
export type Timer = z.infer<typeof TimerSchema>;

/** Seconds on a timer at `now`. */
export function timerSeconds(
  timer: Pick<Timer, 'elapsedSeconds' | 'startedAt'>,
  now = Date.now(),
): number {
  const running = timer.startedAt
    ? Math.max(0, Math.floor((now - Date.parse(timer.startedAt)) / 1000))
    : 0;
  return timer.elapsedSeconds + running;
}

/** SPEC §9: under 1 hour as minutes, exactly 1 as '1 hour', else hours with two decimals. */
export function formatHours(value: string | number): string {
  const h = Number(value);
  if (h < 1) return `${Math.round(h * 60)} min`;
  if (h === 1) return '1 hour';
  return `${h.toFixed(2)} hours`;
}
