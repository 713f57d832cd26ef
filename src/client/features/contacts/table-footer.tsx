import { Group, Pagination, Text } from '@mantine/core';

/** 'Showing 51–100 of 10,000 contacts' and the page buttons, under a paged table. */
export function TableFooter({
  page,
  pageSize,
  total,
  noun,
  onPageChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  noun: string;
  onPageChange: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const number = new Intl.NumberFormat();
  return (
    <Group justify="space-between" gap="sm" px="md" py="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        Showing {number.format(first)}–{number.format(last)} of {number.format(total)} {noun}
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
