import { z } from 'zod';
import { IsoDateSchema } from './dates.ts';
import { IdSchema } from './ids.ts';
import {
  apiRulesOf,
  decimalOf,
  type DescribedFields,
  optionalDateOf,
  refOf,
  requiredRefOf,
  ruleOf,
  textOf,
} from './fields.ts';
import type { WorkspaceRole } from './roles.ts';
import { ListQuerySchema } from './list.schema.ts';
import { decimalSchema } from './money.ts';
import { singleLine } from './text.schema.ts';
import { updateSchemaOf } from './update.schema.ts';
import { COLUMN_COLORS } from './column-colors.ts';

/**
 * Who edits and deletes any task and manages the statuses. Every member reads, creates and
 * moves tasks; others edit the tasks they created or are assigned to, and delete the ones
 * they created.
 */
export const TASK_MANAGERS: readonly WorkspaceRole[] = [
  'owner',
  'partner',
  'administrator',
  'project_manager',
];

/** The statuses every workspace has (migration 0017); they cannot be deleted. */
export const SYSTEM_TASK_STATUSES = ['todo', 'in_progress', 'done'] as const;
export const DEFAULT_TASK_STATUS = 'todo';

export type TaskStatusColor = (typeof COLUMN_COLORS)[number];

export const TaskStatusSchema = z.object({
  id: z.number(),
  key: z.string(),
  label: z.string(),
  color: z.string(),
  sortOrder: z.number(),
  isDone: z.boolean(),
  isSystem: z.boolean(),
});
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

const statusLabel = singleLine('Status name', { error: 'Status name is required' })
  .trim()
  .min(1, 'Status name is required')
  .max(50, 'Status name must be less than 50 characters');

export const TaskStatusInputSchema = z.object({
  label: statusLabel,
  color: z.enum(COLUMN_COLORS, { error: 'Invalid colour' }).default('gray'),
  isDone: z.boolean().default(false),
});
export type TaskStatusInput = z.input<typeof TaskStatusInputSchema>;
export const TaskStatusUpdateSchema = updateSchemaOf(TaskStatusInputSchema).extend({
  id: IdSchema,
});

/** Hours of an estimate: up to 99,999 with two decimals, as the exact string given. */
export const EstimateHoursSchema = decimalSchema('Estimate', { max: 99_999, decimals: 2 });

/**
 * A task's fields, in form order, described once: the API's and the form's rules and the
 * form's defaults come from this list.
 */
export const TASK_FIELDS = {
  title: ruleOf(
    'Title',
    singleLine('Title', { error: 'Title is required' })
      .trim()
      .min(1, 'Title is required')
      .max(200, 'Title must be less than 200 characters'),
  ),
  projectId: requiredRefOf('Project'),
  description: textOf({
    label: 'Description',
    title: 'Description',
    max: 5000,
    input: 'textarea',
    placeholder: 'What needs doing',
    // Tasks have no CSV import: no header spellings to map.
    headers: [],
  }),
  /** The key of one of the workspace's task statuses (GET /api/task-statuses); 'todo' if left out. */
  status: ruleOf('Status', z.string().trim().min(1, 'Status is required').max(60).optional(), {
    empty: DEFAULT_TASK_STATUS,
  }),
  /** An active member of the workspace, or null for nobody. */
  assigneeId: refOf('Assignee'),
  dueDate: optionalDateOf('Due Date'),
  estimateHours: decimalOf('Estimate', EstimateHoursSchema.nullable().optional(), {
    title: 'Estimate (hours)',
    fallback: null,
  }),
} as const satisfies DescribedFields;

export const TaskInputSchema = z.object({
  ...apiRulesOf(TASK_FIELDS),
  /** Where it stands in its column (the board's order). */
  sortOrder: z.number().int().min(0).max(1_000_000).optional(),
});
export type TaskInput = z.input<typeof TaskInputSchema>;
export const TaskUpdateSchema = updateSchemaOf(TaskInputSchema).extend({ id: IdSchema });
/** A task's values as the API takes them, any of them (an update's changes). */
export type TaskValues = Partial<z.output<typeof TaskInputSchema>>;

/** POST /api/tasks/{id}/move: into `status`, before the task `beforeId` (or at the end). */
export const TaskMoveSchema = z.object({
  id: IdSchema,
  status: z.string().trim().min(1, 'Status is required').max(60),
  beforeId: IdSchema.nullable().optional(),
});

export const TASK_DUE_FILTERS = {
  overdue: 'Overdue',
  today: 'Due today',
  week: 'Due in the next 7 days',
  none: 'No due date',
} as const;
export type TaskDueFilter = keyof typeof TASK_DUE_FILTERS;

export const TaskListQuerySchema = ListQuerySchema.extend({
  projectId: IdSchema.optional(),
  assigneeId: IdSchema.optional(),
  status: z.string().trim().min(1).max(60).optional(),
  due: z
    .enum(Object.keys(TASK_DUE_FILTERS) as [TaskDueFilter, ...TaskDueFilter[]])
    .optional()
    .meta({
      description:
        "overdue (due before today and not in a done status), today, week (today and the 6 days after), none (no due date); today is the business profile's time zone's.",
    }),
  dueFrom: IsoDateSchema.optional().meta({ description: 'Due on or after this date.' }),
  dueTo: IsoDateSchema.optional().meta({ description: 'Due on or before this date.' }),
});
export type TaskListQuery = z.infer<typeof TaskListQuerySchema>;

export const TaskSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  project: z.object({ id: z.number(), name: z.string() }),
  title: z.string(),
  description: z.string().nullable(),
  status: z.string(),
  assigneeId: z.number().nullable(),
  assignee: z.object({ id: z.number(), fullName: z.string() }).nullable(),
  dueDate: z.string().nullable(),
  estimateHours: z.string().nullable(),
  /** The sum of the hours of the task's time entries. */
  loggedHours: z.string(),
  sortOrder: z.number(),
  createdBy: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof TaskSchema>;

/** '3.5 / 8 h', or '3.5 h' without an estimate. */
export function hoursAgainstEstimate(logged: string, estimate: string | null): string {
  const show = (v: string) => String(Number(v));
  return estimate === null ? `${show(logged)} h` : `${show(logged)} / ${show(estimate)} h`;
}
