import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconLock,
  IconLockOpen,
  IconPlus,
  IconSend,
} from '@tabler/icons-react';
import { addDays, addWeeks, format, parseISO } from 'date-fns';
import { useMemo, useState } from 'react';
import {
  managesTimesheets,
  TIMESHEET_STATUS_LABELS,
  weekStartOf,
  type Timesheet,
  type TimesheetStatus,
} from '../../../shared/timesheets.schema.ts';
import { showDateTime, userToday } from '../../components/display-preferences.tsx';
import { ListPageHeader } from '../../components/list/list-page-header.tsx';
import { succeeded } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import { useCurrentWorkspace, useMe } from '../auth/session.ts';
import { AddRowDialog, type NewRow } from './add-row.dialog.tsx';
import { RejectWeekDialog } from './reject-week.dialog.tsx';
import { TimesheetGrid, type GridRow } from './timesheet-grid.tsx';
import { useTimesheetMutations } from './use-timesheet-mutations.ts';

const STATUS_COLORS: Record<TimesheetStatus, string> = {
  open: 'gray',
  submitted: 'blue',
  approved: 'green',
  rejected: 'red',
};

/** 'Nov 23 – 29, 2026' for the week of Monday 2026-11-23. */
export function weekLabel(weekStart: string): string {
  const monday = parseISO(weekStart);
  const sunday = addDays(monday, 6);
  const sameMonth = monday.getMonth() === sunday.getMonth();
  return `${format(monday, 'MMM d')} – ${format(sunday, sameMonth ? 'd, yyyy' : 'MMM d, yyyy')}`;
}

const rowKey = (projectId: number, taskId: number | null) => `${projectId}:${taskId ?? ''}`;

/** The server's rows, then rows added here that have no hours yet. */
function gridRows(sheet: Timesheet, added: NewRow[]): GridRow[] {
  const rows: GridRow[] = sheet.rows.map((row) => ({
    key: rowKey(row.projectId, row.taskId),
    projectId: row.projectId,
    taskId: row.taskId,
    projectName: row.projectName,
    taskTitle: row.taskTitle,
    hours: row.cells.map((c) => c.hours),
    total: row.total,
  }));
  for (const row of added) {
    const key = rowKey(row.projectId, row.taskId);
    if (rows.some((r) => r.key === key)) continue;
    rows.push({ key, ...row, hours: sheet.days.map(() => '0.00'), total: '0.00' });
  }
  return rows;
}

/**
 * `/timesheets` (issue 22): a member's week as a keyboard-driven grid of projects and
 * tasks by day, submitted for approval; roles that manage time pick a member, approve or
 * reject their submitted weeks, and unlock approved ones.
 */
