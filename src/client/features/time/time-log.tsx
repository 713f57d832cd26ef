import {
  Button,
  Card,
  Divider,
  Group,
  Input,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconClockHour4 } from '@tabler/icons-react';
import { Fragment, useState, type FormEvent } from 'react';
import type { WorkspaceRole } from '../../../shared/roles.ts';
import {
  formatHours,
  type TimeEntry,
  type TimeEntryListQuery,
} from '../../../shared/time.schema.ts';
import { ClientFilter } from '../../components/client-filter.tsx';
import { DayInput } from '../../components/form/date-field.tsx';
import { DateRangeFilter } from '../../components/list/date-range-filter.tsx';
import { FilterFold } from '../../components/list/filter-fold.tsx';
import { ListPage } from '../../components/list/list-page.tsx';
import { ListTotals } from '../../components/list/list-totals.tsx';
import { useLocalListControls } from '../../components/list/use-list-controls.ts';
import { useMoney } from '../../components/money.tsx';
import { trpc } from '../../trpc.ts';
import { useCurrentWorkspace, useMe } from '../auth/session.ts';
import { ProjectPicker } from '../projects/project-picker.tsx';
import { TaskPicker } from './task-picker.tsx';
import { TimeEntryRow } from './time-entry-row.tsx';
import { useTimeMutations } from './use-time-mutations.ts';

/** Who may change anyone's time (the server's rule); others change their own. */
const TIME_MANAGERS: readonly WorkspaceRole[] = [
  'owner',
  'partner',
  'administrator',
  'project_manager',
];

const PAGE_SIZE = 25;

type Billing = 'all' | 'unbilled' | 'billed';

interface Filters {
  from: string | null;
  to: string | null;
  projectId: number | null;
  clientId: number | null;
  taskId: number | null;
  userId: number | null;
  billing: Billing;
}

const NO_FILTERS: Filters = {
  from: null,
  to: null,
  projectId: null,
  clientId: null,
  taskId: null,
  userId: null,
  billing: 'all',
};

/** The log's query: what is set, and the page. */
function queryOf(filters: Filters, page: number, projectId?: number): TimeEntryListQuery {
  const project = projectId ?? filters.projectId;
  return {
    limit: PAGE_SIZE,
    ...(page > 1 ? { offset: (page - 1) * PAGE_SIZE } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(project !== null ? { projectId: project } : {}),
    ...(filters.clientId !== null && projectId === undefined ? { clientId: filters.clientId } : {}),
    ...(filters.taskId !== null ? { taskId: filters.taskId } : {}),
    ...(filters.userId !== null ? { userId: filters.userId } : {}),
    ...(filters.billing !== 'all' ? { billed: filters.billing === 'billed' } : {}),
  };
}

function MemberFilter({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const members = trpc.team.members.useQuery();
  return (
    <Select
      label="Member"
      placeholder="Everyone"
      searchable
      clearable
      nothingFoundMessage="No members found"
      data={(members.data ?? []).map((m) => ({ value: String(m.id), label: m.fullName }))}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v === null ? null : Number(v))}
    />
  );
}

/**
 * An entry changed in place: what, how long, when, and on which project and task. The
 * server's refusal (an invoiced entry, a locked week) shows as an error toast.
 */
function EntryEditor({
  entry,
  onDone,
  lockProject,
}: {
  entry: TimeEntry;
  onDone: () => void;
  lockProject: boolean;
}) {
  const mutations = useTimeMutations();
  const [description, setDescription] = useState(entry.description ?? '');
  const [hours, setHours] = useState<string | number>(Number(entry.hours));
  const [date, setDate] = useState<string | null>(entry.date);
  const [projectId, setProjectId] = useState<number | null>(entry.projectId);
  const [taskId, setTaskId] = useState<number | null>(entry.taskId);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = Number(hours);
    if (hours === '' || !Number.isFinite(value) || value < 0) {
      setError('Hours must be a number of at least 0');
      return;
    }
    if (!date || projectId === null) {
      setError(!date ? 'Date is required' : 'Project is required');
      return;
    }
    setError(null);
    setSaving(true);
    const saved = await mutations.update(entry.id, {
      description: description.trim() || null,
      hours: value,
      date,
      projectId,
      taskId,
    });
    setSaving(false);
    if (saved) onDone();
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label={`Edit ${entry.description || 'time entry'}`}
      noValidate
      onKeyDown={(event) => {
        // Escape leaves the entry as it was (a picker's open list closes first).
        const target = event.target as HTMLElement;
        if (event.key !== 'Escape' || event.defaultPrevented || saving) return;
        if (target.getAttribute('aria-expanded') === 'true') return;
        onDone();
      }}
    >
      <Stack
        gap="sm"
        p="sm"
        my="xs"
        bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-6))"
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      >
        <TextInput
          label="Description"
          value={description}
          maxLength={2000}
          onChange={(event) => setDescription(event.currentTarget.value)}
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <NumberInput
            label="Hours"
            step={0.25}
            min={0}
            decimalScale={2}
            value={hours}
            onChange={setHours}
            error={error?.startsWith('Hours') ? error : undefined}
          />
          <DayInput
            label="Date"
            value={date}
            onChange={setDate}
            clearable={false}
            error={error === 'Date is required' ? error : undefined}
          />
          <ProjectPicker
            label="Project"
            value={projectId}
            valueLabel={entry.project.name}
            onChange={(id) => {
              setProjectId(id);
              setTaskId(null);
            }}
            disabled={lockProject}
            nothingFoundMessage="No projects found"
            error={error === 'Project is required' ? error : undefined}
          />
          <TaskPicker
            projectId={projectId}
            value={taskId}
            valueLabel={entry.task?.title ?? null}
            onChange={setTaskId}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The time log: every entry, newest work first, a page at a time, filtered by dates,
 * project, client, task, member and billing, with the hours and money of the whole filter
 * above it. Entries change in place; invoiced ones are read-only. With `projectId` it is
 * one project's log (the project page's Time tab).
 */
