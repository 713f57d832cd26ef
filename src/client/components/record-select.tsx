import { Select, type ComboboxData, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';

/** Rows a record picker asks the server for: a screenful to scroll, then search. */
export const PICKER_ROWS = 50;

/** A record a picker offers: its id, the text shown, and optionally its group. */
export interface RecordOption {
  id: number;
  label: string;
  group?: string;
}

const MORE = '__more';

/**
 * A Select over a list searched on the server (clients, projects): it shows the first
 * PICKER_ROWS matches of what is typed, says how many more a search would reach, and keeps
 * the chosen record among its options even when the current matches do not hold it. The
 * parent runs the query: `onQueryChange` hands it the text to search (debounced; empty
 * while the box shows the chosen record's name).
 */
export function RecordSelect({
  value,
  valueLabel,
  options,
  total,
  searching,
  onQueryChange,
  onChange,
  nothingFoundMessage,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> & {
  value: number | null;
  /** The chosen record's text, known to the parent (it may not be among `options`). */
  valueLabel: string | null;
  options: readonly RecordOption[];
  /** How many records match the query in all, of which `options` are the first. */
  total: number;
  searching: boolean;
  onQueryChange: (query: string) => void;
  onChange: (id: number | null, label: string | null) => void;
}) {
  const [search, setSearch] = useState(valueLabel ?? '');
  // A record chosen or cleared from outside (a form reset), or whose name arrives with the
  // first matches, shows its name rather than stale text.
  const [shown, setShown] = useState({ value, valueLabel });
  if (value !== shown.value || valueLabel !== shown.valueLabel) {
    setShown({ value, valueLabel });
    setSearch(valueLabel ?? '');
  }
  // The box shows the chosen record's name after a choice: that is not a search.
  const query = value !== null && search === valueLabel ? '' : search.trim();
  const [debounced] = useDebouncedValue(query, 250);
  useEffect(() => onQueryChange(debounced), [debounced, onQueryChange]);

  const data = useMemo((): ComboboxData => {
    const shown =
      value !== null && valueLabel !== null && !options.some((o) => o.id === value)
        ? [{ id: value, label: valueLabel }, ...options]
        : options;
    const items: ComboboxData = [];
    const groups = new Map<string, { value: string; label: string }[]>();
    for (const option of shown) {
      const item = { value: String(option.id), label: option.label };
      if (option.group === undefined) {
        (items as { value: string; label: string }[]).push(item);
        continue;
      }
      const group = groups.get(option.group) ?? [];
      if (group.length === 0) groups.set(option.group, group);
      group.push(item);
    }
    const grouped = [...groups].map(([group, entries]) => ({ group, items: entries }));
    const more = total - options.length;
    const hint =
      more > 0 ? [{ value: MORE, label: `${more} more: type to search`, disabled: true }] : [];
    return [...items, ...grouped, ...hint] as ComboboxData;
  }, [options, total, value, valueLabel]);

  return (
    <Select
      {...props}
      searchable
      data={data}
      value={value === null ? null : String(value)}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the text.
      filter={({ options: all }) => all}
      nothingFoundMessage={searching ? 'Searching...' : nothingFoundMessage}
      onChange={(id, option) =>
        onChange(id && id !== MORE ? Number(id) : null, id && option ? option.label : null)
      }
      comboboxProps={{ withinPortal: true, ...props.comboboxProps }}
    />
  );
}

/**
 * The name of a picker's chosen record: the one the caller knew (`initial`), the one last
 * chosen (kept, as a later search's matches may not hold it), or else its option among
 * the matches. `remember` is called with what RecordSelect's onChange hands over.
 */
export function useChosenLabel(
  value: number | null,
  options: readonly RecordOption[],
  initial: string | null = null,
) {
  const [chosen, setChosen] = useState(
    value !== null && initial !== null ? { id: value, label: initial } : null,
  );
  const label =
    value === null
      ? null
      : chosen?.id === value
        ? chosen.label
        : (options.find((o) => o.id === value)?.label ?? null);
  const remember = (id: number | null, text: string | null) =>
    setChosen(id !== null && text !== null ? { id, label: text } : null);
  return { label, remember };
}
