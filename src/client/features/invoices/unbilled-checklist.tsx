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

/**
 * "Select all …", then a checkbox a row with its name and details, scrolling past 240 px.
 * A row the document cannot take (`blocked` answers why) is listed, disabled, with the
 * reason: never silently left out.
 */
export function UnbilledChecklist<T extends { id: number }>({
  what,
  rows,
  value,
  onChange,
  disabled,
  name,
  details,
  blocked = () => null,
}: {
  /** Ends "Select all unbilled …". */
  what: string;
  rows: readonly T[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  disabled: boolean;
  name: (row: T) => ReactNode;
  details: (row: T) => ReactNode;
  /** Why the row cannot be added ("In USD; this invoice is in EUR"), or null. */
  blocked?: (row: T) => string | null;
}) {
  const open = rows.filter((row) => blocked(row) === null);
  const ticked = open.filter((row) => value.includes(row.id));
  const all = ticked.length === open.length && open.length > 0;
  return (
    <>
      <Checkbox
        label={`Select all unbilled ${what}`}
        checked={all}
        indeterminate={ticked.length > 0 && !all}
        disabled={disabled || open.length === 0}
        onChange={() => onChange(all ? [] : open.map((row) => row.id))}
      />
      <Divider />
      <ScrollArea.Autosize mah={240} type="auto" scrollbars="y" offsetScrollbars="y">
        <Stack gap="xs">
          {rows.map((row) => {
            const reason = blocked(row);
            return (
              <Checkbox
                key={row.id}
                disabled={disabled || reason !== null}
                checked={reason === null && value.includes(row.id)}
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
                    {reason !== null && (
                      <Text size="xs" c="orange.8">
                        {reason}
                      </Text>
                    )}
                  </Stack>
                }
              />
            );
          })}
        </Stack>
      </ScrollArea.Autosize>
    </>
  );
}
