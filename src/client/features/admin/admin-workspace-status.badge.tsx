import { Badge } from '@mantine/core';

/** Active or Suspended (SPEC §2); a workspace its owner deleted is shown as such. */
export function AdminWorkspaceStatusBadge({
  workspace,
}: {
  workspace: { isActive: boolean; isDeleted: boolean };
}) {
  if (workspace.isDeleted) {
    return (
      <Badge miw="max-content" variant="outline" color="red" tt="none">
        Deleted
      </Badge>
    );
  }
  return (
    <Badge miw="max-content" variant="light" color={workspace.isActive ? 'teal' : 'red'} tt="none">
      {workspace.isActive ? 'Active' : 'Suspended'}
    </Badge>
  );
}
