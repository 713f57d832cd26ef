import { Group, Progress, Stack, Text } from '@mantine/core';
import { hoursAgainstEstimate, type Task } from '../../../shared/tasks.schema.ts';
import { estimateShare } from './task-view.ts';

/** '3.5 / 8 h' and a bar of the estimate used (red past it); hours alone without an estimate. */
export function TaskHours({
  task,
  width,
}: {
  task: Pick<Task, 'loggedHours' | 'estimateHours'>;
  width?: number | string;
}) {
  const share = estimateShare(task);
  const text = hoursAgainstEstimate(task.loggedHours, task.estimateHours);
  return (
    <Stack gap={3} w={width} miw={0}>
      <Group gap={4} justify="space-between" wrap="nowrap">
        <Text size="xs" c={share?.over ? 'red' : 'dimmed'} fw={share?.over ? 600 : undefined}>
          {text}
        </Text>
      </Group>
      {share && (
        <Progress
          value={share.percent}
          size="xs"
          color={share.over ? 'red' : share.percent >= 75 ? 'yellow' : 'indigo'}
          aria-label={`${text} logged of the estimate`}
        />
      )}
    </Stack>
  );
}
