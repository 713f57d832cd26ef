import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { sumAmounts } from '../../../shared/invoice-math.ts';
import { MAX_PAGE_SIZE } from '../../../shared/list.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import { formatHours } from '../../../shared/time.schema.ts';
import { trpc } from '../../trpc.ts';
import { entryCost, formatDay } from '../time/time-display.ts';
import { UnbilledChecklist, UnbilledPanel } from './unbilled-checklist.tsx';

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
    body = (
      <Stack gap="xs">
        <UnbilledChecklist
          what="time"
          rows={rows}
          value={value}
          onChange={onChange}
          disabled={disabled}
          name={(entry) => entry.description || 'No description'}
          details={(entry) => (
            <>
              {formatDay(entry.date)} · {formatHours(entry.hours)} · {formatMoney(entryCost(entry))}
            </>
          )}
        />
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
    <UnbilledPanel
      id="unbilled-time-title"
      title={
        <Text fw={600} size="sm">
          Bill unbilled time
        </Text>
      }
    >
      {approvedOnly && (
        <Text size="xs" c="dimmed">
          Only time from approved timesheets is listed (Settings → Business).
        </Text>
      )}
      {body}
    </UnbilledPanel>
  );
}
