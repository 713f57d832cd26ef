import {
  Card,
  Group,
  Stack,
  Text,
  ThemeIcon,
  Title,
  type CardProps,
  type MantineColor,
} from '@mantine/core';
import type { Icon as TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A bordered card that is a region of the page named by `label`. */
export function RegionCard({
  label,
  p = { base: 'md', sm: 'lg' },
  children,
  ...card
}: { label: string; children: ReactNode } & Omit<CardProps, 'children'>) {
  return (
    <Card withBorder radius="lg" p={p} component="section" aria-label={label} {...card}>
      {children}
    </Card>
  );
}

/**
 * One card of a settings page, a region named by its title: an icon (where the page
 * gives its cards one), the title and a one-line hint, an action at the right, then
 * its content. A danger card is outlined and titled in red.
 */
export function SectionCard({
  icon: Icon,
  title,
  hint,
  action,
  color,
  danger = false,
  headingOrder = 2,
  children,
}: {
  icon?: TablerIcon;
  title: string;
  hint: string;
  action?: ReactNode;
  color?: MantineColor;
  danger?: boolean;
  /** 3 where the page's tabs or sections already stand at level 2. */
  headingOrder?: 2 | 3;
  children: ReactNode;
}) {
  return (
    <RegionCard
      label={title}
      p={{ base: 'md', sm: 'xl' }}
      style={
        danger
          ? { borderColor: 'light-dark(var(--mantine-color-red-3), var(--mantine-color-red-9))' }
          : undefined
      }
    >
      <Group justify="space-between" align="flex-start" gap="sm" mb="lg">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 240px' }}>
          {Icon && (
            <ThemeIcon variant="light" size={36} radius="md" color={danger ? 'red' : color}>
              <Icon size={20} stroke={1.7} />
            </ThemeIcon>
          )}
          <Stack gap={2} miw={0}>
            <Title order={headingOrder} fz="md" c={danger ? 'red' : undefined}>
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
    </RegionCard>
  );
}
