import { Table, Text, TextInput } from '@mantine/core';
import { format, parseISO } from 'date-fns';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { parseHoursInput, type Timesheet } from '../../../shared/timesheets.schema.ts';
import { toastError } from '../../components/toasts.tsx';

/** A row of the grid: a project (and task) with its hours per day. */
export interface GridRow {
  key: string;
  projectId: number;
  taskId: number | null;
  projectName: string;
  taskTitle: string | null;
  /** Monday to Sunday, two-decimal strings. */
  hours: string[];
  total: string;
}

/** '1.50' → '1.5', '0.00' → '' (an empty cell). */
export function showHours(hours: string): string {
  const value = Number(hours);
  return value === 0 ? '' : String(value);
}

const rowLabel = (row: GridRow) =>
  row.taskTitle ? `${row.projectName} · ${row.taskTitle}` : row.projectName;

/**
 * The week as a grid of hours: rows of projects and tasks, a column per day and their
 * totals. Editable, every cell is an input: arrows move between cells (left and right
 * once the caret is at the input's edge), Tab goes along the row, Enter saves and goes
 * down; a changed value is saved when the cell is left. '1.5' and '1:30' are the same.
 */
export function TimesheetGrid({
  sheet,
  rows,
  editable,
  onSave,
}: {
  sheet: Timesheet;
  rows: GridRow[];
  editable: boolean;
  onSave: (row: GridRow, date: string, hours: number) => Promise<boolean>;
}) {
  const grid = useRef<HTMLTableElement>(null);
  const focusCell = (row: number, col: number) => {
    const input = grid.current?.querySelector<HTMLInputElement>(`[data-cell="${row}:${col}"]`);
    if (!input) return false;
    input.focus();
    input.select();
    return true;
  };

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table ref={grid} withTableBorder withColumnBorders verticalSpacing={6} highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th miw={180}>Project / task</Table.Th>
            {sheet.days.map((day) => (
              <Table.Th key={day} ta="right" w={76}>
                <Text size="xs" c="dimmed" span display="block">
                  {format(parseISO(day), 'EEE')}
                </Text>
                {format(parseISO(day), 'd MMM')}
              </Table.Th>
            ))}
            <Table.Th ta="right" w={80}>
              Total
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={9}>
                <Text c="dimmed" size="sm" py="sm">
                  {editable
                    ? 'No time this week yet. Add a row to fill in your hours.'
                    : 'No time this week.'}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((row, r) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row" fw={500}>
                <Text size="sm" fw={500} lineClamp={1}>
                  {row.projectName}
                </Text>
                {row.taskTitle && (
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {row.taskTitle}
                  </Text>
                )}
              </Table.Th>
              {sheet.days.map((day, c) => (
                <Table.Td key={day} ta="right" p={editable ? 4 : undefined}>
                  {editable ? (
                    <HoursCell
                      value={row.hours[c]!}
                      label={`Hours: ${rowLabel(row)}, ${format(parseISO(day), 'EEEE')}`}
                      cell={`${r}:${c}`}
                      onCommit={(hours) => onSave(row, day, hours)}
                      onMove={(dr, dc) => focusCell(r + dr, c + dc)}
                    />
                  ) : (
                    <Text size="sm" ff="monospace">
                      {showHours(row.hours[c]!)}
                    </Text>
                  )}
                </Table.Td>
              ))}
              <Table.Td ta="right">
                <Text size="sm" fw={600} ff="monospace">
                  {row.total}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">Total</Table.Th>
            {sheet.dayTotals.map((total, c) => (
              <Table.Td key={sheet.days[c]} ta="right">
                <Text size="sm" fw={600} ff="monospace">
                  {total}
                </Text>
              </Table.Td>
            ))}
            <Table.Td ta="right">
              <Text size="sm" fw={700} ff="monospace" aria-label="Week total">
                {sheet.total}
              </Text>
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

function HoursCell({
  value,
  label,
  cell,
  onCommit,
  onMove,
}: {
  value: string;
  label: string;
  cell: string;
  onCommit: (hours: number) => Promise<boolean>;
  onMove: (rows: number, cols: number) => boolean;
}) {
  const [draft, setDraft] = useState(showHours(value));
  const [saving, setSaving] = useState(false);
  const focused = useRef(false);
  // The server's value shows unless the member is typing in the cell.
  useEffect(() => {
    if (!focused.current) setDraft(showHours(value));
  }, [value]);

  const commit = async () => {
    const hours = parseHoursInput(draft);
    if (hours === null || hours > 24) {
      toastError('Hours not saved', 'Enter hours between 0 and 24, like 1.5 or 1:30.');
      setDraft(showHours(value));
      return;
    }
    if (Math.round(hours * 100) === Math.round(Number(value) * 100)) {
      setDraft(showHours(value));
      return;
    }
    setSaving(true);
    const saved = await onCommit(hours);
    setSaving(false);
    // Refused, the cell shows what the server holds; saved, the new value arrives with it.
    if (!saved) setDraft(showHours(value));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
    const atEnd =
      input.selectionStart === input.value.length && input.selectionEnd === input.value.length;
    let handled = false;
    if (event.key === 'ArrowDown') handled = onMove(1, 0);
    else if (event.key === 'ArrowUp') handled = onMove(-1, 0);
    else if (event.key === 'ArrowLeft' && atStart) handled = onMove(0, -1);
    else if (event.key === 'ArrowRight' && atEnd) handled = onMove(0, 1);
    else if (event.key === 'Enter') {
      handled = true;
      if (!onMove(1, 0)) input.blur();
    } else if (event.key === 'Escape') {
      handled = true;
      setDraft(showHours(value));
    }
    if (handled) event.preventDefault();
  };

  return (
    <TextInput
      size="xs"
      w={64}
      ml="auto"
      aria-label={label}
      data-cell={cell}
      inputMode="decimal"
      autoComplete="off"
      value={draft}
      readOnly={saving}
      styles={{ input: { textAlign: 'right', fontFamily: 'var(--mantine-font-family-monospace)' } }}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onFocus={(event) => {
        focused.current = true;
        event.currentTarget.select();
      }}
      onBlur={() => {
        focused.current = false;
        void commit();
      }}
      onKeyDown={onKeyDown}
    />
  );
}
