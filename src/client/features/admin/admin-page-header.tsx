import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A console page's heading, one line about it, and its main buttons on the right. */
export function AdminPageHeader({
  title,
  description,
  actions,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Stack gap={2} miw={0}>
        <Title order={2} fz={{ base: 'xl', sm: 26 }}>
          {title}
        </Title>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </Stack>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
