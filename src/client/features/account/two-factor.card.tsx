import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryState } from '../../components/query-state.tsx';
import { showDate } from '../../components/display-preferences.tsx';
import { trpc } from '../../trpc.ts';
import { AccountSectionCard } from './account-section.card.tsx';
import { TwoFactorDisableDialog } from './two-factor-disable.dialog.tsx';
import { TwoFactorEnrolDialog } from './two-factor-enrol.dialog.tsx';

/**
 * Two-factor sign-in: a code from an authenticator app after the password. Shown on
 * /account and on the Account tab of /settings.
 */
export function TwoFactorCard() {
  const status = trpc.account.twoFactor.useQuery();
  const [dialog, setDialog] = useState<'enrol' | 'disable' | null>(null);
  const enabled = status.data?.enabled === true;

  let body;
  if (status.status !== 'success') {
    body = (
      <QueryState
        status={status.status}
        what="two-factor sign-in"
        onRetry={() => void status.refetch()}
        loaderPy={20}
      />
    );
  } else if (status.data.enabled) {
    const left = status.data.recoveryCodesLeft;
    body = (
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={4} miw={0}>
          <Text size="sm">
            On since {showDate(status.data.enabledAt)}. Each sign-in asks for a code from your
            authenticator app.
          </Text>
          <Text size="sm" c={left <= 2 ? 'red' : 'dimmed'}>
            {left === 1 ? '1 recovery code left' : `${left} recovery codes left`}
            {left <= 2 ? ': turn it off and on again for new ones.' : '.'}
          </Text>
        </Stack>
        <Button variant="default" color="red" onClick={() => setDialog('disable')}>
          Turn Off
        </Button>
      </Group>
    );
  } else {
    body = (
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 240px' }}>
          Off. Turn it on to ask for a code from an authenticator app after your password.
        </Text>
        <Button onClick={() => setDialog('enrol')}>Set Up</Button>
      </Group>
    );
  }

  return (
    <AccountSectionCard
      icon={IconShieldLock}
      title="Two-factor sign-in"
      hint="A code from your phone as well as your password."
      action={
        status.data ? (
          <Badge color={enabled ? 'teal' : 'gray'} variant="light">
            {enabled ? 'On' : 'Off'}
          </Badge>
        ) : undefined
      }
    >
      {body}
      <TwoFactorEnrolDialog opened={dialog === 'enrol'} onClose={() => setDialog(null)} />
      <TwoFactorDisableDialog opened={dialog === 'disable'} onClose={() => setDialog(null)} />
    </AccountSectionCard>
  );
}
