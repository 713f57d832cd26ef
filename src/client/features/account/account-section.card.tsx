import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon as TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** One card of the account page: an icon, a title, a one-line hint, then its content. */
export function AccountSectionCard({
  icon: Icon,
  title,
  hint,
  action,
  children,
}: {
  icon: TablerIcon;
  title: string;
  hint: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-label={title}
    >
      <Group justify="space-between" align="flex-start" gap="sm" mb="lg">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 240px' }}>
          <ThemeIcon variant="light" size={36} radius="md">
            <Icon size={20} stroke={1.7} />
          </ThemeIcon>
          <Stack gap={2} miw={0}>
            <Title order={2} fz="md">
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          </Stack>
        </Group>
        {action}
      </Group>
      {children}
    </Card>
  );
}
