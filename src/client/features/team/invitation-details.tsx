import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { showDate } from '../../components/display-preferences.tsx';
import type { ReactNode } from 'react';
import { ROLE_LABELS, type WorkspaceRole } from '../../../shared/roles.ts';
import type { RouterOutputs } from '../../trpc.ts';
import { ROLE_COLORS } from './team-display.ts';

type Invitation = RouterOutputs['invitations']['get'];

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text
        size="sm"
        fw={500}
        ta="right"
        miw={0}
        component="div"
        style={{ overflowWrap: 'anywhere' }}
      >
        {children}
      </Text>
    </Group>
  );
}

/** Who is invited, as what, and until when (SPEC §2 /invite/:token). */
export function InvitationDetails({ invitation }: { invitation: Invitation }) {
  const role = invitation.role as WorkspaceRole;
  const name = `${invitation.firstName} ${invitation.lastName}`.trim();
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-6))"
    >
      <Stack gap="xs">
        {name && <Detail label="Name">{name}</Detail>}
        <Detail label="Email">{invitation.email}</Detail>
        <Detail label="Role">
          <Badge variant="light" tt="none" color={ROLE_COLORS[role] ?? 'gray'}>
            {ROLE_LABELS[role] ?? invitation.role}
          </Badge>
        </Detail>
        <Detail label="Expires">{showDate(invitation.expiresAt, 'long')}</Detail>
      </Stack>
    </Paper>
  );
}
