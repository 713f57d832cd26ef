import { DANGER_COLOR } from '../../theme.ts';
import { ActionIcon, Menu } from '@mantine/core';
import { IconDotsVertical, IconTrash, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import type { Member } from '../../../shared/team.schema.ts';

/** The row menu (SPEC §2): deactivate or reactivate, and delete. */
export function MemberActionsMenu({
  member,
  onToggleActive,
  onDelete,
}: {
  member: Member;
  onToggleActive: () => void;
  onDelete: () => void;
}) {
  return (
    <Menu position="bottom-end" shadow="md" width={220} withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${member.fullName}`}>
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {member.isActive ? (
          <Menu.Item leftSection={<IconUserOff size={16} />} onClick={onToggleActive}>
            Deactivate Account
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={<IconUserCheck size={16} />} onClick={onToggleActive}>
            Reactivate Account
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color={DANGER_COLOR} leftSection={<IconTrash size={16} />} onClick={onDelete}>
          Delete user
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
