import { Combobox, Input, Select } from '@mantine/core';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import type { Person } from '../../../shared/contacts.schema.ts';
import { UNASSIGNED, type AssigneeOption } from './use-assignees.ts';

/**
 * The table's inline assignee dropdown. The choice shows at once and the dropdown is
 * disabled until the server answers; on failure it falls back to the saved assignee.
 *
 * Until a pointer comes onto it or it takes the focus, the row shows a plain read-only
 * input that looks like the closed Select (same size, value and chevron, same role and
 * label); the real Select replaces it at that moment, focused if it was reached by
 * keyboard. A Mantine Select (combobox store, popover, floating position) costs about as
 * much as the rest of its row put together: the client benchmark measured ~380 ms of
 * main-thread time for a page of 50 contacts, out of ~840 ms for the whole cold load.
 */
export function ContactAssigneeSelect({
  person,
  options,
  onAssign,
}: {
  person: Person;
  options: AssigneeOption[];
  onAssign: (person: Person, assignedUserId: number | null) => Promise<boolean>;
}) {
  const [pending, setPending] = useState<string | null>(null);
  // null: not needed yet; otherwise how the user reached it.
  const [activated, setActivated] = useState<'pointer' | 'focus' | null>(null);
  const saved = person.assignedUserId ? String(person.assignedUserId) : UNASSIGNED;
  const value = pending ?? saved;
  const label = `Assigned to for ${person.fullName}`;

  if (activated === null) {
    return (
      <Input
        component="input"
        readOnly
        pointer
        size="xs"
        w={150}
        role="combobox"
        aria-label={label}
        aria-haspopup="listbox"
        aria-expanded={false}
        value={options.find((option) => option.value === value)?.label ?? ''}
        rightSection={<Combobox.Chevron size="xs" />}
        // Synchronously, so the press that follows (even a tap, whose pointerenter comes
        // just before its pointerdown) already lands on the real Select.
        onPointerEnter={() => flushSync(() => setActivated('pointer'))}
        onFocus={() => setActivated((how) => how ?? 'focus')}
      />
    );
  }

  const change = async (next: string | null) => {
    if (!next || next === saved) return;
    setPending(next);
    try {
      await onAssign(person, next === UNASSIGNED ? null : Number(next));
    } finally {
      setPending(null);
    }
  };

  return (
    <Select
      aria-label={label}
      size="xs"
      w={150}
      data={options}
      value={value}
      onChange={(next) => void change(next)}
      allowDeselect={false}
      disabled={pending !== null}
      comboboxProps={{ withinPortal: true }}
      // Keyboard users keep their place: the focus moves onto the Select that replaced
      // the stand-in they tabbed to.
      autoFocus={activated === 'focus'}
    />
  );
}
