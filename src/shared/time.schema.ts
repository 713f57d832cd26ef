import { z } from 'zod';
import { IsoDateSchema } from './dates.ts';
import { IdSchema } from './ids.ts';
import { ListQuerySchema, optionalText } from './list.schema.ts';
import { updateSchemaOf } from './update.schema.ts';

const hours = z.coerce
  .number({ error: 'Hours must be a number' })
  .min(0, 'Number must be greater than or equal to 0')
  .max(24 * 366, 'Hours must be at most 8784')
  .transform((v) => v.toFixed(2));

export const TimeEntryInputSchema = z.object({
  projectId: IdSchema,
  description: optionalText(2000, 'Description must be less than 2000 characters'),
  hours,
  date: IsoDateSchema,
  isTimer: z.boolean().default(false),
});
export const TimeEntryUpdateSchema = updateSchemaOf(TimeEntryInputSchema).extend({ id: IdSchema });
export const TimeEntryListQuerySchema = ListQuerySchema.extend({
  projectId: IdSchema.optional(),
  /** The entries one invoice billed (its printable view lists them). */
  invoiceId: IdSchema.optional(),
  /** Only entries no invoice has billed yet. */
  unbilled: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
    .optional(),
});

export const TimeEntrySchema = z.object({
  id: z.number(),
  projectId: z.number(),
  userId: z.number(),
  description: z.string().nullable(),
  hours: z.string(),
  date: z.string(),
  isTimer: z.boolean(),
  /** The hourly rate stored when the entry was logged: what it is billed at. */
  rate: z.string(),
  invoiceId: z.number().nullable(),
  createdAt: z.string(),
  project: z.object({ name: z.string(), hourlyRate: z.string() }),
  user: z.object({ fullName: z.string() }),
});
export type TimeEntry = z.infer<typeof TimeEntrySchema>;

export const TimerSchema = z.object({
  projectId: z.number(),
  project: z.object({ name: z.string() }),
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
