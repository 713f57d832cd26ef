import { Select, type SelectProps } from '@mantine/core';
import { trpc } from '../../trpc.ts';

/** Tasks a picker lists for one project: a project rarely has more. */
const TASK_ROWS = 200;

/**
 * A task of one project, or none. Disabled until a project is chosen; `valueLabel` names
 * the task already chosen before the project's tasks load.
 */
export function TaskPicker({
  projectId,
  value,
  valueLabel = null,
  onChange,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  projectId: number | null;
  value: number | null;
  valueLabel?: string | null;
  onChange: (taskId: number | null) => void;
}) {
  const tasks = trpc.tasks.list.useQuery(
    { projectId: projectId ?? 0, limit: TASK_ROWS },
    { enabled: projectId !== null },
  );
  const data = (tasks.data?.items ?? []).map((task) => ({
    value: String(task.id),
    label: task.title,
  }));
  if (value !== null && !data.some((o) => o.value === String(value))) {
    data.unshift({ value: String(value), label: valueLabel ?? 'Loading…' });
  }
  return (
    <Select
      label="Task"
      placeholder={projectId === null ? 'Choose a project first' : 'No task'}
      searchable
      clearable
      nothingFoundMessage="No tasks on this project"
      {...props}
      disabled={props.disabled || projectId === null}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v === null ? null : Number(v))}
    />
  );
}
