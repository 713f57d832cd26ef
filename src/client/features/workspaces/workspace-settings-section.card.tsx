import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon as TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** One card of Workspace Settings: an icon, a title and a hint above its content. */
export function WorkspaceSettingsSectionCard({
  icon: Icon,
  title,
  hint,
  color,
  danger = false,
  children,
}: {
  icon: TablerIcon;
  title: string;
  hint: string;
  color?: string;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <Card
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-label={title}
      style={
        danger
          ? { borderColor: 'light-dark(var(--mantine-color-red-3), var(--mantine-color-red-9))' }
          : undefined
      }
    >
      <Group gap="sm" wrap="nowrap" align="flex-start" mb="lg">
        <ThemeIcon variant="light" size={36} radius="md" color={danger ? 'red' : color}>
          <Icon size={20} stroke={1.7} />
        </ThemeIcon>
        <Stack gap={2} miw={0}>
          <Title order={2} fz="md" c={danger ? 'red' : undefined}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        </Stack>
      </Group>
      {children}
    </Card>
  );
}
