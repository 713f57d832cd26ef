import { z } from 'zod';
import { formDefaultsOf, formSchemaOf } from '../../../shared/fields.ts';
import {
  PROJECT_DEFAULTS,
  PROJECT_FIELDS,
  ProjectInputSchema,
  type Project,
} from '../../../shared/projects.schema.ts';

/**
 * The New Project / Edit Project form: the form's shapes of PROJECT_FIELDS (a chosen
 * client id or null, NumberInput values), then the shared ProjectInputSchema's rules. An
 * empty budget is 0, SPEC §9's default; the hourly rate must be given.
 */
export const ProjectFormSchema = formSchemaOf(PROJECT_FIELDS, ProjectInputSchema);
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
  return formDefaultsOf(PROJECT_FIELDS, project, {
    hourlyRate: Number(defaultRate ?? PROJECT_DEFAULTS.hourlyRate),
  });
}
