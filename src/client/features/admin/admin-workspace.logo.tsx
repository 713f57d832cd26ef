import { Avatar } from '@mantine/core';
import { initials } from '../../components/app-shell/initials.ts';

/** The workspace's logo, or its initials on a tile. */
export function AdminWorkspaceLogo({
  workspace,
  size = 36,
}: {
  workspace: { name: string; logoUrl: string | null };
  size?: number;
}) {
  return (
    <Avatar src={workspace.logoUrl} alt="" size={size} radius="md" color="cyan" variant="light">
      {initials(workspace.name)}
    </Avatar>
  );
}
