import { Stack } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { ListPageHeader } from '../../components/list/list-page-header.tsx';
import { TasksView } from './tasks-view.tsx';

/** /tasks: the tasks of every project, as a board or a list; `?task=` opens one. */
export function TasksPage() {
  const { task } = useSearch({ from: '/shell/tasks' });
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <ListPageHeader
        title="Tasks"
        description="The work on your projects: who does it, when it is due, and the hours logged against each estimate."
      />
      <TasksView
        openTaskId={task}
        onTaskOpened={() => void navigate({ to: '/tasks', search: {}, replace: true })}
      />
    </Stack>
  );
}

export default TasksPage;
