import { Text } from '@mantine/core';

/**
 * A document's number as a card leads with it (an invoice's, an estimate's), dimmed as
 * "Not numbered yet" while it is a draft that has none.
 */
export function DocumentNumber({ number }: { number: string | null }) {
  return (
    <Text ff="monospace" fw={600} truncate="end" c={number ? undefined : 'dimmed'}>
      {number ?? 'Not numbered yet'}
    </Text>
  );
}
