import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled value in a details drawer; a dash when there is nothing to show. */
export function DetailRow({ label, children }: { label: string; children?: ReactNode }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <Stack gap={2}>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: 0.4 }}>
        {label}
      </Text>
      {empty ? (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ) : typeof children === 'string' ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {children}
        </Text>
      ) : (
        children
      )}
    </Stack>
  );
}
