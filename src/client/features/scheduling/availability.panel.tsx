import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import {
  AvailabilityInputSchema,
  WEEKDAY_KEYS,
  type Availability,
  type AvailabilityInput,
} from '../../../shared/scheduling.schema.ts';
import { userToday } from '../../components/display-preferences.tsx';
import { DayInput } from '../../components/form/date-field.tsx';
import { QueryData } from '../../components/query-state.tsx';
import { trpc } from '../../trpc.ts';
import { showServerErrors } from './server-errors.ts';

type Weekday = (typeof WEEKDAY_KEYS)[number];
type Values = z.input<typeof AvailabilityInputSchema> & {
  weekly: Record<Weekday, { start: string; end: string }[]>;
  overrides: { date: string; intervals: { start: string; end: string }[] }[];
};
type Form = UseFormReturn<Values, unknown, AvailabilityInput>;

const DAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};
const WORKING_HOURS = { start: '09:00', end: '17:00' };

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Hours never saved: weekdays nine to five in the browser's zone, as a starting point. */
function defaultsOf(saved: Availability): Values {
  if (saved.updatedAt) return { ...saved };
  const weekly = Object.fromEntries(
    WEEKDAY_KEYS.map((day) => [day, day === 'sat' || day === 'sun' ? [] : [WORKING_HOURS]]),
  ) as Values['weekly'];
  return { timezone: browserZone(), weekly, overrides: [] };
}

/** The member's weekly hours, their time zone and date overrides: when people can book them. */
export function AvailabilityPanel() {
  const availability = trpc.scheduling.availability.useQuery();
  return (
    <QueryData query={availability} what="availability">
      {(saved) => <AvailabilityForm saved={saved} />}
    </QueryData>
  );
}

