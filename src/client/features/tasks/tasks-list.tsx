import { Badge, Table, Text } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import type { Task, TaskStatus } from '../../../shared/tasks.schema.ts';
import { showDay } from '../../components/display-preferences.tsx';
import { TaskHours } from './task-hours.tsx';
import { columnColor } from '../../../shared/column-colors.ts';
import { isOverdue } from './task-view.ts';
import classes from './tasks.module.css';

/** The list view: a row per task, opened with a click or Enter. */
export function TasksList({
  tasks,
  statuses,
  today,
  showProject,
  onOpen,
}: {
  tasks: readonly Task[];
  statuses: readonly TaskStatus[];
  today: string;
  showProject: boolean;
  onOpen: (task: Task) => void;
}) {
  const byKey = new Map(statuses.map((s) => [s.key, s]));
  const doneKeys = new Set(statuses.filter((s) => s.isDone).map((s) => s.key));
  const onKeyDown = (task: Task) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(task);
    }
  };
  return (
    <Table.ScrollContainer minWidth={showProject ? 820 : 680}>
      <Table highlightOnHover verticalSpacing="sm" aria-label="Tasks">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Task</Table.Th>
            {showProject && <Table.Th>Project</Table.Th>}
            <Table.Th>Status</Table.Th>
            <Table.Th>Assignee</Table.Th>
            <Table.Th>Due</Table.Th>
            <Table.Th w={150}>Hours</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tasks.map((task) => {
            const status = byKey.get(task.status);
            const overdue = isOverdue(task, today, doneKeys);
            return (
              <Table.Tr
                key={task.id}
                className={classes.row}
                tabIndex={0}
                aria-label={task.title}
                onClick={() => onOpen(task)}
                onKeyDown={onKeyDown(task)}
              >
                <Table.Td>
                  <Text size="sm" fw={600} lineClamp={2}>
                    {task.title}
                  </Text>
                </Table.Td>
                {showProject && (
                  <Table.Td>
                    <Text size="sm">{task.project.name}</Text>
                  </Table.Td>
                )}
                <Table.Td>
                  <Badge variant="light" color={columnColor(status?.color)}>
                    {status?.label ?? task.status}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={task.assignee ? undefined : 'dimmed'}>
                    {task.assignee?.fullName ?? 'Unassigned'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {task.dueDate ? (
                    <Text size="sm" c={overdue ? 'red' : undefined} fw={overdue ? 600 : undefined}>
                      {showDay(task.dueDate)}
                      {overdue ? ' · Overdue' : ''}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      None
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <TaskHours task={task} width={130} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
