import type { Task, TaskStatus } from '../../../shared/tasks.schema.ts';
/** Tasks by status key, each column in the order the server answered (board order). */
export function groupByStatus(tasks: readonly Task[], statuses: readonly TaskStatus[]) {
  const groups = new Map<string, Task[]>(statuses.map((s) => [s.key, []]));
  for (const task of tasks) groups.get(task.status)?.push(task);
  return groups;
}

/** Due before `today` and not in a status that closes the task. */
export function isOverdue(task: Task, today: string, doneKeys: ReadonlySet<string>) {
  return task.dueDate !== null && task.dueDate < today && !doneKeys.has(task.status);
}

/** Logged hours as a share of the estimate, 0–100 for the bar; over 100 means over estimate. */
export function estimateShare(task: Pick<Task, 'loggedHours' | 'estimateHours'>) {
  const estimate = Number(task.estimateHours ?? 0);
  if (estimate <= 0) return null;
  const share = (Number(task.loggedHours) / estimate) * 100;
  return { percent: Math.min(share, 100), over: share > 100 };
}
