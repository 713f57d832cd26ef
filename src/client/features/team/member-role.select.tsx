import { Select, Text } from '@mantine/core';
import { useState } from 'react';
import { ROLE_LABELS, type AssignableRole } from '../../../shared/roles.ts';
import type { Member } from '../../../shared/team.schema.ts';
import { isAssignableRole, roleOptions } from './team-display.ts';

/**
 * The Permission dropdown of a member the user may manage (SPEC §4: a role change
 * applies at once). The chosen role shows while the change is on its way and falls back
 * to the saved one if it fails.
 */
export function MemberRoleSelect({
  member,
  onChange,
}: {
  member: Member;
  onChange: (role: AssignableRole) => Promise<boolean>;
}) {
  const [pending, setPending] = useState<AssignableRole | null>(null);

  const choose = async (value: string | null) => {
    if (!isAssignableRole(value) || value === member.role) return;
    setPending(value);
    try {
      await onChange(value);
    } finally {
      setPending(null);
    }
  };

  return (
    <Select
      aria-label={`Permission for ${member.fullName}`}
      size="xs"
      w={168}
      data={roleOptions(member.role)}
      value={pending ?? member.role}
      onChange={(value) => void choose(value)}
      allowDeselect={false}
      disabled={pending !== null}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The member's role: the dropdown where the user may change it, else its name. */
export function MemberRole({
  member,
  manageable,
  onChange,
  fw,
}: {
  member: Member;
  manageable: boolean;
  onChange: (role: AssignableRole) => Promise<boolean>;
  fw?: number;
}) {
  if (manageable) return <MemberRoleSelect member={member} onChange={onChange} />;
  return (
    <Text size="sm" fw={fw}>
      {ROLE_LABELS[member.role]}
    </Text>
  );
}
