import { Card, EmptyState, type EmptyStateProps } from '@mantine/core';

/** A page's empty state in a card of its own, where the list or content would stand. */
export function EmptyStateCard({ maw, ...emptyState }: EmptyStateProps & { maw?: number }) {
  return (
    <Card withBorder radius="lg" py={56} px="md" maw={maw}>
      <EmptyState variant="light" size="md" {...emptyState} />
    </Card>
  );
}
