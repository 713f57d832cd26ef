import { Anchor, Stack, Tabs, Text } from '@mantine/core';
import {
  IconBell,
  IconBriefcase,
  IconCreditCard,
  IconMail,
  IconShieldLock,
  IconUser,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { ListPageHeader } from '../../components/list/list-page-header.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { useCanManageWorkspace } from '../../components/use-can-bill.ts';
import { ChangePasswordCard } from '../account/change-password.card.tsx';
import { NotificationsCard } from '../account/notifications.card.tsx';
import { PreferencesCard } from '../account/preferences.card.tsx';
import { ProfileInfoCard } from '../account/profile-info.card.tsx';
import { ProfilePhotoCard } from '../account/profile-photo.card.tsx';
import { TwoFactorCard } from '../account/two-factor.card.tsx';
import { WithAccount } from '../account/with-account.tsx';
import { BusinessLogoCard } from '../business/business-logo.card.tsx';
import { BusinessProfileForm } from '../business/business-profile.form.tsx';
import { PaymentSettingsTab } from '../payments-online/payment-settings.tab.tsx';
import { EmailSettingsTab } from './email-settings.tab.tsx';

/** Business is the workspace's business profile, saved on the server. */
function BusinessTab() {
  return (
    <Stack gap="lg">
      <SectionCard
        headingOrder={3}
        title="Business"
        hint="Your details on every invoice, and the defaults for new projects and invoices."
      >
        <BusinessProfileForm />
      </SectionCard>
      <BusinessLogoCard />
    </Stack>
  );
}

/**
 * /settings: every tab saves to the server, through the same cards as /account (one form
 * per setting, not two): Profile is the account's profile and localization, Business the
 * workspace's business profile, Notifications the user's notification preferences, Account
 * the password and two-factor sign-in, Payments (owners and administrators) the workspace's
 * Stripe connection. (The SPEC's original was local only and claimed saves it never made.)
 */
export function SettingsPage() {
  // Stripe's keys are the workspace's: only its owners and administrators see the tab.
  const canManagePayments = useCanManageWorkspace();
  return (
    <Stack gap="lg" maw={880}>
      <ListPageHeader
        title="Settings"
        description="Your profile, business defaults, notifications and security."
      />
      <WithAccount>
        {(account) => (
          <Tabs defaultValue="profile" keepMounted={false}>
            <Tabs.List mb="lg">
              <Tabs.Tab value="profile" leftSection={<IconUser size={16} />}>
                Profile
              </Tabs.Tab>
              <Tabs.Tab value="business" leftSection={<IconBriefcase size={16} />}>
                Business
              </Tabs.Tab>
              <Tabs.Tab value="email" leftSection={<IconMail size={16} />}>
                Email
              </Tabs.Tab>
              {canManagePayments && (
                <Tabs.Tab value="payments" leftSection={<IconCreditCard size={16} />}>
                  Payments
                </Tabs.Tab>
              )}
              <Tabs.Tab value="notifications" leftSection={<IconBell size={16} />}>
                Notifications
              </Tabs.Tab>
              <Tabs.Tab value="account" leftSection={<IconShieldLock size={16} />}>
                Account
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="profile">
              <Stack gap="lg">
                <ProfilePhotoCard account={account} />
                <ProfileInfoCard account={account} />
                <PreferencesCard account={account} />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="business">
              <BusinessTab />
            </Tabs.Panel>
            <Tabs.Panel value="email">
              <EmailSettingsTab />
            </Tabs.Panel>
            {canManagePayments && (
              <Tabs.Panel value="payments">
                <PaymentSettingsTab />
              </Tabs.Panel>
            )}
            <Tabs.Panel value="notifications">
              <NotificationsCard account={account} />
            </Tabs.Panel>
            <Tabs.Panel value="account">
              <Stack gap="lg">
                <ChangePasswordCard />
                <TwoFactorCard />
                <Text size="sm" c="dimmed">
                  Signed-in devices and personal API tokens are on{' '}
                  <Anchor component={Link} to="/account">
                    your account page
                  </Anchor>
                  .
                </Text>
              </Stack>
            </Tabs.Panel>
          </Tabs>
        )}
      </WithAccount>
    </Stack>
  );
}
