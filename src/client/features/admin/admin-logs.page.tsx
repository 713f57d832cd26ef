import { Badge, Button, CloseButton, SegmentedControl, Select } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconDownload, IconInbox } from '@tabler/icons-react';
import { useState } from 'react';
import { trpc } from '../../trpc.ts';
import { ACTIVITY_ACTIONS, ADMIN_PAGE_SIZE } from './admin-format.ts';
import { adminLogColumns } from './admin-logs.table.tsx';
import { ListPage } from '../../components/list/list-page.tsx';
import { useListControls } from '../../components/list/use-list-controls.ts';
import type { LogsSearch } from '../../components/list/use-list-search.ts';

type Outcome = 'all' | NonNullable<LogsSearch['outcome']>;

const OUTCOMES: { value: Outcome; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'success', label: 'Success' },
  { value: 'failed', label: 'Failed' },
];

/** The filters as the export's query string, so the file holds what the table shows. */
function exportHref(filter: {
  action?: string;
  userId?: number;
  success?: boolean;
  search?: string;
}): string {
  const params = new URLSearchParams();
  if (filter.action) params.set('action', filter.action);
  if (filter.userId !== undefined) params.set('userId', String(filter.userId));
  if (filter.success !== undefined) params.set('success', String(filter.success));
  if (filter.search) params.set('search', filter.search);
  const query = params.toString();
  return `/api/admin/activity-logs/export${query ? `?${query}` : ''}`;
}

/**
 * /admin/logs: the real activity log (sign-ups, sign-ins and failed ones, sign-outs,
 * workspace and invitation events, admin actions), newest first and paged on the server,
 * filtered by action, user, outcome and text (kept in the URL: a filtered log can be
 * linked), and exported as CSV with the same filters.
 */
export function AdminLogsPage() {
  const controls = useListControls<never, never, LogsSearch>({ pageSize: ADMIN_PAGE_SIZE });
  const { search } = controls;
  const action = ACTIVITY_ACTIONS.find((known) => known === search.action) ?? null;
  const outcome: Outcome = search.outcome ?? 'all';
  // The name of the user chosen by a click; after a reload their rows tell it.
  const [chosen, setChosen] = useState<{ id: number; name: string } | null>(null);
  const filter = {
    action: action ?? undefined,
    userId: search.user,
    success: outcome === 'all' ? undefined : outcome === 'success',
    search: controls.query,
  };
  const list = trpc.admin.logs.useQuery(
    { ...filter, ...controls.paging },
    { placeholderData: keepPreviousData },
  );
  const filtered = Object.values(filter).some((value) => value !== undefined);

  const userName =
    filter.userId === undefined
      ? undefined
      : chosen?.id === filter.userId
        ? chosen.name
        : (list.data?.items.find((log) => log.userId === filter.userId)?.userName ??
          `#${filter.userId}`);
  // Every filter change starts again from the newest entries (the list kit's update does).
  const setUser = (user: { id: number; name: string } | null) => {
    setChosen(user);
    controls.update({ user: user?.id });
  };

  return (
    <ListPage
      controls={controls}
      result={list}
      noun="entries"
      singular="entry"
      what="activity logs"
      header={{
        title: 'Activity Logs',
        description:
          'What happened on this server, newest first. Entries older than LOG_RETENTION_DAYS (90 days by default) are removed.',
        action: (
          <Button
            component="a"
            href={exportHref(filter)}
            download
            variant="default"
            leftSection={<IconDownload size={16} />}
          >
            Export CSV
          </Button>
        ),
      }}
      search={{ label: 'Search logs', placeholder: 'Search details, user name or email...' }}
      filters={
        <>
          <Select
            aria-label="Filter by action"
            placeholder="All actions"
            data={[...ACTIVITY_ACTIONS]}
            value={action}
            onChange={(value) => controls.update({ action: value ?? undefined })}
            clearable
            w={{ base: '100%', xs: 220 }}
            comboboxProps={{ withinPortal: true }}
          />
          <SegmentedControl
            aria-label="Filter by status"
            data={OUTCOMES}
            value={outcome}
            onChange={(value) =>
              controls.update({
                outcome: value === 'all' ? undefined : (value as LogsSearch['outcome']),
              })
            }
          />
          {userName !== undefined && (
            <Badge
              miw="max-content"
              size="lg"
              variant="light"
              tt="none"
              rightSection={
                <CloseButton size="xs" aria-label="Show every user" onClick={() => setUser(null)} />
              }
            >
              User: {userName}
            </Badge>
          )}
        </>
      }
      filtering={filtered}
      empty={{
        icon: <IconInbox size={26} stroke={1.5} />,
        title: 'No activity recorded yet',
        filteredTitle: 'No activity matches these filters',
        filteredDescription: 'Try adjusting your filters',
      }}
      minWidth={980}
      columns={adminLogColumns({ onFilterUser: setUser })}
    />
  );
}

export default AdminLogsPage;