export function TimesheetsPage() {
  const role = useCurrentWorkspace().data?.role;
  const me = useMe().data;
  const manager = role !== undefined && managesTimesheets(role);
  const [week, setWeek] = useState(() => weekStartOf(userToday()));
  const [memberId, setMemberId] = useState<number | null>(null);
  const [added, setAdded] = useState<Record<string, NewRow[]>>({});
  const [adding, setAdding] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const members = trpc.team.members.useQuery(undefined, { enabled: manager });
  const sheet = trpc.timesheets.get.useQuery(
    { week, ...(memberId !== null ? { userId: memberId } : {}) },
    { placeholderData: (previous) => previous },
  );
  const pending = trpc.timesheets.pending.useQuery(undefined, { enabled: manager });
  const { setCell, submit, approve, reject, unlock } = useTimesheetMutations();

  const data = sheet.data;
  const addedKey = `${week}:${memberId ?? 'me'}`;
  const rows = useMemo(
    () => (data ? gridRows(data, added[addedKey] ?? []) : []),
    [data, added, addedKey],
  );
  const activeMembers = (members.data ?? []).filter((m) => m.isActive);
  const own = data !== undefined && me !== undefined && data.userId === me.id;
  // Managers review others' weeks; their own only when no other member reviews weeks.
  const otherReviewers = activeMembers.filter(
    (m) => m.id !== me?.id && managesTimesheets(m.role),
  ).length;
  const canReview = manager && data !== undefined && (!own || otherReviewers === 0);
  const review = data ? { userId: data.userId, week: data.weekStart } : null;

  const saveCell = async (row: GridRow, date: string, hours: number) =>
    (await succeeded(
      setCell.mutateAsync({ date, projectId: row.projectId, taskId: row.taskId, hours }),
    )) !== undefined;

  return (
    <Stack gap="lg" maw={1200}>
      <ListPageHeader
        title="Timesheets"
        description="Your week of time by project and day, submitted for approval."
      />

      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs">
          <Tooltip label="Previous week">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Previous week"
              onClick={() => setWeek(format(addWeeks(parseISO(week), -1), 'yyyy-MM-dd'))}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
          </Tooltip>
          <Text fw={600} ta="center" aria-live="polite">
            {weekLabel(week)}
          </Text>
          <Tooltip label="Next week">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Next week"
              onClick={() => setWeek(format(addWeeks(parseISO(week), 1), 'yyyy-MM-dd'))}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </Tooltip>
          <Button variant="default" onClick={() => setWeek(weekStartOf(userToday()))}>
            This week
          </Button>
        </Group>
        {manager && (
          <Select
            label="Member"
            w={{ base: '100%', xs: 240 }}
            searchable
            allowDeselect={false}
            data={activeMembers.map((m) => ({
              value: String(m.id),
              label: m.id === me?.id ? `${m.fullName || m.email} (you)` : m.fullName || m.email,
            }))}
            value={String(memberId ?? me?.id ?? '')}
            onChange={(value) =>
              setMemberId(value === null || Number(value) === me?.id ? null : Number(value))
            }
          />
        )}
      </Group>

      {sheet.isError && (
        <Alert color="red" title="The timesheet could not be loaded">
          {sheet.error.message}
        </Alert>
      )}
      {sheet.isPending && <Loader aria-label="Loading timesheet" />}

      {data && (
        <Card withBorder padding="md">
          <Stack gap="md">
            <Group justify="space-between" gap="sm">
              <Group gap="sm">
                <Title order={3} fz="lg">
                  {own ? 'Your week' : `${data.user.fullName}'s week`}
                </Title>
                <Badge color={STATUS_COLORS[data.status]} variant="light" size="lg">
                  {TIMESHEET_STATUS_LABELS[data.status]}
                </Badge>
              </Group>
              <Group gap="xs">
                {data.editable && (
                  <Button
                    variant="default"
                    leftSection={<IconPlus size={16} />}
                    onClick={() => setAdding(true)}
                  >
                    Add row
                  </Button>
                )}
                {data.editable && (
                  <Button
                    leftSection={<IconSend size={16} />}
                    loading={submit.isPending}
                    onClick={() => void succeeded(submit.mutateAsync({ week: data.weekStart }))}
                  >
                    Submit week
                  </Button>
                )}
                {canReview && data.status === 'submitted' && review && (
                  <>
                    <Button color="red" variant="light" onClick={() => setRejecting(true)}>
                      Reject
                    </Button>
                    <Button
                      color="green"
                      leftSection={<IconLock size={16} />}
                      loading={approve.isPending}
                      onClick={() => void succeeded(approve.mutateAsync(review))}
                    >
                      Approve
                    </Button>
                  </>
                )}
                {canReview && data.status === 'approved' && review && (
                  <Button
                    variant="default"
                    leftSection={<IconLockOpen size={16} />}
                    loading={unlock.isPending}
                    onClick={() => void succeeded(unlock.mutateAsync(review))}
                  >
                    Unlock
                  </Button>
                )}
              </Group>
            </Group>
            <StatusNote sheet={data} />
            <TimesheetGrid sheet={data} rows={rows} editable={data.editable} onSave={saveCell} />
          </Stack>
        </Card>
      )}

      {manager && (
        <PendingWeeks
          items={pending.data ?? []}
          loading={pending.isPending}
          onReview={(userId, weekStart) => {
            setMemberId(userId === me?.id ? null : userId);
            setWeek(weekStart);
          }}
        />
      )}

      <AddRowDialog
        opened={adding}
        onClose={() => setAdding(false)}
        onAdd={(row) =>
          setAdded((all) => ({ ...all, [addedKey]: [...(all[addedKey] ?? []), row] }))
        }
      />
      <RejectWeekDialog
        opened={rejecting}
        memberName={data?.user.fullName ?? ''}
        onClose={() => setRejecting(false)}
        onReject={async (comment) =>
          review !== null &&
          (await succeeded(reject.mutateAsync({ ...review, comment }))) !== undefined
        }
      />
    </Stack>
  );
}

function StatusNote({ sheet }: { sheet: Timesheet }) {
  const by = sheet.reviewer ? ` by ${sheet.reviewer.fullName}` : '';
  const when = sheet.reviewedAt ? ` on ${showDateTime(sheet.reviewedAt)}` : '';
  if (sheet.status === 'approved') {
    return (
      <Alert color="green" icon={<IconLock size={18} />}>
        Approved{by}
        {when}. This week&apos;s time is locked: it cannot be changed until a manager unlocks it.
      </Alert>
    );
  }
  if (sheet.status === 'submitted') {
    return (
      <Alert color="blue">
        Submitted{sheet.submittedAt ? ` on ${showDateTime(sheet.submittedAt)}` : ''} and waiting for
        approval. The grid cannot be changed until the week is reviewed.
      </Alert>
    );
  }
  if (sheet.status === 'rejected') {
    return (
      <Alert color="red" title={`Rejected${by}`}>
        {sheet.comment}
      </Alert>
    );
  }
  return null;
}

function PendingWeeks({
  items,
  loading,
  onReview,
}: {
  items: {
    userId: number;
    user: { fullName: string };
    weekStart: string;
    total: string;
    submittedAt: string | null;
  }[];
  loading: boolean;
  onReview: (userId: number, weekStart: string) => void;
}) {
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={3} fz="lg">
          Awaiting approval
        </Title>
        {loading ? (
          <Loader size="sm" aria-label="Loading weeks awaiting approval" />
        ) : items.length === 0 ? (
          <Text c="dimmed" size="sm">
            No weeks are waiting for approval.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="xs" aria-label="Weeks awaiting approval">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Member</Table.Th>
                  <Table.Th>Week</Table.Th>
                  <Table.Th ta="right">Hours</Table.Th>
                  <Table.Th>Submitted</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={`${item.userId}:${item.weekStart}`}>
                    <Table.Td>{item.user.fullName}</Table.Td>
                    <Table.Td>{weekLabel(item.weekStart)}</Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {item.total}
                    </Table.Td>
                    <Table.Td>{item.submittedAt ? showDateTime(item.submittedAt) : '—'}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        variant="light"
                        aria-label={`Review ${item.user.fullName}'s week of ${weekLabel(item.weekStart)}`}
                        onClick={() => onReview(item.userId, item.weekStart)}
                      >
                        Review
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}

export default TimesheetsPage;
