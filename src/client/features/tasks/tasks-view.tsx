import { Button, Group, SegmentedControl, Select } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { IconChecklist, IconColumns3, IconList, IconPlus, IconSettings } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  TASK_DUE_FILTERS,
  TASK_MANAGERS,
  type Task,
  type TaskDueFilter,
} from '../../../shared/tasks.schema.ts';
import { MAX_PAGE_SIZE } from '../../../shared/list.schema.ts';
import { userToday } from '../../components/display-preferences.tsx';
import { ListPage } from '../../components/list/list-page.tsx';
import { useLocalListControls } from '../../components/list/use-list-controls.ts';
import { trpc } from '../../trpc.ts';
import { useCurrentWorkspace } from '../auth/session.ts';
import { ProjectPicker } from '../projects/project-picker.tsx';
import { ManageStatusesDialog } from './manage-statuses.dialog.tsx';
import { TaskDialog } from './task.dialog.tsx';
import { TasksBoard } from './tasks-board.tsx';
import { TasksList } from './tasks-list.tsx';
import { useMoveTask, useTaskStatuses, type TaskQuery } from './use-tasks.ts';

type View = 'board' | 'list';
const ALL = 'all';
const LIST_PAGE_SIZE = 50;
const DUE_OPTIONS = [
  { value: ALL, label: 'Any due date' },
  ...Object.entries(TASK_DUE_FILTERS).map(([value, label]) => ({ value, label })),
];

type DialogState = { opened: boolean; task: Task | null };

/**
 * Tasks as a board (a column per status, dragged) or a list (paged), filtered by project,
 * assignee, status (the list) and due date, searched by title; Board or List is remembered.
 * With `project`, only that project's tasks, and Add Task is preset to it.
 */