function AvailabilityForm({ saved }: { saved: Availability }) {
  const form: Form = useForm<Values, unknown, AvailabilityInput>({
    resolver: zodResolver(AvailabilityInputSchema) as never,
    defaultValues: defaultsOf(saved),
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const { mutateAsync: save } = trpc.scheduling.saveAvailability.useMutation({
    meta: { success: 'Availability saved', invalidates: [trpc.scheduling.availability] },
  });
  // Some zones (UTC, old aliases) are valid yet missing from the list: the saved one is kept.
  const zones = useMemo(() => {
    const all = Intl.supportedValuesOf('timeZone');
    const current = form.getValues('timezone');
    return all.includes(current) ? all : [current, ...all];
  }, [form]);
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const answer = await save(values);
      form.reset(defaultsOf(answer));
    } catch (error) {
      setRefusal(
        showServerErrors(error, form.setError, (path) =>
          /^(timezone|weekly|overrides)\b/.test(path),
        ),
      );
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Availability">
      <Stack gap="md" maw={760}>
        {!saved.updatedAt && (
          <Alert color="blue" variant="light">
            No time can be booked until you save your hours. Check them, then press Save.
          </Alert>
        )}
        <Controller
          control={form.control}
          name="timezone"
          render={({ field, fieldState }) => (
            <Select
              label="Time zone"
              description="Your hours below are in this zone; visitors see times in theirs."
              searchable
              data={zones}
              value={field.value}
              onChange={(value) => field.onChange(value ?? '')}
              error={fieldState.error?.message}
              allowDeselect={false}
              maw={360}
            />
          )}
        />
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Title order={3} size="h5">
              Weekly hours
            </Title>
            {WEEKDAY_KEYS.map((day) => (
              <WeekdayRow key={day} day={day} form={form} />
            ))}
          </Stack>
        </Paper>
        <OverridesEditor form={form} />
        {refusal && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            Save availability
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The message on a day's list itself (overlapping intervals, too many). */
function listError(form: Form, path: `weekly.${Weekday}` | `overrides.${number}.intervals`) {
  const state = form.getFieldState(path, form.formState).error as
    { message?: string; root?: { message?: string } } | undefined;
  return state?.message ?? state?.root?.message;
}

function WeekdayRow({ day, form }: { day: Weekday; form: Form }) {
  const intervals = useWatch({ control: form.control, name: `weekly.${day}` });
  const on = intervals.length > 0;
  return (
    <Group align="flex-start" gap="md" wrap="wrap">
      <Switch
        label={DAY_NAMES[day]}
        checked={on}
        w={130}
        mt={8}
        onChange={(event) =>
          form.setValue(`weekly.${day}`, event.currentTarget.checked ? [WORKING_HOURS] : [], {
            shouldDirty: true,
          })
        }
      />
      {on ? (
        <IntervalsEditor form={form} path={`weekly.${day}`} dayLabel={DAY_NAMES[day]} />
      ) : (
        <Text size="sm" c="dimmed" mt={8}>
          Unavailable
        </Text>
      )}
    </Group>
  );
}

/** A day's intervals, start to end, one under another, with a + for another. */
function IntervalsEditor({
  form,
  path,
  dayLabel,
}: {
  form: Form;
  path: `weekly.${Weekday}` | `overrides.${number}.intervals`;
  dayLabel: string;
}) {
  const list = useFieldArray({ control: form.control, name: path as 'weekly.mon' });
  const error = listError(form, path);
  return (
    <Stack gap={6} style={{ flex: 1 }} miw={260}>
      {list.fields.map((field, index) => (
        <Group key={field.id} gap="xs" align="flex-start" wrap="nowrap">
          <TimeInput
            aria-label={`${dayLabel}, from (interval ${index + 1})`}
            w={120}
            {...form.register(`${path}.${index}.start` as 'weekly.mon.0.start')}
            error={
              form.getFieldState(`${path}.${index}.start` as 'weekly.mon.0.start', form.formState)
                .error?.message
            }
          />
          <Text size="sm" mt={8} aria-hidden>
            –
          </Text>
          <TimeInput
            aria-label={`${dayLabel}, until (interval ${index + 1})`}
            w={120}
            {...form.register(`${path}.${index}.end` as 'weekly.mon.0.end')}
            error={
              form.getFieldState(`${path}.${index}.end` as 'weekly.mon.0.end', form.formState).error
                ?.message
            }
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            mt={4}
            onClick={() => list.remove(index)}
            aria-label={`Remove ${dayLabel}, interval ${index + 1}`}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group gap="xs">
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          onClick={() => list.append({ start: '', end: '' })}
          aria-label={`Add hours on ${dayLabel}`}
        >
          Add hours
        </Button>
      </Group>
      {error && (
        <Text size="sm" c="red">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** Dates that differ from the week: a day off, or that day's own hours. */
function OverridesEditor({ form }: { form: Form }) {
  const overrides = useFieldArray({ control: form.control, name: 'overrides' });
  const values = useWatch({ control: form.control, name: 'overrides' });
  const listMessage = (form.formState.errors.overrides as { message?: string } | undefined)
    ?.message;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            Date overrides
          </Title>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => overrides.append({ date: userToday(), intervals: [] })}
          >
            Add a date
          </Button>
        </Group>
        {overrides.fields.length === 0 && (
          <Text size="sm" c="dimmed">
            A holiday, or a day with other hours: add the date, then mark it off or give its hours.
          </Text>
        )}
        {overrides.fields.map((field, index) => {
          const dayOff = (values[index]?.intervals.length ?? 0) === 0;
          const label = `Override ${index + 1}`;
          return (
            <Group key={field.id} align="flex-start" gap="md" wrap="wrap">
              <Controller
                control={form.control}
                name={`overrides.${index}.date`}
                render={({ field: date, fieldState }) => (
                  <DayInput
                    label={`Date (${label.toLowerCase()})`}
                    w={170}
                    clearable={false}
                    value={date.value || null}
                    onChange={(value) => date.onChange(value ?? '')}
                    error={fieldState.error?.message}
                  />
                )}
              />
              <Switch
                label="Day off"
                mt={30}
                checked={dayOff}
                onChange={(event) =>
                  form.setValue(
                    `overrides.${index}.intervals`,
                    event.currentTarget.checked ? [] : [WORKING_HOURS],
                    { shouldDirty: true },
                  )
                }
              />
              {!dayOff && (
                <Stack mt={24} style={{ flex: 1 }} miw={260}>
                  <IntervalsEditor
                    form={form}
                    path={`overrides.${index}.intervals`}
                    dayLabel={label}
                  />
                </Stack>
              )}
              <ActionIcon
                variant="subtle"
                color="red"
                mt={30}
                onClick={() => overrides.remove(index)}
                aria-label={`Remove ${label.toLowerCase()}`}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          );
        })}
        {listMessage && (
          <Text size="sm" c="red">
            {listMessage}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
