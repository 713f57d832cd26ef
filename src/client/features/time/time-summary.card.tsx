import { Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarStats } from '@tabler/icons-react';
import { formatHours } from '../../../shared/time.schema.ts';
import { trpc } from '../../trpc.ts';

function Figure({ label, value }: { label: string; value: string | undefined }) {
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton h={28} w={110} />
      ) : (
        <Text fz={{ base: 22, sm: 26 }} fw={700} lh={1.1}>
          {value}
        </Text>
      )}
    </Stack>
  );
}

/** The workspace's hours this week and this month, from the dashboard's figures. */
export function TimeSummaryCard() {
  const stats = trpc.dashboard.stats.useQuery();
  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="time-summary-title">
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color="teal" radius="md" size={36}>
            <IconCalendarStats size={20} stroke={1.7} />
          </ThemeIcon>
          <Title order={3} fz="lg" id="time-summary-title">
            Logged Hours
          </Title>
        </Group>
        <SimpleGrid cols={2} spacing="md">
          <Figure label="This week" value={stats.data && formatHours(stats.data.hoursThisWeek)} />
          <Figure label="This month" value={stats.data && formatHours(stats.data.hoursThisMonth)} />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          Everyone&apos;s time in this workspace, by the date it was worked.
        </Text>
      </Stack>
    </Card>
  );
}
