import { z } from 'zod';
import {
  DEFAULT_TASK_STATUS,
  EstimateHoursSchema,
  TaskInputSchema,
  type Task,
} from '../../../shared/tasks.schema.ts';
import type { TaskInput } from './use-tasks.ts';

export const UNASSIGNED = 'unassigned';

/**
 * Add Task / Edit Task: the shared TaskInputSchema's rules, with the shapes a form holds
 * (a chosen project id or null, the assignee as a Select value, '' for an empty date or
 * estimate).
 */
export const TaskFormSchema = z.object({
  title: TaskInputSchema.shape.title,
  description: TaskInputSchema.shape.description,
  projectId: z
    .number({ error: 'Project is required' })
    .nullable()
    .refine((v) => v !== null, {
      message: 'Project is required',
    }),
  assigneeId: z.string(),
  status: z.string().min(1, 'Status is required'),
  dueDate: z.string(),
  estimateHours: z
    .union([z.number(), z.string()])
    .transform((v) => (String(v).trim() === '' ? null : v))
    .pipe(EstimateHoursSchema.nullable()),
});
export type TaskFormInput = z.input<typeof TaskFormSchema>;
export type TaskFormOutput = z.output<typeof TaskFormSchema>;

export function taskFormDefaults(
  task: Task | null,
  preset: { projectId?: number; status?: string; assigneeId?: number | null } = {},
): TaskFormInput {
  if (!task) {
    return {
      title: '',
      description: '',
      projectId: preset.projectId ?? null,
      assigneeId: preset.assigneeId ? String(preset.assigneeId) : UNASSIGNED,
      status: preset.status ?? DEFAULT_TASK_STATUS,
      dueDate: '',
      estimateHours: '',
    };
  }
  return {
    title: task.title,
    description: task.description ?? '',
    projectId: task.projectId,
    assigneeId: task.assigneeId === null ? UNASSIGNED : String(task.assigneeId),
    status: task.status,
    dueDate: task.dueDate ?? '',
    estimateHours: task.estimateHours === null ? '' : Number(task.estimateHours),
  };
}

export function taskInputOf(values: TaskFormOutput): TaskInput {
  return {
    title: values.title,
    description: values.description,
    projectId: values.projectId!,
    assigneeId: values.assigneeId === UNASSIGNED ? null : Number(values.assigneeId),
    status: values.status,
    dueDate: values.dueDate || null,
    estimateHours: values.estimateHours,
  };
}
