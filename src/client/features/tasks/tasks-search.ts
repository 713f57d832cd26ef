/**
 * `/tasks?task=12`: the task to open in its dialog, as a notification links it. Kept apart
 * from the page so the router (in the first bundle) validates the search without loading it.
 */
export interface TasksSearch {
  task?: number;
}

export function validateTasksSearch(search: Record<string, unknown>): TasksSearch {
  const task = Number(search.task);
  return Number.isInteger(task) && task > 0 && task <= 2_147_483_647 ? { task } : {};
}