export function TimeLog({ projectId }: { projectId?: number }) {
  const me = useMe();
  const workspace = useCurrentWorkspace();
  const mutations = useTimeMutations();
  const formatMoney = useMoney();
  // The page is the log's own: it sits inside pages whose URL says other things.
  const controls = useLocalListControls({ pageSize: PAGE_SIZE });
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<TimeEntry | null>(null);

  const entries = trpc.time.list.useQuery(queryOf(filters, controls.page, projectId), {
    placeholderData: keepPreviousData,
  });
  const role = workspace.data?.role;
  const canChange = (entry: TimeEntry) =>
    entry.invoiceId === null &&
    (entry.userId === me.data?.id || (role !== undefined && TIME_MANAGERS.includes(role)));
  const filter = (change: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...change }));
    controls.setPage(1);
  };
  const filtered = Object.entries(filters).some(
    ([key, value]) => value !== NO_FILTERS[key as keyof Filters],
  );
  const taskProject = projectId ?? filters.projectId;

  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="time-log-title">
      <ListPage
        controls={controls}
        result={entries}
        bare
        noun="entries"
        singular="entry"
        what="time entries"
        errorTitle="Time could not be loaded"
        header={
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
            <Title order={3} fz="lg" id="time-log-title">
              Time Log
            </Title>
            {entries.data && (
              <ListTotals
                totals={[
                  {
                    label: 'Hours',
                    value: formatHours(entries.data.totalHours),
                    testId: 'total-hours',
                  },
                  {
                    label: 'Amount',
                    value: formatMoney(entries.data.totalAmount),
                    testId: 'total-amount',
                  },
                ]}
              />
            )}
          </Group>
        }
        below={
          <FilterFold
            id="time-log-filters"
            active={filtered}
            cols={{ base: 1, xs: 2, md: projectId === undefined ? 4 : 3 }}
          >
            <DateRangeFilter from={filters.from} to={filters.to} onChange={filter} />
            {projectId === undefined && (
              <ProjectPicker
                label="Project"
                placeholder="All projects"
                clearable
                value={filters.projectId}
                onChange={(id) => filter({ projectId: id, taskId: null })}
                nothingFoundMessage="No projects found"
              />
            )}
            {projectId === undefined && (
              <ClientFilter
                value={filters.clientId}
                onChange={(clientId) => filter({ clientId })}
              />
            )}
            <TaskPicker
              projectId={taskProject}
              value={filters.taskId}
              onChange={(taskId) => filter({ taskId })}
              placeholder={taskProject === null ? 'Choose a project first' : 'All tasks'}
            />
            <MemberFilter value={filters.userId} onChange={(userId) => filter({ userId })} />
            <Input.Wrapper
              label="Billing"
              labelElement="div"
              labelProps={{ id: 'time-log-billing' }}
            >
              <SegmentedControl
                aria-labelledby="time-log-billing"
                fullWidth
                value={filters.billing}
                onChange={(billing) => filter({ billing: billing as Billing })}
                data={[
                  { value: 'all', label: 'All' },
                  { value: 'unbilled', label: 'Unbilled' },
                  { value: 'billed', label: 'Billed' },
                ]}
              />
            </Input.Wrapper>
            {filtered && (
              <Button
                variant="subtle"
                color="gray"
                onClick={() => filter(NO_FILTERS)}
                style={{ alignSelf: 'flex-end' }}
              >
                Clear filters
              </Button>
            )}
          </FilterFold>
        }
        filtering={filtered}
        empty={{
          icon: <IconClockHour4 size={26} stroke={1.5} />,
          title: 'No time logged yet',
          description: 'Start the timer or log time by hand.',
          filteredTitle: 'No time matches these filters',
          filteredDescription: 'Widen the dates or clear a filter.',
        }}
        rows={(items) => (
          <Stack gap={0}>
            {items.map((entry, index) => (
              <Fragment key={entry.id}>
                {index > 0 && <Divider />}
                {editing === entry.id ? (
                  <EntryEditor
                    entry={entry}
                    lockProject={projectId !== undefined}
                    onDone={() => setEditing(null)}
                  />
                ) : (
                  <TimeEntryRow
                    entry={entry}
                    onEdit={canChange(entry) ? () => setEditing(entry.id) : undefined}
                    onDelete={canChange(entry) ? () => setDeleting(entry) : undefined}
                    withMenuSpace
                  />
                )}
              </Fragment>
            ))}
          </Stack>
        )}
        deletion={{
          item: deleting,
          onClose: () => setDeleting(null),
          title: 'Delete Time Entry',
          message: (entry) =>
            `Delete ${entry.description ? `"${entry.description}"` : 'this entry'} on ${entry.project.name}? Its hours and cost leave the project. This action cannot be undone.`,
          confirm: mutations.remove,
        }}
      />
    </Card>
  );
}

export default TimeLog;
