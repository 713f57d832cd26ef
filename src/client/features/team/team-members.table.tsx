import { Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { AssignableRole } from '../../../shared/roles.ts';
import type { Member } from '../../../shared/team.schema.ts';
import { MemberActionsMenu } from './member-actions.menu.tsx';
import { MemberCapacity } from './member-capacity.tsx';
import { MemberEmailButton } from './member-email.button.tsx';
import { MemberIdentity } from './member-identity.tsx';
import { MemberRole } from './member-role.select.tsx';
import { formatFullDate, formatInvitedOn, formatLastActive } from './team-display.ts';

/** The members and what the user may do to them: the table's, or the phone list's. */
export interface TeamMembersProps {
  members: Member[];
  currentUserId: number | undefined;
  canManage: (member: Member) => boolean;
  onChangeRole: (member: Member, role: AssignableRole) => Promise<boolean>;
  onToggleActive: (member: Member) => void;
  onDelete: (member: Member) => void;
  /** Planners set members' weekly capacity (resourcing); others see it. */
  onEditCapacity?: (member: Member) => void;
}

/**
 * The members table (SPEC §2 columns). Rows the user may manage (`canManage`) get the
 * role dropdown and the row menu; owners and the user's own row show the role as text.
 */
export function TeamMembersTable({
  members,
  currentUserId,
  canManage,
  onChangeRole,
  onToggleActive,
  onDelete,
  onEditCapacity,
}: TeamMembersProps) {
  return (
    <Table.ScrollContainer minWidth={960} type="scrollarea">
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Permission</Table.Th>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>Last active</Table.Th>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>Invited on</Table.Th>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>Invited by</Table.Th>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>Capacity</Table.Th>
            <Table.Th w={56}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => {
            const manageable = canManage(member);
            return (
              <Table.Tr key={member.id} data-member-email={member.email}>
                <Table.Td>
                  <MemberIdentity member={member} isYou={member.id === currentUserId} />
                </Table.Td>
                <Table.Td maw={260}>
                  <MemberEmailButton email={member.email} />
                </Table.Td>
                <Table.Td>
                  <MemberRole
                    member={member}
                    manageable={manageable}
                    onChange={(role) => onChangeRole(member, role)}
                  />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {member.lastLoginAt ? (
                    <Tooltip label={formatFullDate(member.lastLoginAt)}>
                      <Text size="sm" span>
                        {formatLastActive(member.lastLoginAt)}
                      </Text>
                    </Tooltip>
                  ) : (
                    <Text size="sm" c="dimmed">
                      Never
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatInvitedOn(member.createdAt)}</Text>
                </Table.Td>
                <Table.Td maw={180}>
                  <Text size="sm" truncate="end" c={member.invitedBy ? undefined : 'dimmed'}>
                    {member.invitedBy ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <MemberCapacity member={member} onEdit={onEditCapacity} />
                </Table.Td>
                <Table.Td>
                  {manageable && (
                    <MemberActionsMenu
                      member={member}
                      onToggleActive={() => onToggleActive(member)}
                      onDelete={() => onDelete(member)}
                    />
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
