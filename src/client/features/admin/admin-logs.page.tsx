import {
  Badge,
  Button,
  CloseButton,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
} from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { trpc } from '../../trpc.ts';
import { ACTIVITY_ACTIONS, ADMIN_PAGE_SIZE } from './admin-format.ts';
import { AdminLogsTable } from './admin-logs.table.tsx';
import { AdminPageHeader } from './admin-page-header.tsx';
import { SearchInput } from '../../components/list/search-input.tsx';
import { useListSearch, type LogsSearch } from '../../components/list/use-list-search.ts';
import { ListPager } from '../../components/list/list-pager.tsx';
import { AdminTableState } from './admin-table-state.tsx';

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
  const url = useListSearch<LogsSearch>();
  const { page, setPage } = url;
  const action = ACTIVITY_ACTIONS.find((known) => known === url.search.action) ?? null;
  const outcome: Outcome = url.search.outcome ?? 'all';
  // The name of the user chosen by a click; after a reload their rows tell it.
  const [chosen, setChosen] = useState<{ id: number; name: string } | null>(null);
  const filter = {
    action: action ?? undefined,
    userId: url.search.user,
    success: outcome === 'all' ? undefined : outcome === 'success',
    search: url.query,
  };
  const list = trpc.admin.logs.useQuery(
    { ...filter, limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );

  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const filtered =
    filter.action !== undefined ||
    filter.userId !== undefined ||
    filter.success !== undefined ||
    filter.search !== undefined;

  const userName =
    filter.userId === undefined
      ? undefined
      : chosen?.id === filter.userId
        ? chosen.name
        : (items.find((log) => log.userId === filter.userId)?.userName ?? `#${filter.userId}`);
  // Every filter change starts again from the newest entries (the list kit's update does).
  const setUser = (user: { id: number; name: string } | null) => {
    setChosen(user);
    url.update({ user: user?.id });
  };

  let body;
  if (list.isPending) body = <AdminTableState state="loading" label="Loading activity logs" />;
  else if (list.isError)
    body = (
      <AdminTableState
        state="error"
        label="Activity logs could not be loaded"
        onRetry={() => void list.refetch()}
      />
    );
  else if (items.length === 0)
    body = (
      <AdminTableState
        state="empty"
        label={filtered ? 'No activity matches these filters' : 'No activity recorded yet'}
        hint={filtered ? 'Try adjusting your filters' : undefined}
      />
    );
  else
    body = (
      <>
        <div style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <AdminLogsTable logs={items} onFilterUser={setUser} />
        </div>
        <ListPager
          page={page}
          pageSize={ADMIN_PAGE_SIZE}
          total={total}
          noun="entries"
          singular="entry"
          onPageChange={setPage}
        />
      </>
    );

  return (
    <Stack gap="md">
      <AdminPageHeader
        title="Activity Logs"
        description="What happened on this server, newest first. Entries older than LOG_RETENTION_DAYS (90 days by default) are removed."
        actions={
          <Button
            component="a"
            href={exportHref(filter)}
            download
            variant="default"
            leftSection={<IconDownload size={16} />}
          >
            Export CSV
          </Button>
        }
      />
      <Group gap="sm" align="center">
        <SearchInput
          label="Search logs"
          placeholder="Search details, user name or email..."
          value={url.text}
          searching={url.typing || (list.isFetching && url.query !== undefined)}
          onChange={url.setText}
        />
        <Select
          aria-label="Filter by action"
          placeholder="All actions"
          data={[...ACTIVITY_ACTIONS]}
          value={action}
          onChange={(value) => url.update({ action: value ?? undefined })}
          clearable
          w={{ base: '100%', xs: 220 }}
          comboboxProps={{ withinPortal: true }}
        />
        <SegmentedControl
          aria-label="Filter by status"
          data={OUTCOMES}
          value={outcome}
          onChange={(value) =>
            url.update({ outcome: value === 'all' ? undefined : (value as LogsSearch['outcome']) })
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
      </Group>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        {body}
      </Paper>
    </Stack>
  );
}

export default AdminLogsPage;
