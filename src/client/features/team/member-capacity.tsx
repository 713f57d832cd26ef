import { Anchor, Text } from '@mantine/core';
import type { Member } from '../../../shared/team.schema.ts';

const hours = (value: string) =>
  `${Number(value).toLocaleString('en-US', { maximumFractionDigits: 2 })} h/week`;

/** A member's weekly capacity (resourcing): a button for planners, plain text for others. */
export function MemberCapacity({
  member,
  onEdit,
}: {
  member: Member;
  onEdit?: (member: Member) => void;
}) {
  if (!onEdit) return <Text size="sm">{hours(member.capacityHours)}</Text>;
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      onClick={() => onEdit(member)}
      aria-label={`Weekly capacity of ${member.fullName}: ${hours(member.capacityHours)}. Change`}
    >
      {hours(member.capacityHours)}
    </Anchor>
  );
}
