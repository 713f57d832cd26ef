import { Checkbox, Divider, ScrollArea, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { GroupPanel } from '../../components/group-panel.tsx';

/**
 * The frame of what a draft can bill that nothing has billed yet (time, expenses): a
 * titled group, named by its title for a screen reader.
 */
export function UnbilledPanel({
  id,
  title,
  children,
}: {
  /** The title's element id, which names the group. */
  id: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <GroupPanel labelledBy={id} gap="xs">
      <div id={id}>{title}</div>
      {children}
    </GroupPanel>
  );
}

/** "Select all …", then a checkbox a row with its name and details, scrolling past 240 px. */
export function UnbilledChecklist<T extends { id: number }>({
  what,
  rows,
  value,
  onChange,
  disabled,
  name,
  details,
}: {
  /** Ends "Select all unbilled …". */
  what: string;
  rows: readonly T[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  disabled: boolean;
  name: (row: T) => ReactNode;
  details: (row: T) => ReactNode;
}) {
  const ticked = rows.filter((row) => value.includes(row.id));
  const all = ticked.length === rows.length && rows.length > 0;
  return (
    <>
      <Checkbox
        label={`Select all unbilled ${what}`}
        checked={all}
        indeterminate={ticked.length > 0 && !all}
        disabled={disabled}
        onChange={() => onChange(all ? [] : rows.map((row) => row.id))}
      />
      <Divider />
      <ScrollArea.Autosize mah={240} type="auto" scrollbars="y" offsetScrollbars="y">
        <Stack gap="xs">
          {rows.map((row) => (
            <Checkbox
              key={row.id}
              disabled={disabled}
              checked={value.includes(row.id)}
              onChange={(event) =>
                onChange(
                  event.currentTarget.checked
                    ? [...value, row.id]
                    : value.filter((id) => id !== row.id),
                )
              }
              styles={{ body: { width: '100%' }, labelWrapper: { flex: 1, minWidth: 0 } }}
              label={
                <Stack gap={0} miw={0}>
                  <Text size="sm" truncate="end">
                    {name(row)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {details(row)}
                  </Text>
                </Stack>
              }
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </>
  );
}
