import { DateInput, type DateInputProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { format, isValid, parse, parseISO } from 'date-fns';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { datePattern } from '../../../shared/datetime.ts';
import { displayPreferences, userWeekStartsOn } from '../display-preferences.tsx';

/** The dayjs spelling (Mantine's) of each date format's list pattern. */
const DAYJS_FORMATS = {
  'MM/DD/YYYY': 'MMM DD, YYYY',
  'DD/MM/YYYY': 'DD/MM/YYYY',
  'YYYY-MM-DD': 'YYYY-MM-DD',
} as const;

/**
 * Names for the calendar's controls, which are icons only. The month and year headings
 * that open the next level keep their text ("November 2026") as their name.
 */
const CALENDAR_LABELS = {
  nextMonth: 'Next month',
  previousMonth: 'Previous month',
  nextYear: 'Next year',
  previousYear: 'Previous year',
  nextDecade: 'Next decade',
  previousDecade: 'Previous decade',
};

/**
 * What a user types, read in their own date format first (so 03/04/2026 is 3 April for a
 * DD/MM/YYYY user), then in their numeric order, then as ISO; a calendar date string.
 */
function parseTyped(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  const prefs = displayPreferences();
  const reference = new Date();
  for (const pattern of [datePattern(prefs, 'medium'), datePattern(prefs, 'numeric')]) {
    const date = parse(text, pattern, reference);
    if (isValid(date)) return format(date, 'yyyy-MM-dd');
  }
  const iso = parseISO(text);
  return isValid(iso) ? format(iso, 'yyyy-MM-dd') : null;
}

/**
 * A calendar date field (YYYY-MM-DD in the form, '' when empty) shown and typed in the
 * user's date format, with a calendar whose week starts on the user's first day.
 */
export function DateField<T extends FieldValues, TContext, TTransformed>({
  control,
  name,
  label,
  description,
  withAsterisk,
}: {
  control: Control<T, TContext, TTransformed>;
  name: FieldPath<T>;
  label: string;
  description?: string;
  withAsterisk?: boolean;
}) {
  const prefs = displayPreferences();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateInput
          ref={field.ref}
          name={field.name}
          label={label}
          description={description}
          withAsterisk={withAsterisk}
          clearable={!withAsterisk}
          clearButtonProps={{ 'aria-label': `Clear ${label}` }}
          ariaLabels={CALENDAR_LABELS}
          value={(field.value as string | null) || null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          valueFormat={DAYJS_FORMATS[prefs.dateFormat] ?? DAYJS_FORMATS['MM/DD/YYYY']}
          dateParser={parseTyped}
          firstDayOfWeek={userWeekStartsOn()}
          // Mantine paints weekends red-6 (3.3:1 on white); days read alike instead.
          weekendDays={[]}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/**
 * A calendar date input outside a form (a list's filter), shown and typed like DateField:
 * the value is 'YYYY-MM-DD' or null.
 */
export function DayInput({
  value,
  onChange,
  label,
  ...props
}: Omit<DateInputProps, 'value' | 'onChange'> & {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const prefs = displayPreferences();
  return (
    <DateInput
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label}` }}
      ariaLabels={CALENDAR_LABELS}
      valueFormat={DAYJS_FORMATS[prefs.dateFormat] ?? DAYJS_FORMATS['MM/DD/YYYY']}
      dateParser={parseTyped}
      firstDayOfWeek={userWeekStartsOn()}
      weekendDays={[]}
      {...props}
      label={label}
      value={value}
      onChange={(next) => onChange(next || null)}
    />
  );
}