export function TasksView({
  project,
  openTaskId,
  onTaskOpened,
}: {
  project?: { id: number; name: string };
  /** A task to open in its dialog once the tasks are loaded (a notification's link). */
  openTaskId?: number;
  onTaskOpened?: () => void;
}) {
  const [view, setView] = useLocalStorage<View>({
    key: 'keel.tasks.view',
    defaultValue: 'board',
    getInitialValueInEffect: false,
  });
  // The list's search and page are the view's own: it sits inside a project's tabs too.
  const controls = useLocalListControls({ pageSize: LIST_PAGE_SIZE });
  const [projectFilter, setProjectFilter] = useState<number | null>(null);
  const [assignee, setAssignee] = useState<string>(ALL);
  const [status, setStatus] = useState<string>(ALL);
  const [due, setDue] = useState<string>(ALL);
  const [dialog, setDialog] = useState<DialogState>({ opened: false, task: null });
  const [statusesOpened, setStatusesOpened] = useState(false);

  const role = useCurrentWorkspace().data?.role;
  const canManage = role !== undefined && TASK_MANAGERS.includes(role);
  const members = trpc.team.members.useQuery();
  const statuses = useTaskStatuses();
  const today = userToday();

  const projectId = project?.id ?? projectFilter ?? undefined;
  const filters: TaskQuery = {
    search: controls.query,
    projectId,
    assigneeId: assignee === ALL ? undefined : Number(assignee),
    due: due === ALL ? undefined : (due as TaskDueFilter),
  };
  // The board reads every task of the filter at once (up to a list's maximum).
  const boardQuery: TaskQuery = { ...filters, limit: MAX_PAGE_SIZE };
  const listQuery: TaskQuery = {
    ...filters,
    status: status === ALL ? undefined : status,
    ...controls.paging,
  };
  const tasks = trpc.tasks.list.useQuery(view === 'board' ? boardQuery : listQuery, {
    placeholderData: keepPreviousData,
  });
  const move = useMoveTask(boardQuery);

  const filtering =
    filters.search !== undefined ||
    (project === undefined && projectFilter !== null) ||
    assignee !== ALL ||
    due !== ALL ||
    (view === 'list' && status !== ALL);

  const assigneeOptions = useMemo(
    () => [
      { value: ALL, label: 'Anyone' },
      ...(members.data ?? [])
        .filter((m) => m.isActive)
        .map((m) => ({ value: String(m.id), label: m.fullName || m.email })),
    ],
    [members.data],
  );
  const statusOptions = [
    { value: ALL, label: 'Any status' },
    ...(statuses.data ?? []).map((s) => ({ value: s.key, label: s.label })),
  ];

  const openAdd = useCallback(() => setDialog({ opened: true, task: null }), []);
  const openEdit = useCallback((task: Task) => setDialog({ opened: true, task }), []);
  const resetPage =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      controls.setPage(1);
    };

  const items = tasks.data?.items ?? [];
  const linked = openTaskId === undefined ? undefined : items.find((t) => t.id === openTaskId);
  useEffect(() => {
    if (!linked) return;
    openEdit(linked);
    onTaskOpened?.();
  }, [linked, openEdit, onTaskOpened]);
  const loadStatus =
    tasks.status === 'error' || statuses.status === 'error'
      ? 'error'
      : tasks.status === 'pending' || statuses.status === 'pending'
        ? 'pending'
        : 'success';

  return (
    <ListPage
      controls={controls}
      result={{
        status: loadStatus,
        data: tasks.data,
        isPlaceholderData: tasks.isPlaceholderData,
        isFetching: tasks.isFetching,
        refetch: () => Promise.all([tasks.refetch(), statuses.refetch()]),
      }}
      noun="tasks"
      paged={view === 'list'}
      bare={view === 'board'}
      drawnEmpty={view === 'board'}
      search
      filters={
        <>
          {!project && (
            <ProjectPicker
              aria-label="Filter by project"
              placeholder="All projects"
              clearable
              value={projectFilter}
              onChange={resetPage(setProjectFilter)}
              w={{ base: '100%', sm: 220 }}
            />
          )}
          <Select
            aria-label="Filter by assignee"
            data={assigneeOptions}
            value={assignee}
            onChange={(value) => resetPage(setAssignee)(value ?? ALL)}
            allowDeselect={false}
            searchable
            w={{ base: '100%', sm: 180 }}
            comboboxProps={{ withinPortal: true }}
          />
          {view === 'list' && (
            <Select
              aria-label="Filter by status"
              data={statusOptions}
              value={status}
              onChange={(value) => resetPage(setStatus)(value ?? ALL)}
              allowDeselect={false}
              w={{ base: '100%', sm: 170 }}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <Select
            aria-label="Filter by due date"
            data={DUE_OPTIONS}
            value={due}
            onChange={(value) => resetPage(setDue)(value ?? ALL)}
            allowDeselect={false}
            w={{ base: '100%', sm: 200 }}
            comboboxProps={{ withinPortal: true }}
          />
        </>
      }
      actions={
        <>
          <SegmentedControl
            aria-label="View"
            value={view}
            onChange={(value) => setView(value as View)}
            data={[
              {
                value: 'board',
                label: (
                  <Group gap={6} wrap="nowrap">
                    <IconColumns3 size={16} aria-hidden />
                    <span>Board</span>
                  </Group>
                ),
              },
              {
                value: 'list',
                label: (
                  <Group gap={6} wrap="nowrap">
                    <IconList size={16} aria-hidden />
                    <span>List</span>
                  </Group>
                ),
              },
            ]}
          />
          {view === 'board' && canManage && (
            <Button
              variant="default"
              leftSection={<IconSettings size={16} />}
              onClick={() => setStatusesOpened(true)}
            >
              Manage Statuses
            </Button>
          )}
          <Button leftSection={<IconPlus size={18} />} onClick={openAdd}>
            Add Task
          </Button>
        </>
      }
      filtering={filtering}
      empty={{
        icon: <IconChecklist size={26} stroke={1.5} />,
        description: project
          ? 'Break the project into tasks, with an estimate for each.'
          : 'Break your projects into tasks, with who does them, when and an estimate.',
        create: { label: 'Add First Task', onClick: openAdd },
      }}
      rows={(items) =>
        view === 'board' ? (
          <TasksBoard
            statuses={statuses.data ?? []}
            tasks={items}
            today={today}
            showProject={!project}
            onOpen={openEdit}
            onMove={(task, to, beforeId) => void move(task, to, beforeId)}
          />
        ) : (
          <TasksList
            tasks={items}
            statuses={statuses.data ?? []}
            today={today}
            showProject={!project}
            onOpen={openEdit}
          />
        )
      }
    >
      <TaskDialog
        opened={dialog.opened}
        task={dialog.task}
        statuses={statuses.data ?? []}
        preset={project ? { projectId: project.id, projectName: project.name } : undefined}
        onClose={() => setDialog((d) => ({ ...d, opened: false }))}
      />
      <ManageStatusesDialog
        opened={statusesOpened}
        onClose={() => setStatusesOpened(false)}
        statuses={statuses.data ?? []}
      />
    </ListPage>
  );
}
