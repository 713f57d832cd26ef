import { Group, Progress, Stack, Text } from '@mantine/core';
import { budgetProgress, type Project } from '../../../shared/projects.schema.ts';
import { BUDGET_LEVEL_COLORS } from './project-status.ts';
import { useMoney } from '../../components/money.tsx';

const plain = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });

/**
 * How much of its budget a project has used (SPEC §4): hours for a time budget, money for
 * a fixed one, coloured by the 75 % and 100 % thresholds, the bar capped at 100 %.
 */
export function ProjectProgress({ project }: { project: Project }) {
  const formatMoney = useMoney();
  const { percent, share, level } = budgetProgress(project);
  const limit = Number(project.budgetLimit);
  const color = BUDGET_LEVEL_COLORS[level];
  const hasBudget = limit > 0;
  const used =
    project.budgetType === 'time'
      ? `${plain(Number(project.totalHours))} of ${plain(limit)} hours`
      : `${formatMoney(project.totalAmount)} of ${formatMoney(limit)}`;
  const rounded = Math.round(percent * 10) / 10;

  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed" fw={500}>
          Budget
        </Text>
        <Text
          size="xs"
          fw={600}
          c={
            level === 'warning' || level === 'destructive'
              ? `var(--mantine-color-${color}-text)`
              : undefined
          }
        >
          {hasBudget ? `${Math.round(share)}%` : 'No limit'}
        </Text>
      </Group>
      <Progress.Root size="md" radius="xl">
        <Progress.Section
          value={rounded}
          color={color}
          aria-label={`Budget used by ${project.name}`}
        />
      </Progress.Root>
      <Text size="xs" c="dimmed">
        {hasBudget
          ? `${used}${share >= 100 ? ' · over budget' : ''}`
          : 'Set a budget to follow its progress'}
      </Text>
    </Stack>
  );
}
