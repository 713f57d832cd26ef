import { Select } from '@mantine/core';
import { useState } from 'react';
import type { Person } from '../../../shared/contacts.schema.ts';
import { UNASSIGNED, type AssigneeOption } from './use-assignees.ts';

/**
 * The table's inline assignee dropdown. The choice shows at once and the dropdown is
 * disabled until the server answers; on failure it falls back to the saved assignee.
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
  const saved = person.assignedUserId ? String(person.assignedUserId) : UNASSIGNED;

  const change = async (value: string | null) => {
    if (!value || value === saved) return;
    setPending(value);
    try {
      await onAssign(person, value === UNASSIGNED ? null : Number(value));
    } finally {
      setPending(null);
    }
  };

  return (
    <Select
      aria-label={`Assigned to for ${person.fullName}`}
      size="xs"
      w={150}
      data={options}
      value={pending ?? saved}
      onChange={(value) => void change(value)}
      allowDeselect={false}
      disabled={pending !== null}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
