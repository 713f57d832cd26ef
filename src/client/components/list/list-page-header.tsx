import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The heading of a page with a list (the billing pages, the admin console): the page's
 * name as its h2 under the top bar's h1, one line on what the page is for, and the page's
 * main actions on the right (below them on a phone).
 */
export function ListPageHeader({
  title,
  description,
  action,
}: {
  title: string;
  description: string;
  action?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" gap="md">
      <Stack gap={4} miw={0} style={{ flex: '1 1 260px' }}>
        <Title order={2} fz={{ base: 22, sm: 26 }}>
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      </Stack>
      {action}
    </Group>
  );
}
