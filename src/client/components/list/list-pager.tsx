import { Button, Group, Pagination, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

const count = new Intl.NumberFormat('en-US');

type Counted = {
  /** The whole list's size (X-Total-Count): numbered pages. */
  total: number;
};
type Uncounted = {
  /** Rows on this page, for lists the server does not count: Previous / Next. */
  shown: number;
  /** The page asked one row more than it shows, and got it. */
  hasMore: boolean;
};

/**
 * Under every paged list: 'Showing 51–100 of 10,000 contacts' with numbered pages when the
 * total is known, or 'Showing 25–48 projects' with Previous / Next when it is not.
 */
export function ListPager({
  page,
  pageSize,
  noun,
  singular = noun.replace(/s$/, ''),
  onPageChange,
  ...size
}: {
  page: number;
  pageSize: number;
  /** Plural, lower case: 'contacts'. */
  noun: string;
  /** Unless it is the plural without its final 's' ('entry' for 'entries'). */
  singular?: string;
  onPageChange: (page: number) => void;
} & (Counted | Uncounted)) {
  const offset = (page - 1) * pageSize;
  const rows = 'total' in size ? Math.max(0, Math.min(size.total - offset, pageSize)) : size.shown;
  const range = rows === 0 ? '0' : `${count.format(offset + 1)}–${count.format(offset + rows)}`;
  if ('total' in size) {
    const pages = Math.max(1, Math.ceil(size.total / pageSize));
    return (
      <Group justify="space-between" gap="sm" px="md" py="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          Showing {range} of {count.format(size.total)} {size.total === 1 ? singular : noun}
        </Text>
        {pages > 1 && (
          <Pagination
            size="sm"
            total={pages}
            value={page}
            onChange={onPageChange}
            siblings={1}
            boundaries={1}
            getControlProps={(control) => ({
              'aria-label': `${control.charAt(0).toUpperCase()}${control.slice(1)} page`,
            })}
          />
        )}
      </Group>
    );
  }
  return (
    <Group justify="space-between" gap="sm" px="md" py="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {/* One page holds the whole list: its size is known. */}
        {page === 1 && !size.hasMore
          ? `${count.format(rows)} ${rows === 1 ? singular : noun}`
          : `Showing ${range} ${noun}`}
      </Text>
      {(page > 1 || size.hasMore) && (
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
            disabled={!size.hasMore}
            onClick={() => onPageChange(page + 1)}
          >
            Next
          </Button>
        </Group>
      )}
    </Group>
  );
}
