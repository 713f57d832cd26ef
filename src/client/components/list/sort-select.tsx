import { Select } from '@mantine/core';
import { IconArrowsSort } from '@tabler/icons-react';

/**
 * A list's order, from the orders its API knows (`labels` lists them, the default first).
 * The default leaves the URL; any other goes into `?sort=`.
 */
export function SortSelect<Sort extends string>({
  label,
  labels,
  value,
  onChange,
  w,
  hiddenLabel = false,
}: {
  label: string;
  /** Beside a search box and segments that show no label either: read by screen readers only. */
  hiddenLabel?: boolean;
  labels: Record<Sort, string>;
  value: Sort;
  onChange: (sort: Sort | undefined) => void;
  w?: number;
}) {
  const sorts = Object.keys(labels) as Sort[];
  return (
    <Select
      label={hiddenLabel ? undefined : label}
      aria-label={hiddenLabel ? label : undefined}
      leftSection={<IconArrowsSort size={16} />}
      data={sorts.map((sort) => ({ value: sort, label: labels[sort] }))}
      value={value}
      onChange={(next) => onChange(next === sorts[0] || next === null ? undefined : (next as Sort))}
      allowDeselect={false}
      w={w}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The order named in the URL when the list knows it, else its default (the first). */
export function sortOf<Sort extends string>(labels: Record<Sort, string>, sort?: string): Sort {
  const sorts = Object.keys(labels) as Sort[];
  return sorts.find((known) => known === sort) ?? sorts[0]!;
}
