import { Stack } from '@mantine/core';
import { ListPageHeader } from '../../components/list/list-page-header.tsx';
import { TasksView } from './tasks-view.tsx';

/** /tasks: the tasks of every project, as a board or a list. */
export function TasksPage() {
  return (
    <Stack gap="lg">
      <ListPageHeader
        title="Tasks"
        description="The work on your projects: who does it, when it is due, and the hours logged against each estimate."
      />
      <TasksView />
    </Stack>
  );
}

export default TasksPage;
