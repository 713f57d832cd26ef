import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A table column heading that orders the list by its column: the first click picks the
 * column's order listed first in `labels` (A to Z, most people), the next reverses it.
 * The default order leaves the URL, as with SortSelect. Screen readers hear the order
 * through aria-sort.
 */
export function SortableTh<Sort extends string>({
  column,
  labels,
  value,
  onChange,
  children,
  w,
}: {
  column: string;
  labels: Readonly<Record<Sort, string>>;
  value: Sort;
  onChange: (sort: Sort | undefined) => void;
  children: ReactNode;
  w?: number;
}) {
  const sorts = Object.keys(labels) as Sort[];
  const mine = sorts.filter((sort) => sort === column || sort === `-${column}`);
  const current = mine.find((sort) => sort === value);
  const next = current === undefined ? mine[0] : (mine.find((sort) => sort !== current) ?? current);
  const ascending = current !== undefined && !current.startsWith('-');
  const Icon = current === undefined ? IconSelector : ascending ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th
      w={w}
      aria-sort={current === undefined ? 'none' : ascending ? 'ascending' : 'descending'}
    >
      <UnstyledButton
        onClick={() => next !== undefined && onChange(next === sorts[0] ? undefined : next)}
        title={next !== undefined ? `Sort: ${labels[next]}` : undefined}
        fw={700}
        fz="sm"
      >
        <Group gap={4} wrap="nowrap">
          {children}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
