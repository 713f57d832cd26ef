import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { formatCount } from './admin-format.ts';

/**
 * Previous/Next under a list whose total the server does not count (invitations): the
 * page asks for one row more than it shows, and that extra row says a next page exists.
 */
export function AdminPager({
  page,
  pageSize,
  shown,
  hasNext,
  noun,
  onPageChange,
}: {
  page: number;
  pageSize: number;
  shown: number;
  hasNext: boolean;
  noun: string;
  onPageChange: (page: number) => void;
}) {
  const first = shown === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = (page - 1) * pageSize + shown;
  return (
    <Group justify="space-between" gap="sm" px="md" py="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        Showing {formatCount(first)}–{formatCount(last)} {noun}
      </Text>
      {(page > 1 || hasNext) && (
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconChevronLeft size={14} />}
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            Previous
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            rightSection={<IconChevronRight size={14} />}
            disabled={!hasNext}
            onClick={() => onPageChange(page + 1)}
          >
            Next
          </Button>
        </Group>
      )}
    </Group>
  );
}
