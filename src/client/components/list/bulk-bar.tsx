import { Button, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * What a list can do to its selected rows: shown while some are selected, under the table
 * and stuck to the bottom of the window while the table scrolls past, with how many are
 * selected and a way to clear the selection.
 */
export function BulkBar({
  count,
  noun,
  singular = noun.replace(/s$/, ''),
  onClear,
  children,
}: {
  count: number;
  /** Plural, lower case: 'contacts'. */
  noun: string;
  singular?: string;
  onClear: () => void;
  /** The actions. */
  children: ReactNode;
}) {
  if (count === 0) return null;
  return (
    <Paper
      withBorder
      shadow="md"
      radius="md"
      px="md"
      py="xs"
      role="region"
      aria-label="Selected rows"
      pos="sticky"
      bottom={12}
      style={{ zIndex: 5 }}
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={600} aria-live="polite">
          {count} {count === 1 ? singular : noun} selected
        </Text>
        <Group gap="xs">
          {children}
          <Button size="compact-sm" variant="subtle" color="gray" onClick={onClear}>
            Clear selection
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
