import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

/** Previous / Next under a card grid; hidden while everything fits on one page. */
export function ListPager({
  page,
  hasMore,
  onPageChange,
}: {
  page: number;
  hasMore: boolean;
  onPageChange: (page: number) => void;
}) {
  if (page === 1 && !hasMore) return null;
  return (
    <Group justify="center" gap="sm">
      <Button
        variant="default"
        size="sm"
        leftSection={<IconChevronLeft size={16} />}
        disabled={page === 1}
        onClick={() => onPageChange(page - 1)}
      >
        Previous
      </Button>
      <Text size="sm" c="dimmed" aria-live="polite">
        Page {page}
      </Text>
      <Button
        variant="default"
        size="sm"
        rightSection={<IconChevronRight size={16} />}
        disabled={!hasMore}
        onClick={() => onPageChange(page + 1)}
      >
        Next
      </Button>
    </Group>
  );
}
