import type { ReactNode } from 'react';
import type { AssignableRole } from '../../../shared/roles.ts';
import type { Member } from '../../../shared/team.schema.ts';
import { CopyableText } from '../../components/copyable-text.tsx';
import { MemberActionsMenu } from './member-actions.menu.tsx';
import { MemberCapacity } from './member-capacity.tsx';
import { MemberIdentity } from './member-identity.tsx';
import { MemberRole } from './member-role.select.tsx';

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
 * One member's facts and controls, laid out by the table or the phone list. Members the
 * user may manage (`canManage`) get the role dropdown and the menu; owners and the
 * user's own row show the role as text and no menu.
 */
export function memberControls(
  props: TeamMembersProps,
  member: Member,
  roleWeight?: number,
): Record<'identity' | 'email' | 'role' | 'capacity' | 'actions', ReactNode> {
  const manageable = props.canManage(member);
  return {
    identity: <MemberIdentity member={member} isYou={member.id === props.currentUserId} />,
    email: (
      <CopyableText
        value={member.email}
        label="email"
        copied={['Copied!', 'Email copied to clipboard']}
        openDelay={0}
      />
    ),
    role: (
      <MemberRole
        member={member}
        manageable={manageable}
        onChange={(role) => props.onChangeRole(member, role)}
        fw={roleWeight}
      />
    ),
    capacity: <MemberCapacity member={member} onEdit={props.onEditCapacity} />,
    actions: manageable && (
      <MemberActionsMenu
        member={member}
        onToggleActive={() => props.onToggleActive(member)}
        onDelete={() => props.onDelete(member)}
      />
    ),
  };
}
