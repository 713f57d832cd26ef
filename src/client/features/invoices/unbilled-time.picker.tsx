import {
  Alert,
  Checkbox,
  Divider,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { sumAmounts } from '../../../shared/invoice-math.ts';
import { MAX_PAGE_SIZE } from '../../../shared/list.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import { formatHours } from '../../../shared/time.schema.ts';
import { trpc } from '../../trpc.ts';
import { entryCost, formatDay } from '../time/time-display.ts';

/**
 * "Bill unbilled time": the project's time no invoice has billed yet, with a checkbox
 * each. `onTotal` reports the ticked entries' cost (each rounded to the cent and summed,
 * exactly, as the server does), which becomes the invoice amount.
 */
export function UnbilledTimePicker({
  projectId,
  value,
  onChange,
  onTotal,
  disabled = false,
}: {
  projectId: number;
  value: number[];
  onChange: (ids: number[]) => void;
  onTotal: (amount: string) => void;
  disabled?: boolean;
}) {
  // One invoice bills at most a page of entries; the rest are told of, for the next invoice.
  // A workspace that invoices only approved time is offered only that (timesheets).
  const profile = trpc.business.get.useQuery();
  const approvedOnly = profile.data?.invoiceApprovedTimeOnly ?? false;
  const entries = trpc.time.list.useQuery(
    {
      projectId,
      unbilled: true,
      ...(approvedOnly ? { approved: true } : {}),
      limit: MAX_PAGE_SIZE,
    },
    { enabled: profile.data !== undefined || profile.isError },
  );
  const rows = useMemo(() => entries.data?.items ?? [], [entries.data]);
  const more = (entries.data?.total ?? 0) - rows.length;
  const chosen = rows.filter((entry) => value.includes(entry.id));
  const cost = sumAmounts(chosen.map(entryCost), 2);
  const hours = sumAmounts(
    chosen.map((entry) => entry.hours),
    2,
  );

  useEffect(() => {
    if (value.length > 0) onTotal(cost);
  }, [cost, value.length, onTotal]);

  let body;
  if (entries.isPending) {
    body = (
      <Group gap="xs" py="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Loading unbilled time...
        </Text>
      </Group>
    );
  } else if (entries.isError) {
    body = (
      <Alert color="red" icon={<IconAlertTriangle size={16} />} p="xs">
        Unbilled time could not be loaded.
      </Alert>
    );
  } else if (rows.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {approvedOnly
          ? 'No unbilled time from approved timesheets on this project.'
          : 'No unbilled time on this project.'}
      </Text>
    );
  } else {
    const all = chosen.length === rows.length;
    body = (
      <Stack gap="xs">
        <Checkbox
          label="Select all unbilled time"
          checked={all}
          indeterminate={chosen.length > 0 && !all}
          disabled={disabled}
          onChange={() => onChange(all ? [] : rows.map((entry) => entry.id))}
        />
        <Divider />
        <ScrollArea.Autosize mah={240} type="auto" scrollbars="y" offsetScrollbars="y">
          <Stack gap="xs">
            {rows.map((entry) => (
              <Checkbox
                key={entry.id}
                disabled={disabled}
                checked={value.includes(entry.id)}
                onChange={(event) =>
                  onChange(
                    event.currentTarget.checked
                      ? [...value, entry.id]
                      : value.filter((id) => id !== entry.id),
                  )
                }
                styles={{ body: { width: '100%' }, labelWrapper: { flex: 1, minWidth: 0 } }}
                label={
                  <Stack gap={0} miw={0}>
                    <Text size="sm" truncate="end">
                      {entry.description || 'No description'}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDay(entry.date)} · {formatHours(entry.hours)} ·{' '}
                      {formatMoney(entryCost(entry))}
                    </Text>
                  </Stack>
                }
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
        {more > 0 && (
          <Text size="xs" c="dimmed">
            The latest {rows.length} unbilled entries are shown; {more} older{' '}
            {more === 1 ? 'entry waits' : 'entries wait'} for another invoice.
          </Text>
        )}
        {chosen.length > 0 && (
          <Text size="sm" fw={500} aria-live="polite">
            {chosen.length} {chosen.length === 1 ? 'entry' : 'entries'} · {formatHours(hours)} ·{' '}
            {formatMoney(cost)}
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-6))"
      role="group"
      aria-labelledby="unbilled-time-title"
    >
      <Stack gap="xs">
        <Text id="unbilled-time-title" fw={600} size="sm">
          Bill unbilled time
        </Text>
        {approvedOnly && (
          <Text size="xs" c="dimmed">
            Only time from approved timesheets is listed (Settings → Business).
          </Text>
        )}
        {body}
      </Stack>
    </Paper>
  );
}
