import {
  Group,
  SimpleGrid,
  Skeleton,
  Text,
  ThemeIcon,
  type MantineColor,
  type SimpleGridProps,
} from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { RegionCard } from '../../components/section-card.tsx';

export interface StatCardProps {
  label: string;
  value: string | undefined;
  hint?: string;
  hintColor?: MantineColor;
  icon: Icon;
  color: MantineColor;
}

/**
 * One figure of the dashboard or the financial overview, a region named by its label.
 * (Not a link: the navigation's "Projects" or "Deals" must stay the only links by those
 * names.) `value` is undefined while loading.
 */
export function StatCard({ label, value, hint, hintColor, icon: StatIcon, color }: StatCardProps) {
  return (
    <RegionCard label={label}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Text size="sm" c="dimmed" fw={500} lh={1.3}>
          {label}
        </Text>
        <ThemeIcon variant="light" color={color} radius="md" size={32} visibleFrom="xs">
          <StatIcon size={18} stroke={1.6} />
        </ThemeIcon>
      </Group>
      {value === undefined ? (
        <Skeleton h={30} w="70%" mt="xs" />
      ) : (
        <Text
          fz={{ base: 20, sm: 26 }}
          fw={700}
          mt="xs"
          lh={1.2}
          style={{ overflowWrap: 'anywhere' }}
        >
          {value}
        </Text>
      )}
      {hint !== undefined && (
        <Text size="xs" c={hintColor ?? 'dimmed'} mt={4}>
          {hint}
        </Text>
      )}
    </RegionCard>
  );
}

/** Figures side by side, each a StatCard named by its label. */
export function StatGrid({ cards, ...grid }: { cards: StatCardProps[] } & SimpleGridProps) {
  return (
    <SimpleGrid {...grid}>
      {cards.map((card) => (
        <StatCard key={card.label} {...card} />
      ))}
    </SimpleGrid>
  );
}
