import { z } from 'zod';
import { formDefaultsOf, formSchemaOf } from '../../../shared/fields.ts';
import {
  TIME_ENTRY_FIELDS,
  TimeEntryFieldsSchema,
  type TimeEntry,
} from '../../../shared/time.schema.ts';
import { today } from './time-display.ts';

/**
 * The Log Time form: the form's shapes of TIME_ENTRY_FIELDS (a chosen project or null,
 * NumberInput's '' for empty hours), then the shared rules (SPEC §5: hours at least 0).
 */
export const LogTimeFormSchema = formSchemaOf(TIME_ENTRY_FIELDS, TimeEntryFieldsSchema);
export type LogTimeFormInput = z.input<typeof LogTimeFormSchema>;
export type LogTimeFormOutput = z.output<typeof LogTimeFormSchema>;

/** The saved entry's values, or a new one's: today, on the project it was logged from. */
export function logTimeDefaults(
  entry: TimeEntry | null,
  projectId: number | null,
): LogTimeFormInput {
  return formDefaultsOf(TIME_ENTRY_FIELDS, entry, { projectId, date: today() });
}
