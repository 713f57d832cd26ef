import {
  Alert,
  Avatar,
  Badge,
  Button,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { IconBuilding, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { showDate } from '../../components/display-preferences.tsx';
import { useState } from 'react';
import { ROLE_LABELS } from '../../../shared/roles.ts';
import { CenteredLayout } from '../../components/centered-layout.tsx';
import { FormDialog } from '../../components/form-dialog.tsx';
import { succeeded } from '../../mutations.ts';
import { trpc, type RouterOutputs } from '../../trpc.ts';
import { useCurrentWorkspace, useRefreshSession } from '../auth/session.ts';
import classes from './workspace-selector.module.css';
import { WorkspaceCreateForm } from './workspace-create.form.tsx';

type MyWorkspace = RouterOutputs['workspaces']['listMine'][number];

const ROLE_COLORS: Record<MyWorkspace['role'], string> = {
  owner: 'indigo',
  partner: 'grape',
  administrator: 'teal',
  project_manager: 'orange',
  collaborator: 'gray',
};

function WorkspaceLogo({ workspace }: { workspace: Pick<MyWorkspace, 'logoUrl' | 'name'> }) {
  return (
    <Avatar src={workspace.logoUrl} alt="" size={44} radius="md" color="indigo" variant="light">
      <IconBuilding size={22} stroke={1.5} />
    </Avatar>
  );
}

function WorkspaceRow({
  workspace,
  current,
  busy,
  onSelect,
  onReactivate,
}: {
  workspace: MyWorkspace;
  current: boolean;
  busy: boolean;
  onSelect: () => void;
  onReactivate: () => void;
}) {
  const usable = workspace.isActive && !workspace.isDeleted;
  const details = (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
      <WorkspaceLogo workspace={workspace} />
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Text fw={600} truncate>
          {workspace.name}
        </Text>
        <Group gap={6}>
          <Badge tt="none" size="sm" variant="light" color={ROLE_COLORS[workspace.role]}>
            {ROLE_LABELS[workspace.role]}
          </Badge>
          {current && (
            <Badge tt="none" size="sm" variant="outline" color="teal">
              Current
            </Badge>
          )}
          {!workspace.isActive && (
            <Badge tt="none" size="sm" variant="light" color="red">
              Suspended
            </Badge>
          )}
        </Group>
      </Stack>
    </Group>
  );

  if (workspace.isDeleted) {
    return (
      <Group
        wrap="nowrap"
        p="sm"
        gap="sm"
        bd="1px dashed var(--mantine-color-default-border)"
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      >
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          {details}
          <Text size="xs" c="red">
            {workspace.scheduledDeletionAt
              ? `Scheduled for deletion on ${showDate(workspace.scheduledDeletionAt)}`
              : 'Scheduled for deletion'}
          </Text>
        </Stack>
        <Button size="xs" variant="light" onClick={onReactivate} loading={busy}>
          Reactivate
        </Button>
      </Group>
    );
  }

  return (
    <UnstyledButton onClick={onSelect} disabled={!usable || busy} p="sm" className={classes.row}>
      <Group wrap="nowrap" gap="sm">
        {details}
        <IconChevronRight size={18} color="var(--mantine-color-dimmed)" />
      </Group>
    </UnstyledButton>
  );
}

/** /workspace-selector (SPEC §2). */
export function WorkspaceSelectorPage() {
  useDocumentTitle('Select Workspace · Keel');
  const navigate = useNavigate();
  const refreshSession = useRefreshSession();
  const current = useCurrentWorkspace();
  const mine = trpc.workspaces.listMine.useQuery();
  // SPEC §8: a failed switch shows no toast.
  const switchWorkspace = trpc.workspaces.switch.useMutation();
  const reactivate = trpc.workspaces.reactivate.useMutation({
    meta: {
      success: (restored: { name: string }) => [
        'Workspace reactivated',
        `${restored.name} is available again.`,
      ],
      error: ['Reactivation failed', 'Failed to reactivate workspace. Please try again.'],
      invalidates: [trpc.workspaces.listMine],
    },
  });
  const [busyId, setBusyId] = useState<number | null>(null);
  const [createOpen, createModal] = useDisclosure(false);

  const select = async (workspace: MyWorkspace) => {
    setBusyId(workspace.id);
    try {
      if ((await succeeded(switchWorkspace.mutateAsync({ id: workspace.id }))) === undefined) {
        return;
      }
      await refreshSession();
      await navigate({ to: '/' });
    } finally {
      setBusyId(null);
    }
  };

  const restore = async (workspace: MyWorkspace) => {
    setBusyId(workspace.id);
    await succeeded(reactivate.mutateAsync({ id: workspace.id }));
    setBusyId(null);
  };

  const currentId = current.status === 'success' ? current.data.id : null;

  return (
    <CenteredLayout width={520}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} fz={26}>
            Select Workspace
          </Title>
          <Text c="dimmed">Choose the workspace you want to work in.</Text>
        </Stack>

        {mine.isPending && (
          <Stack gap="sm" aria-label="Loading workspaces">
            <Skeleton h={70} radius="md" />
            <Skeleton h={70} radius="md" />
          </Stack>
        )}
        {mine.isError && (
          <Alert color="red" title="Could not load your workspaces">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">Please check your connection and try again.</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void mine.refetch()}>
                Retry
              </Button>
            </Stack>
          </Alert>
        )}
        {mine.isSuccess && mine.data.length === 0 && (
          <Text c="dimmed" ta="center" py="md">
            You are not a member of any workspace yet.
          </Text>
        )}
        {mine.isSuccess && mine.data.length > 0 && (
          <Stack gap="sm">
            {mine.data.map((workspace) => (
              <WorkspaceRow
                key={workspace.id}
                workspace={workspace}
                current={workspace.id === currentId}
                busy={busyId === workspace.id}
                onSelect={() => void select(workspace)}
                onReactivate={() => void restore(workspace)}
              />
            ))}
          </Stack>
        )}

        <Button
          variant="light"
          size="md"
          leftSection={<IconPlus size={18} />}
          onClick={createModal.open}
        >
          Create New Workspace
        </Button>
      </Stack>

      <FormDialog opened={createOpen} onClose={createModal.close} title="Create New Workspace">
        <WorkspaceCreateForm
          onCancel={createModal.close}
          onCreated={async () => {
            createModal.close();
            await navigate({ to: '/' });
          }}
        />
      </FormDialog>
    </CenteredLayout>
  );
}
