import { Group, Pagination, Text } from '@mantine/core';
import { formatCount } from './admin-format.ts';

/** 'Showing 26–50 of 1,204 users' and the page buttons, under a server-paged table. */
export function AdminTableFooter({
  page,
  pageSize,
  total,
  noun,
  singular = noun.replace(/s$/, ''),
  onPageChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** Plural, e.g. 'users'. */
  noun: string;
  /** Unless it is the plural without its final 's'. */
  singular?: string;
  onPageChange: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" gap="sm" px="md" py="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        Showing {formatCount(first)}–{formatCount(last)} of {formatCount(total)}{' '}
        {total === 1 ? singular : noun}
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
