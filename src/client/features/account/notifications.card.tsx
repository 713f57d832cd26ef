import { Divider, Stack, Switch } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Fragment } from 'react';
import { NOTIFICATION_FLAGS, type Account } from '../../../shared/account.schema.ts';
import { trpc } from '../../trpc.ts';
import { accountErrorMessage } from './account-errors.ts';
import { NOTIFICATION_LABELS } from './account-options.ts';
import { AccountSectionCard } from './account-section.card.tsx';

type Flag = (typeof NOTIFICATION_FLAGS)[number];
/** One switch flipped: the input of the save, whose toast names that switch. */
type Toggle = { flag: Flag; value: boolean };

function flagsOf(account: Account): Record<Flag, boolean> {
  return Object.fromEntries(NOTIFICATION_FLAGS.map((flag) => [flag, account[flag]])) as Record<
    Flag,
    boolean
  >;
}

/**
 * Notification preferences (SPEC §7): each switch is saved the moment it flips. The
 * switch moves at once and moves back if the save fails.
 */
export function NotificationsCard({ account }: { account: Account }) {
  const utils = trpc.useUtils();
  const profile = () => utils.account.profile.getData() ?? account;
  const toggle = useMutation({
    // The switch moves at once, and back in onError if the save fails.
    onMutate: ({ flag, value }: Toggle) => {
      utils.account.profile.setData(undefined, { ...profile(), [flag]: value });
    },
    mutationFn: ({ flag, value }: Toggle) =>
      utils.client.account.updateNotifications.mutate({ ...flagsOf(profile()), [flag]: value }),
    onSuccess: (saved) => utils.account.profile.setData(undefined, saved),
    onError: (_error, { flag, value }) =>
      utils.account.profile.setData(undefined, (current) =>
        current ? { ...current, [flag]: !value } : current,
      ),
    meta: {
      success: (_saved: Account, { flag, value }: Toggle) => [
        'Notification preferences updated',
        `${NOTIFICATION_LABELS[flag].label} turned ${value ? 'on' : 'off'}.`,
      ],
      error: (error: unknown) => [
        'Error',
        accountErrorMessage(error, 'Notification preferences update failed'),
      ],
    },
  });

  return (
    <AccountSectionCard
      icon={IconBell}
      title="Notification Preferences"
      hint="Choose what Keel tells you about. Changes save at once."
    >
      <Stack gap="sm">
        {NOTIFICATION_FLAGS.map((flag, index) => (
          <Fragment key={flag}>
            {index > 0 && <Divider />}
            <Switch
              label={NOTIFICATION_LABELS[flag].label}
              description={NOTIFICATION_LABELS[flag].description}
              checked={account[flag]}
              onChange={(event) => toggle.mutate({ flag, value: event.currentTarget.checked })}
              labelPosition="left"
              size="md"
              styles={{ body: { justifyContent: 'space-between' }, labelWrapper: { flex: 1 } }}
            />
          </Fragment>
        ))}
      </Stack>
    </AccountSectionCard>
  );
}
