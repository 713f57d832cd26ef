import { SimpleGrid, Stack } from '@mantine/core';
import { ActiveSessionsCard } from './active-sessions.card.tsx';
import { ApiTokensCard } from './api-tokens.card.tsx';
import { ChangePasswordCard } from './change-password.card.tsx';
import { NotificationsCard } from './notifications.card.tsx';
import { PreferencesCard } from './preferences.card.tsx';
import { ProfileInfoCard } from './profile-info.card.tsx';
import { ProfilePhotoCard } from './profile-photo.card.tsx';
import { TwoFactorCard } from './two-factor.card.tsx';
import { WithAccount } from './with-account.tsx';

/**
 * /account (SPEC §2 Account): photo, basic information, password, timezone and
 * localization, notifications, sessions and personal API tokens. It also opens for a
 * user without a workspace, so nothing here depends on one.
 */
export function AccountPage() {
  return (
    <WithAccount>
      {(account) => (
        <Stack gap="lg" maw={1080}>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <Stack gap="lg">
              <ProfilePhotoCard account={account} />
              <ProfileInfoCard account={account} />
            </Stack>
            <Stack gap="lg">
              <ChangePasswordCard />
              <TwoFactorCard />
              <PreferencesCard account={account} />
            </Stack>
          </SimpleGrid>
          <NotificationsCard account={account} />
          <ActiveSessionsCard />
          <ApiTokensCard />
        </Stack>
      )}
    </WithAccount>
  );
}

export default AccountPage;
