import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { apiRulesOf, decimalOf, type DescribedFields, refOf, ruleOf, textOf } from './fields.ts';
import { ListQuerySchema, sortParam } from './list.schema.ts';
import { MoneySchema, RateSchema } from './money.ts';
import { singleLine } from './text.schema.ts';
import { updateSchemaOf } from './update.schema.ts';

export const PROJECT_STATUSES = ['active', 'completed', 'paused'] as const;
export const BUDGET_TYPES = ['time', 'budget'] as const;

/** SPEC §9 defaults for a new project (the rate is the business profile's default). */
export const PROJECT_DEFAULTS = {
  hourlyRate: '120',
  budgetLimit: '0',
  budgetType: 'time',
  status: 'active',
} as const;

/**
 * A project's fields, in form order, described once: the API's and the form's rules and
 * the form's defaults (SPEC §9's for a new project) come from this list.
 */
export const PROJECT_FIELDS = {
  name: ruleOf(
    'Project name',
    singleLine('Project name', { error: 'Project name is required' })
      .trim()
      .min(1, 'Project name is required')
      .max(200, 'Project name must be less than 200 characters'),
    { title: 'Project Name' },
  ),
  description: textOf({
    label: 'Description',
    title: 'Description',
    max: 5000,
    input: 'textarea',
    placeholder: 'What the project delivers',
    // Projects have no CSV import: no header spellings to map.
    headers: [],
  }),
  clientId: refOf('Client'),
  status: ruleOf('Status', z.enum(PROJECT_STATUSES).default(PROJECT_DEFAULTS.status), {
    empty: PROJECT_DEFAULTS.status,
  }),
  budgetType: ruleOf(
    'Budget type',
    z
      .enum(BUDGET_TYPES, { error: 'Budget type must be time or budget' })
      .default(PROJECT_DEFAULTS.budgetType),
    { title: 'Budget Type', empty: PROJECT_DEFAULTS.budgetType },
  ),
  // Prefaults pass through MoneySchema: '0' is stored and answered as '0.00'; an emptied
  // input is 0 too (SPEC §9's default).
  budgetLimit: decimalOf('Budget', MoneySchema.prefault(PROJECT_DEFAULTS.budgetLimit), {
    fallback: PROJECT_DEFAULTS.budgetLimit,
  }),
  /**
   * Left out: the workspace's default hourly rate (Settings → Business; 120 until set).
   * The form must give it (a new project's starts at that default).
   */
  hourlyRate: decimalOf('Hourly rate', RateSchema.optional(), { title: 'Hourly Rate' }),
} as const satisfies DescribedFields;

export const ProjectInputSchema = z.object({
  ...apiRulesOf(PROJECT_FIELDS),
  assignedUserId: IdSchema.nullable().optional(),
});
export const ProjectUpdateSchema = updateSchemaOf(ProjectInputSchema).extend({ id: IdSchema });
/** A project's values as the API stores them, any of them (an update's changes). */
export type ProjectValues = Partial<z.output<typeof ProjectInputSchema>>;
/** Orders of the projects list, the default first. */
export const PROJECT_SORT_LABELS = {
  '-createdAt': 'Newest first',
  createdAt: 'Oldest first',
  name: 'Name A–Z',
  '-name': 'Name Z–A',
  '-totalHours': 'Most hours logged',
} as const;
export type ProjectSort = keyof typeof PROJECT_SORT_LABELS;

export const ProjectListQuerySchema = ListQuerySchema.extend({
  sort: sortParam(PROJECT_SORT_LABELS),
  status: z.enum(PROJECT_STATUSES).optional(),
  /** One client's projects (the invoice dialog offers only those). */
  clientId: IdSchema.optional(),
});

export const ProjectSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  clientId: z.number().nullable(),
  client: z.object({ name: z.string() }).nullable(),
  status: z.enum(PROJECT_STATUSES),
  budgetType: z.enum(BUDGET_TYPES),
  budgetLimit: z.string(),
  hourlyRate: z.string(),
  totalHours: z.string(),
  totalAmount: z.string(),
  assignedUserId: z.number().nullable(),
  createdAt: z.string(),
});
export type Project = z.infer<typeof ProjectSchema>;

export type BudgetLevel = 'default' | 'warning' | 'destructive' | 'secondary';

/**
 * Budget use (SPEC §4): hours / limit for time budgets, amount / limit for money budgets,
 * as a percentage capped at 100 for the bar; the colour by the 75 % and 100 % thresholds.
 */
export function budgetProgress(
  project: Pick<Project, 'status' | 'budgetType' | 'budgetLimit' | 'totalHours' | 'totalAmount'>,
) {
  const limit = Number(project.budgetLimit);
  const used = Number(project.budgetType === 'time' ? project.totalHours : project.totalAmount);
  const share = limit > 0 ? (used / limit) * 100 : 0;
  let level: BudgetLevel = 'default';
  if (project.status === 'paused') level = 'secondary';
  else if (project.status !== 'completed')
    level = share >= 100 ? 'destructive' : share >= 75 ? 'warning' : 'default';
  return { percent: Math.min(share, 100), share, level };
}

/** A member's work on a project (its page's Team tab): logged time, and tasks assigned. */
export const ProjectMemberSchema = z.object({
  userId: z.number(),
  fullName: z.string(),
  /** Whether the project is assigned to them. */
  isAssignee: z.boolean(),
  /** Open tasks of the project assigned to them (not in a done status). */
  openTasks: z.number(),
  hours: z.string(),
  /** Their hours at the rate stored on each entry. */
  amount: z.string(),
});

/**
 * `GET /api/projects/{id}`: the project, its client and assignee, and its budget burn
 * computed from its entries (each at the rate stored on it), with SPEC §4's threshold level.
 */
export const ProjectDetailSchema = ProjectSchema.extend({
  client: z.object({ id: z.number(), name: z.string() }).nullable(),
  assignee: z.object({ id: z.number(), fullName: z.string() }).nullable(),
  burn: z.object({
    hours: z.string(),
    amount: z.string(),
    billedHours: z.string(),
    unbilledHours: z.string(),
    billedAmount: z.string(),
    unbilledAmount: z.string(),
    /** Hours for a time budget, money for a fixed one: what the limit is measured against. */
    used: z.string(),
    /** Share of the limit used, uncapped (0 without a limit). */
    percentUsed: z.number(),
    level: z.enum(['default', 'warning', 'destructive', 'secondary']),
  }),
  team: z.array(ProjectMemberSchema),
});
export type ProjectDetail = z.infer<typeof ProjectDetailSchema>;
export type ProjectMember = z.infer<typeof ProjectMemberSchema>;
