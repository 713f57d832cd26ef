import { z } from 'zod';
import { TASK_FIELDS, TaskInputSchema, type Task } from '../../../shared/tasks.schema.ts';
import { formDefaultsOf, formSchemaOf } from '../../../shared/fields.ts';

/** The assignee Select's value for nobody (the form itself holds null). */
export const UNASSIGNED = 'unassigned';

/**
 * Add Task / Edit Task: the form's shapes of TASK_FIELDS (a chosen project or assignee id
 * or null, '' for an empty date or estimate), then the shared TaskInputSchema's rules.
 */
export const TaskFormSchema = formSchemaOf(TASK_FIELDS, TaskInputSchema);
export type TaskFormInput = z.input<typeof TaskFormSchema>;
export type TaskFormOutput = z.output<typeof TaskFormSchema>;

/** The saved task's values, or a new one's: in the board's column or project it was added from. */
export function taskFormDefaults(
  task: Task | null,
  preset: { projectId?: number; status?: string; assigneeId?: number | null } = {},
): TaskFormInput {
  return formDefaultsOf(TASK_FIELDS, task, {
    projectId: preset.projectId ?? null,
    status: preset.status,
    assigneeId: preset.assigneeId ?? null,
  });
}
