import { Group, Pagination, Text } from '@mantine/core';

const count = new Intl.NumberFormat('en-US');

/**
 * Under every paged list: 'Showing 51–100 of 10,000 contacts' and the numbered pages.
 * Every list's server counts its rows (X-Total-Count, `total`), so every list pages so.
 */
export function ListPager({
  page,
  pageSize,
  total,
  noun,
  singular = noun.replace(/s$/, ''),
  onPageChange,
}: {
  page: number;
  pageSize: number;
  /** The whole list's size. */
  total: number;
  /** Plural, lower case: 'contacts'. */
  noun: string;
  /** Unless it is the plural without its final 's' ('entry' for 'entries'). */
  singular?: string;
  onPageChange: (page: number) => void;
}) {
  const offset = (page - 1) * pageSize;
  const rows = Math.max(0, Math.min(total - offset, pageSize));
  const range = rows === 0 ? '0' : `${count.format(offset + 1)}–${count.format(offset + rows)}`;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group justify="space-between" gap="sm" px="md" py="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        Showing {range} of {count.format(total)} {total === 1 ? singular : noun}
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
