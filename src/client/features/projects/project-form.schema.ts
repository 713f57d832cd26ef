import { z } from 'zod';
import {
  BUDGET_TYPES,
  PROJECT_DEFAULTS,
  PROJECT_STATUSES,
  ProjectInputSchema,
  type Project,
} from '../../../shared/projects.schema.ts';
import { moneyOrZero, requiredMoney, toNumber } from '../../components/form/money-field.ts';

/**
 * The New Project / Edit Project form: the shared ProjectInputSchema's rules, with the
 * shapes a form holds (a chosen client id or null, NumberInput values). An empty budget
 * is 0, SPEC §9's default; the hourly rate must be given.
 */
export const ProjectFormSchema = z.object({
  name: ProjectInputSchema.shape.name,
  description: ProjectInputSchema.shape.description,
  clientId: z.number().nullable(),
  status: z.enum(PROJECT_STATUSES),
  budgetType: z.enum(BUDGET_TYPES),
  budgetLimit: moneyOrZero(),
  hourlyRate: requiredMoney('Hourly rate is required'),
});
export type ProjectFormInput = z.input<typeof ProjectFormSchema>;
export type ProjectFormOutput = z.output<typeof ProjectFormSchema>;

/**
 * SPEC §9 defaults for a new project, at the workspace's default hourly rate when it is
 * known; an edited one starts from its saved values.
 */
export function projectFormDefaults(
  project: Project | null,
  defaultRate?: string,
): ProjectFormInput {
  if (!project) {
    return {
      name: '',
      description: '',
      clientId: null,
      status: PROJECT_DEFAULTS.status,
      budgetType: PROJECT_DEFAULTS.budgetType,
      budgetLimit: Number(PROJECT_DEFAULTS.budgetLimit),
      hourlyRate: Number(defaultRate ?? PROJECT_DEFAULTS.hourlyRate),
    };
  }
  return {
    name: project.name,
    description: project.description ?? '',
    clientId: project.clientId,
    status: project.status,
    budgetType: project.budgetType,
    budgetLimit: toNumber(project.budgetLimit),
    hourlyRate: toNumber(project.hourlyRate),
  };
}
