import { describe, expect, it } from 'vitest';
import { PROJECT_FIELDS, ProjectInputSchema } from '../../../shared/projects.schema.ts';
import { ProjectFormSchema, projectFormDefaults } from './project-form.schema.ts';

/* Issue 37 item 11: the project form's rules and defaults come from PROJECT_FIELDS. */

describe('the project form', () => {
  it('every described field is a rule of the API', () => {
    for (const name of Object.keys(PROJECT_FIELDS))
      expect(Object.keys(ProjectInputSchema.shape), name).toContain(name);
  });

  it("a new project starts with SPEC §9's defaults at the workspace's rate", () => {
    expect(projectFormDefaults(null, '95.00')).toEqual({
      name: '',
      description: '',
      clientId: null,
      status: 'active',
      budgetType: 'time',
      budgetLimit: 0,
      hourlyRate: 95,
    });
    expect(projectFormDefaults(null).hourlyRate).toBe(120);
  });

  it('asks for a name and a rate with the API messages; an empty budget is 0', () => {
    const values = { ...projectFormDefaults(null), hourlyRate: '', budgetLimit: '' };
    const result = ProjectFormSchema.safeParse(values);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'Project name is required'],
      ['hourlyRate', 'Hourly rate is required'],
    ]);
    const saved = ProjectFormSchema.parse({ ...values, name: 'Website', hourlyRate: 100 });
    expect(saved).toMatchObject({ name: 'Website', budgetLimit: '0.00', hourlyRate: '100.00' });
  });
});
