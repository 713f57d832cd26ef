import type { MantineColor } from '@mantine/core';
import type { BudgetLevel, Project } from '../../../shared/projects.schema.ts';

type ProjectStatus = Project['status'];

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  active: 'Active',
  completed: 'Completed',
  paused: 'Paused',
};

export const PROJECT_STATUS_COLORS: Record<ProjectStatus, MantineColor> = {
  active: 'teal',
  completed: 'blue',
  paused: 'gray',
};

/** SPEC §4's progress colours in Mantine's palette. */
export const BUDGET_LEVEL_COLORS: Record<BudgetLevel, MantineColor> = {
  default: 'blue',
  warning: 'orange',
  destructive: 'red',
  secondary: 'gray',
};
