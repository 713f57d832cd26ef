import {
  Anchor,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { httpStatusOf, trpc } from '../../trpc.ts';
import { capitalise, formatCount, formatDate } from './admin-format.ts';
import { AdminSuspendWorkspaceDialog } from './admin-suspend-workspace.dialog.tsx';
import { AdminTableState } from './admin-table-state.tsx';
import { AdminWorkspaceStatusBadge } from './admin-workspace-status.badge.tsx';
import { AdminWorkspaceUsersTable } from './admin-workspace-users.table.tsx';
import { AdminWorkspaceLogo } from './admin-workspace.logo.tsx';
import { useWorkspaceStatus } from './use-workspace-status.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

function BackLink() {
  return (
    <Anchor
      size="sm"
      renderRoot={(props) => <Link to="/admin/workspaces" {...props} />}
      style={{ alignSelf: 'flex-start' }}
    >
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={14} />
        Back to Workspaces
      </Group>
    </Anchor>
  );
}

/** Ids are positive integers (SPEC §2: numeric); anything else names no workspace. */
function parseId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

/** /admin/workspaces/:id: one workspace's details and members, with Suspend/Activate. */
export function AdminWorkspaceDetailPage() {
  const params = useParams({ strict: false });
  const id = parseId(params.id);
  const workspace = trpc.admin.workspace.useQuery({ id: id ?? 0 }, { enabled: id !== null });
  const users = trpc.admin.workspaceUsers.useQuery({ id: id ?? 0 }, { enabled: id !== null });
  const status = useWorkspaceStatus();
  const [suspending, setSuspending] = useState(false);

  if (id === null || httpStatusOf(workspace.error) === 404) {
    return (
      <Stack gap="md">
        <BackLink />
        <Paper withBorder radius="md">
          <AdminTableState
            state="empty"
            label="Workspace not found"
            hint="It may have been removed, or the link is mistyped."
          />
        </Paper>
      </Stack>
    );
  }
  if (workspace.isError) {
    return (
      <Stack gap="md">
        <BackLink />
        <AdminTableState
          state="error"
          label="The workspace could not be loaded"
          onRetry={() => void workspace.refetch()}
        />
      </Stack>
    );
  }

  const ws = workspace.data;
  return (
    <Stack gap="md">
      <BackLink />
      <Group justify="space-between" align="center" gap="sm">
        <Group gap="md" wrap="nowrap" miw={0}>
          {ws ? <AdminWorkspaceLogo workspace={ws} size={52} /> : <Skeleton h={52} w={52} />}
          <Stack gap={4} miw={0}>
            {ws ? (
              <Title order={2} fz={{ base: 'xl', sm: 26 }} style={{ overflowWrap: 'anywhere' }}>
                {ws.name}
              </Title>
            ) : (
              <Skeleton h={28} w={220} />
            )}
            {ws && (
              <Group gap="xs">
                <AdminWorkspaceStatusBadge workspace={ws} />
                <Text size="xs" c="dimmed">
                  ID: {ws.id}
                </Text>
              </Group>
            )}
          </Stack>
        </Group>
        {ws && (
          <Button
            variant="light"
            color={ws.isActive ? 'red' : 'teal'}
            loading={status.pendingId === ws.id}
            onClick={() => (ws.isActive ? setSuspending(true) : void status.setActive(ws.id, true))}
          >
            {ws.isActive ? 'Suspend' : 'Activate'}
          </Button>
        )}
      </Group>

      <Paper withBorder radius="md" p="md">
        <Title order={3} fz="lg" mb="md">
          Details
        </Title>
        {ws ? (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" verticalSpacing="md">
            <Field label="Slug">{ws.slug}</Field>
            <Field label="Email">{ws.email ?? '—'}</Field>
            <Field label="Subscription Tier">{capitalise(ws.subscriptionTier || 'free')}</Field>
            <Field label="Status">{ws.isActive ? 'Active' : 'Suspended'}</Field>
            <Field label="Owner">{ws.ownerName ?? '—'}</Field>
            <Field label="Created">{formatDate(ws.createdAt)}</Field>
            <Field label="Users">{formatCount(ws.userCount)}</Field>
            <Field label="Deletion">{ws.isDeleted ? 'Scheduled by its owner' : 'None'}</Field>
          </SimpleGrid>
        ) : (
          <Skeleton h={80} />
        )}
      </Paper>

      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <Title order={3} fz="lg" p="md" pb={0}>
          Users
        </Title>
        {users.isPending ? (
          <AdminTableState state="loading" label="Loading users" />
        ) : users.isError ? (
          <AdminTableState
            state="error"
            label="Users could not be loaded"
            onRetry={() => void users.refetch()}
          />
        ) : users.data.length === 0 ? (
          <AdminTableState state="empty" label="No users in this workspace" />
        ) : (
          <AdminWorkspaceUsersTable users={users.data} />
        )}
      </Paper>

      <AdminSuspendWorkspaceDialog
        workspace={suspending && ws ? ws : null}
        onConfirm={(wsId) => status.setActive(wsId, false)}
        onClose={() => setSuspending(false)}
      />
    </Stack>
  );
}

export default AdminWorkspaceDetailPage;
