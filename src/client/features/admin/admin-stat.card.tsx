import { Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { formatCount } from './admin-format.ts';

/** One figure of the dashboard: a label, the number (a skeleton while loading), a caption. */
export function AdminStatCard({
  label,
  value,
  caption,
  icon: CardIcon,
  color,
}: {
  label: string;
  value: number | undefined;
  caption: string;
  icon: Icon;
  color: string;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} miw={0}>
          <Text size="sm" c="dimmed" fw={600}>
            {label}
          </Text>
          {value === undefined ? (
            <Skeleton h={34} w={64} my={2} />
          ) : (
            <Text fz={30} fw={700} lh={1.2}>
              {formatCount(value)}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {caption}
          </Text>
        </Stack>
        <ThemeIcon variant="light" color={color} size={42} radius="md" aria-hidden>
          <CardIcon size={22} stroke={1.7} />
        </ThemeIcon>
      </Group>
    </Paper>
  );
}
