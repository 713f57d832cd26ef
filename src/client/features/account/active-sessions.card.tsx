import { Badge, Button, Group, Text } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconShieldLock } from '@tabler/icons-react';
import { formatDistanceToNow } from 'date-fns';
import { useMutation } from '@tanstack/react-query';
import { trpc, type RouterOutputs } from '../../trpc.ts';
import { accountErrorMessage } from './account-errors.ts';
import { AccountRows } from './account-rows.tsx';
import { AccountSectionCard } from './account-section.card.tsx';

type ActiveSession = RouterOutputs['account']['sessions'][number];

function isMobile(deviceName: string | null): boolean {
  return /Android|iOS/.test(deviceName ?? '');
}

function sessionDetails(session: ActiveSession): string {
  const parts = [session.ipAddress, session.location].filter(Boolean);
  parts.push(
    session.isCurrent
      ? 'Active now'
      : `Active ${formatDistanceToNow(new Date(session.lastActive), { addSuffix: true })}`,
  );
  return parts.join(' · ');
}

/** The devices signed in to this account, with a way to sign any of them out. */
export function ActiveSessionsCard() {
  const utils = trpc.useUtils();
  const sessions = trpc.account.sessions.useQuery();
  // The session itself is the mutation's input: its toast names the device, which the
  // refetched list no longer has.
  const terminateSession = useMutation({
    mutationFn: (session: ActiveSession) =>
      utils.client.account.terminateSession.mutate({ id: session.id }),
    meta: {
      success: (_done: unknown, session: ActiveSession) => [
        'Session terminated',
        `${session.deviceName ?? 'The device'} was signed out.`,
      ],
      error: (error: unknown) => [
        'Failed to terminate session',
        accountErrorMessage(error, 'Please try again.'),
      ],
      invalidates: [trpc.account.sessions],
    },
  });
  const terminateOthers = trpc.account.terminateOtherSessions.useMutation({
    meta: {
      success: ['Other sessions terminated', 'Every other device was signed out.'],
      error: (error: unknown) => [
        'Failed to terminate sessions',
        accountErrorMessage(error, 'Please try again.'),
      ],
      invalidates: [trpc.account.sessions],
    },
  });

  const others = (sessions.data ?? []).filter((s) => !s.isCurrent).length;
  // The session being signed out, for its button's spinner.
  const ending = terminateSession.isPending ? terminateSession.variables.id : null;

  return (
    <AccountSectionCard
      icon={IconShieldLock}
      title="Active Sessions"
      hint="Devices signed in to your account."
      action={
        <Button
          variant="default"
          color="red"
          size="sm"
          onClick={() => terminateOthers.mutate()}
          loading={terminateOthers.isPending}
          disabled={others === 0}
        >
          Terminate All Other Sessions
        </Button>
      }
    >
      <AccountRows
        query={sessions}
        what="sessions"
        icon={(session) => (isMobile(session.deviceName) ? IconDeviceMobile : IconDeviceDesktop)}
        name={(session) => (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={600} truncate="end">
              {session.deviceName ?? 'Unknown device'}
            </Text>
            {session.isCurrent && (
              <Badge size="xs" variant="light" color="teal" tt="none" style={{ flexShrink: 0 }}>
                Current
              </Badge>
            )}
          </Group>
        )}
        details={(session) => (
          <Text size="xs" c="dimmed" truncate="end">
            {sessionDetails(session)}
          </Text>
        )}
        action={(session) =>
          !session.isCurrent && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() => terminateSession.mutate(session)}
              loading={ending === session.id}
              aria-label={`Terminate session on ${session.deviceName ?? 'unknown device'}`}
            >
              Terminate
            </Button>
          )
        }
      />
    </AccountSectionCard>
  );
}
