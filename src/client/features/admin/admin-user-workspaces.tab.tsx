import { Anchor, Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ASSIGNABLE_ROLES, type WorkspaceRole } from '../../../shared/roles.ts';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import { roleLabel } from './admin-format.ts';
import type { AdminUser } from './admin-users.table.tsx';
import { AdminWorkspacePicker } from './admin-workspace.picker.tsx';
import { auditReads } from './refresh-audit.ts';

/** A membership shows in the users list and in the workspaces' pages. */
const membershipReads = [
  trpc.admin.users,
  trpc.admin.workspaces,
  trpc.admin.workspace,
  trpc.admin.workspaceUsers,
  ...auditReads,
];

const ROLE_OPTIONS = ASSIGNABLE_ROLES.map((role) => ({ value: role, label: roleLabel(role) }));

/**
 * The Workspaces tab: the user's memberships, each role changeable at once, and 'Assign
 * Workspace' adding a membership. Ownership is neither given nor taken here: a workspace
 * has one owner, and demoting them would leave it without one.
 *
 * Success shows in place (the select holds the server's answer, a new membership joins
 * the list) rather than as a toast, which at the bottom right would cover this panel's
 * Save Changes and Cancel; failures do toast.
 */
export function AdminUserWorkspacesTab({ user }: { user: AdminUser }) {
  // One procedure, two acts with their own failure toasts (no success toast: see above).
  const changeRole = trpc.admin.setMembership.useMutation({
    meta: {
      error: withServerMessage('Failed to update workspace role'),
      invalidates: membershipReads,
    },
  });
  const assignWorkspace = trpc.admin.setMembership.useMutation({
    meta: {
      error: withServerMessage('Failed to assign workspace'),
      invalidates: membershipReads,
    },
  });
  // The membership whose role select is disabled while it saves.
  const pendingWorkspaceId = changeRole.isPending ? Number(changeRole.variables.workspaceId) : null;
  const [assigning, setAssigning] = useState(false);
  const [workspaceId, setWorkspaceId] = useState<string | null>(null);
  const [role, setRole] = useState<string>('collaborator');

  const assign = async () => {
    if (!workspaceId) return;
    const done = await succeeded(
      assignWorkspace.mutateAsync({
        id: user.id,
        workspaceId: Number(workspaceId),
        role: role as WorkspaceRole,
      }),
    );
    if (done === undefined) return;
    setAssigning(false);
    setWorkspaceId(null);
    setRole('collaborator');
  };

  return (
    <Stack gap="md">
      {user.workspaces.length === 0 ? (
        <Text size="sm" c="dimmed">
          Not a member of any workspace yet.
        </Text>
      ) : (
        <Stack gap="xs">
          {user.workspaces.map((membership) => (
            <Paper key={membership.id} withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Anchor
                  size="sm"
                  fw={600}
                  truncate="end"
                  renderRoot={(props) => (
                    <Link
                      to="/admin/workspaces/$id"
                      params={{ id: String(membership.id) }}
                      {...props}
                    />
                  )}
                >
                  {membership.name}
                </Anchor>
                {membership.role === 'owner' ? (
                  <Badge miw="max-content" variant="light" color="indigo" tt="none" size="lg">
                    Owner
                  </Badge>
                ) : (
                  <Select
                    aria-label={`Role in ${membership.name}`}
                    w={170}
                    size="xs"
                    allowDeselect={false}
                    data={
                      ROLE_OPTIONS.some((o) => o.value === membership.role)
                        ? ROLE_OPTIONS
                        : [
                            ...ROLE_OPTIONS,
                            { value: membership.role, label: roleLabel(membership.role) },
                          ]
                    }
                    value={membership.role}
                    disabled={pendingWorkspaceId === membership.id}
                    onChange={(next) =>
                      next &&
                      changeRole.mutate({
                        id: user.id,
                        workspaceId: membership.id,
                        role: next as WorkspaceRole,
                      })
                    }
                    comboboxProps={{ withinPortal: true }}
                  />
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}

      {assigning ? (
        <Paper withBorder radius="md" p="sm">
          <Stack gap="sm">
            <Title order={4} fz="sm">
              Assign Workspace
            </Title>
            <AdminWorkspacePicker
              value={workspaceId}
              excludeIds={user.workspaces.map((w) => w.id)}
              onChange={setWorkspaceId}
            />
            <Select
              label="Role"
              allowDeselect={false}
              data={ROLE_OPTIONS}
              value={role}
              onChange={(next) => next && setRole(next)}
              comboboxProps={{ withinPortal: true }}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" size="xs" onClick={() => setAssigning(false)}>
                Cancel
              </Button>
              <Button
                size="xs"
                disabled={!workspaceId}
                loading={assignWorkspace.isPending}
                onClick={() => void assign()}
              >
                Assign
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => setAssigning(true)}
          style={{ alignSelf: 'flex-start' }}
        >
          Assign Workspace
        </Button>
      )}
    </Stack>
  );
}
