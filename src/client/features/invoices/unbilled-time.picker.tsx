import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { sumAmounts } from '../../../shared/invoice-math.ts';
import { MAX_PAGE_SIZE } from '../../../shared/list.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import { formatHours } from '../../../shared/time.schema.ts';
import { trpc } from '../../trpc.ts';
import { entryCost, formatDay } from '../time/time-display.ts';
import { UnbilledChecklist, UnbilledPanel } from './unbilled-checklist.tsx';

/** Which unbilled time is offered: a project's (Create Invoice), or a client's, narrowed. */
export interface UnbilledTimeFilter {
  projectId?: number;
  clientId?: number;
  from?: string;
  to?: string;
}

/**
 * "Bill unbilled time": time no invoice has billed yet, with a checkbox each. Time is in
 * the workspace's currency (its rates are); on an invoice in another currency every entry
 * is listed, disabled, with the reason. `onTotal` reports the ticked entries' cost (each
 * rounded to the cent and summed, exactly, as the server does).
 */
export function UnbilledTimePicker({
  filter,
  currency,
  value,
  onChange,
  onTotal,
  disabled = false,
  title = 'Bill unbilled time',
  where = 'on this project',
  controls,
  footer,
}: {
  filter: UnbilledTimeFilter;
  /** The invoice's currency, once known. */
  currency: string | undefined;
  value: number[];
  onChange: (ids: number[]) => void;
  onTotal?: (amount: string) => void;
  disabled?: boolean;
  title?: ReactNode;
  /** Ends "No unbilled time …". */
  where?: string;
  /** Above the list (filters). */
  controls?: ReactNode;
  /** Below the list, once there is some (what adds the ticked time). */
  footer?: (ticked: number[]) => ReactNode;
}) {
  // One invoice bills at most a page of entries; the rest are told of, for the next invoice.
  // A workspace that invoices only approved time is offered only that (timesheets).
  const profile = trpc.business.get.useQuery(undefined, { staleTime: Infinity });
  const approvedOnly = profile.data?.invoiceApprovedTimeOnly ?? false;
  const timeCurrency = profile.data?.currency;
  const entries = trpc.time.list.useQuery(
    {
      ...filter,
      unbilled: true,
      ...(approvedOnly ? { approved: true } : {}),
      limit: MAX_PAGE_SIZE,
    },
    { enabled: profile.data !== undefined },
  );
  const rows = useMemo(() => entries.data?.items ?? [], [entries.data]);
  const more = (entries.data?.total ?? 0) - rows.length;
  const reason =
    currency !== undefined && timeCurrency !== undefined && currency !== timeCurrency
      ? `In ${timeCurrency}; this invoice is in ${currency}`
      : null;
  const chosen = reason ? [] : rows.filter((entry) => value.includes(entry.id));
  const cost = sumAmounts(chosen.map(entryCost), 2);
  const hours = sumAmounts(
    chosen.map((entry) => entry.hours),
    2,
  );
  const ticked = chosen.map((entry) => entry.id);

  useEffect(() => {
    if (onTotal && value.length > 0) onTotal(cost);
  }, [cost, value.length, onTotal]);

  let body;
  if (profile.isError || entries.isError) {
    body = (
      <Alert color="red" icon={<IconAlertTriangle size={16} />} p="xs">
        Unbilled time could not be loaded.
      </Alert>
    );
  } else if (timeCurrency === undefined || entries.isPending || currency === undefined) {
    body = (
      <Group gap="xs" py="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Loading unbilled time...
        </Text>
      </Group>
    );
  } else if (rows.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {approvedOnly
          ? `No unbilled time from approved timesheets ${where}.`
          : `No unbilled time ${where}.`}
      </Text>
    );
  } else {
    const money = (amount: string) => formatMoney(amount, timeCurrency);
    body = (
      <Stack gap="xs">
        <UnbilledChecklist
          what="time"
          rows={rows}
          value={value}
          onChange={onChange}
          disabled={disabled}
          blocked={() => reason}
          name={(entry) => entry.description || 'No description'}
          details={(entry) => (
            <>
              {filter.projectId === undefined ? `${entry.project.name} · ` : ''}
              {formatDay(entry.date)} · {formatHours(entry.hours)} · {money(entryCost(entry))}
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
            {money(cost)}
          </Text>
        )}
        {footer?.(ticked)}
      </Stack>
    );
  }

  return (
    <UnbilledPanel
      id="unbilled-time-title"
      title={
        <Text fw={600} size="sm">
          {title}
        </Text>
      }
    >
      {approvedOnly && (
        <Text size="xs" c="dimmed">
          Only time from approved timesheets is listed (Settings → Business).
        </Text>
      )}
      {controls}
      {body}
    </UnbilledPanel>
  );
}
