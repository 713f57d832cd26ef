import { Avatar, Badge, Center, Group, Menu, Text } from '@mantine/core';
import {
  IconCheck,
  IconLayoutGrid,
  IconSelector,
  type Icon as TablerIcon,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { ROLE_SHORT_LABELS } from '../../../shared/roles.ts';
import { useCurrentWorkspace, useMe } from '../../features/auth/session.ts';
import { trpc, type RouterOutputs } from '../../trpc.ts';
import { initials } from './initials.ts';
import { AvatarLines } from './signed-in-user.tsx';
import { workspaceLinksFor } from './navigation.ts';
import { ShellMenu } from './shell-menu.tsx';

type MyWorkspace = RouterOutputs['workspaces']['listMine'][number];

function WorkspaceAvatar({
  name,
  logoUrl,
  size,
}: {
  name: string;
  logoUrl: string | null | undefined;
  size: number;
}) {
  return (
    <Avatar src={logoUrl} alt="" radius="md" size={size} variant="gradient">
      {initials(name) || 'K'}
    </Avatar>
  );
}

/** A menu icon as wide as the switcher's avatars, so every label starts on one line. */
function MenuIcon({ icon: Icon }: { icon: TablerIcon }) {
  return (
    <Center w={24}>
      <Icon size={16} />
    </Center>
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The workspace-settings menu (SPEC §2): the switcher over the user's workspaces, then
 * Team Management, Admin Panel (platform admins only), Workspace Settings and Billing.
 * In the rail its target is the workspace's avatar; in the phone drawer, a full row.
 */
export function WorkspaceMenu({
  placement = 'rail',
  onNavigate,
}: {
  placement?: 'rail' | 'drawer';
  onNavigate?: () => void;
}) {
  const me = useMe();
  const current = useCurrentWorkspace();
  const mine = trpc.workspaces.listMine.useQuery();
  const switchWorkspace = trpc.workspaces.switch.useMutation();
  const workspace = current.status === 'success' ? current.data : null;
  const name = workspace?.name ?? 'No workspace selected';
  const roleText = workspace ? ROLE_SHORT_LABELS[workspace.role] : null;

  const choose = (target: MyWorkspace) => {
    if (target.id === workspace?.id) return;
    // SPEC §4: switching from the switcher reloads the page, so every cached answer of
    // the previous workspace is gone at once. SPEC §8: a failed switch shows no toast.
    switchWorkspace.mutate({ id: target.id }, { onSuccess: () => window.location.reload() });
  };

  const avatar = (
    <WorkspaceAvatar name={workspace?.name ?? 'Keel'} logoUrl={workspace?.logoUrl} size={36} />
  );

  return (
    <ShellMenu
      menu="workspace"
      placement={placement}
      railTitle={name}
      railTarget={
        <WorkspaceAvatar name={workspace?.name ?? 'Keel'} logoUrl={workspace?.logoUrl} size={40} />
      }
      rowTarget={
        <AvatarLines
          avatar={avatar}
          title={name}
          detail={roleText}
          end={<IconSelector size={16} color="var(--mantine-color-dimmed)" />}
        />
      }
      rowProps={{ p: 'sm', bd: '1px solid var(--mantine-color-default-border)' }}
    >
      <AvatarLines
        avatar={avatar}
        title={name}
        detail={
          workspace && `${roleText} · ${capitalise(workspace.subscriptionTier || 'free')} plan`
        }
        px="xs"
        py={8}
      />
      <Menu.Divider />
      <Menu.Label>Switch workspace</Menu.Label>
      {mine.data?.map((entry) => {
        const isCurrent = entry.id === workspace?.id;
        return (
          <Menu.Item
            key={entry.id}
            disabled={!entry.isActive || entry.isDeleted}
            leftSection={<WorkspaceAvatar name={entry.name} logoUrl={entry.logoUrl} size={24} />}
            rightSection={
              <Group gap={6} wrap="nowrap">
                <Badge size="xs" variant="light" color={isCurrent ? 'indigo' : 'gray'} tt="none">
                  {ROLE_SHORT_LABELS[entry.role]}
                </Badge>
                {isCurrent ? (
                  <IconCheck size={14} color="var(--mantine-primary-color-filled)" />
                ) : (
                  <IconCheck size={14} opacity={0} aria-hidden />
                )}
              </Group>
            }
            aria-current={isCurrent ? 'true' : undefined}
            onClick={() => choose(entry)}
          >
            <Text size="sm" truncate maw={150}>
              {entry.name}
            </Text>
          </Menu.Item>
        );
      })}
      <Menu.Item
        leftSection={<MenuIcon icon={IconLayoutGrid} />}
        renderRoot={(props) => <Link to="/workspace-selector" {...props} />}
        onClick={onNavigate}
      >
        All Workspaces
      </Menu.Item>
      <Menu.Divider />
      {workspaceLinksFor(Boolean(me.data?.isAdmin)).map((link) => (
        <Menu.Item
          key={link.to}
          leftSection={<MenuIcon icon={link.icon} />}
          renderRoot={(props) => <Link to={link.to} {...props} />}
          onClick={onNavigate}
        >
          {link.label}
        </Menu.Item>
      ))}
    </ShellMenu>
  );
}
