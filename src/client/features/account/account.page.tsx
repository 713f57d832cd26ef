import { Alert, Button, Center, Loader, SimpleGrid, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { trpc } from '../../trpc.ts';
import { ActiveSessionsCard } from './active-sessions.card.tsx';
import { ApiTokensCard } from './api-tokens.card.tsx';
import { ChangePasswordCard } from './change-password.card.tsx';
import { NotificationsCard } from './notifications.card.tsx';
import { PreferencesCard } from './preferences.card.tsx';
import { ProfileInfoCard } from './profile-info.card.tsx';
import { ProfilePhotoCard } from './profile-photo.card.tsx';

/**
 * /account (SPEC §2 Account): photo, basic information, password, timezone and
 * localization, notifications, sessions and personal API tokens. It also opens for a
 * user without a workspace, so nothing here depends on one.
 */
export function AccountPage() {
  const profile = trpc.account.profile.useQuery();

  if (profile.isPending) {
    return (
      <Center py={80}>
        <Loader aria-label="Loading account" />
      </Center>
    );
  }
  if (profile.isError) {
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle size={18} />}
        title="Your account could not be loaded"
        maw={960}
      >
        <Button size="xs" variant="light" color="red" onClick={() => void profile.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  const account = profile.data;
  return (
    <Stack gap="lg" maw={1080}>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Stack gap="lg">
          <ProfilePhotoCard account={account} />
          <ProfileInfoCard account={account} />
        </Stack>
        <Stack gap="lg">
          <ChangePasswordCard />
          <PreferencesCard account={account} />
        </Stack>
      </SimpleGrid>
      <NotificationsCard account={account} />
      <ActiveSessionsCard />
      <ApiTokensCard />
    </Stack>
  );
}

export default AccountPage;
