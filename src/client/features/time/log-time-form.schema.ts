import { z } from 'zod';
import { TimeEntryInputSchema, type TimeEntry } from '../../../shared/time.schema.ts';
import { today } from './time-display.ts';

/**
 * The Log Time form: the shared TimeEntryInputSchema's rules (SPEC §5: hours at least 0),
 * with a chosen project that must be given and NumberInput's '' for empty hours.
 */
export const LogTimeFormSchema = z.object({
  projectId: z
    .number()
    .nullable()
    .transform((value, ctx) => {
      if (value !== null) return value;
      ctx.addIssue({ code: 'custom', message: 'Project is required' });
      return z.NEVER;
    }),
  hours: z.preprocess((value, ctx) => {
    if (String(value ?? '').trim() !== '') return value;
    ctx.addIssue({ code: 'custom', message: 'Hours is required' });
    return z.NEVER;
  }, TimeEntryInputSchema.shape.hours),
  taskId: z.number().nullable(),
  date: TimeEntryInputSchema.shape.date,
  description: TimeEntryInputSchema.shape.description,
});
export type LogTimeFormInput = z.input<typeof LogTimeFormSchema>;
export type LogTimeFormOutput = z.output<typeof LogTimeFormSchema>;

export function logTimeDefaults(
  entry: TimeEntry | null,
  projectId: number | null,
): LogTimeFormInput {
  if (entry) {
    return {
      projectId: entry.projectId,
      taskId: entry.taskId,
      hours: Number(entry.hours),
      date: entry.date,
      description: entry.description ?? '',
    };
  }
  return { projectId, taskId: null, hours: '', date: today(), description: '' };
}
