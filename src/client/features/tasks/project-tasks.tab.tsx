import { trpc } from '../../trpc.ts';
import { TasksView } from './tasks-view.tsx';

/**
 * The Tasks tab of a project's page: that project's tasks as a board or a list, and Add
 * Task preset to it.
 */
export function ProjectTasksTab({ projectId }: { projectId: number }) {
  // The name presets the project picker of Add Task; the page has usually read it already.
  const project = trpc.projects.get.useQuery({ id: projectId });
  return <TasksView project={{ id: projectId, name: project.data?.name ?? '' }} />;
}
