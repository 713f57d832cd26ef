import { zodResolver } from '@hookform/resolvers/zod';
import {
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconBell,
  IconBriefcase,
  IconKey,
  IconShieldCheck,
  IconShieldLock,
  IconUser,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { toastSuccess } from '../../components/toasts.tsx';
import { useMe } from '../auth/session.ts';
import { BusinessProfileForm } from '../business/business-profile.form.tsx';
import { SettingsProfileSchema, type SettingsProfile } from './settings.schema.ts';

function SectionCard({
  title,
  hint,
  children,
}: {
  title: string;
  hint: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap={2} mb="lg">
        <Title order={3} fz="md">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      </Stack>
      {children}
    </Card>
  );
}

function ProfileTab() {
  const me = useMe();
  const user = me.data;
  const form = useForm<SettingsProfile>({
    resolver: zodResolver(SettingsProfileSchema),
    values: {
      name: user ? `${user.firstName} ${user.lastName}`.trim() : '',
      email: user?.email ?? '',
      company: '',
      phone: '',
    },
    // Once the user edits, a refetch of `me` must not wipe their typing.
    resetOptions: { keepDirtyValues: true },
  });
  const { errors } = form.formState;

  const save = (values: SettingsProfile) => {
    // SPEC §2: the settings screen is local only; saving just confirms.
    form.reset(values);
    toastSuccess('Profile updated', 'Your profile information has been saved.');
  };

  return (
    <SectionCard title="Profile" hint="How you appear to your clients and your team.">
      <form onSubmit={form.handleSubmit(save)} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Name"
              withAsterisk
              autoComplete="name"
              error={errors.name?.message}
              {...form.register('name')}
            />
            <TextInput
              label="Email"
              type="email"
              withAsterisk
              autoComplete="email"
              error={errors.email?.message}
              {...form.register('email')}
            />
            <TextInput
              label="Company"
              description="Optional"
              autoComplete="organization"
              {...form.register('company')}
            />
            <TextInput
              label="Phone"
              description="Optional"
              type="tel"
              autoComplete="tel"
              {...form.register('phone')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit">Save Changes</Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}

/**
 * Settings → Business is the workspace's business profile, saved on the server. (The
 * original's local "automatic reminders" and "weekly reports" switches are not offered
 * until reminders and reports exist: a switch that does nothing would claim a save.)
 */
function BusinessTab() {
  return (
    <SectionCard
      title="Business"
      hint="Your details on every invoice, and the defaults for new projects and invoices."
    >
      <BusinessProfileForm />
    </SectionCard>
  );
}

const NOTIFICATION_SWITCHES = [
  { key: 'email', label: 'Email notifications', hint: 'News about your workspace by email.' },
  { key: 'push', label: 'Push notifications', hint: 'Alerts in your browser while Keel is open.' },
  { key: 'tasks', label: 'Task reminders', hint: 'A nudge before a task is due.' },
  { key: 'projects', label: 'Project updates', hint: 'When a project changes status or budget.' },
  { key: 'team', label: 'Team invitations', hint: 'When someone joins or is invited.' },
  { key: 'security', label: 'Security alerts', hint: 'Sign-ins from new devices.' },
] as const;

function NotificationsTab() {
  // Local only (SPEC §2): the switches remember their state until the page is left.
  const [enabled, setEnabled] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(NOTIFICATION_SWITCHES.map((item) => [item.key, true])),
  );
  return (
    <SectionCard title="Notifications" hint="Choose what Keel tells you about.">
      <Stack gap="lg">
        {NOTIFICATION_SWITCHES.map((item) => (
          <Switch
            key={item.key}
            label={item.label}
            description={item.hint}
            checked={enabled[item.key] ?? true}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setEnabled((current) => ({ ...current, [item.key]: checked }));
            }}
          />
        ))}
      </Stack>
    </SectionCard>
  );
}

function AccountTab() {
  return (
    <Stack gap="md">
      <SectionCard title="Password" hint="Change the password you sign in with.">
        <Button variant="default" leftSection={<IconKey size={16} />}>
          Change Password
        </Button>
      </SectionCard>
      <SectionCard
        title="Two-factor authentication"
        hint="Ask for a code from your phone as well as your password."
      >
        <Group gap="sm">
          <Badge variant="light" color="gray" tt="none">
            Off
          </Badge>
          <Button variant="default" leftSection={<IconShieldCheck size={16} />}>
            Enable Two-Factor Authentication
          </Button>
        </Group>
      </SectionCard>
    </Stack>
  );
}

/** /settings (SPEC §2 Settings): static and local only; saving shows a toast. */
export function SettingsPage() {
  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={2} fz={{ base: 22, sm: 26 }}>
          Settings
        </Title>
        <Text c="dimmed" size="sm">
          Your profile, business defaults, notifications and security.
        </Text>
      </Stack>
      <Tabs defaultValue="profile" keepMounted>
        <Tabs.List mb="lg">
          <Tabs.Tab value="profile" leftSection={<IconUser size={16} />}>
            Profile
          </Tabs.Tab>
          <Tabs.Tab value="business" leftSection={<IconBriefcase size={16} />}>
            Business
          </Tabs.Tab>
          <Tabs.Tab value="notifications" leftSection={<IconBell size={16} />}>
            Notifications
          </Tabs.Tab>
          <Tabs.Tab value="account" leftSection={<IconShieldLock size={16} />}>
            Account
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="profile">
          <ProfileTab />
        </Tabs.Panel>
        <Tabs.Panel value="business">
          <BusinessTab />
        </Tabs.Panel>
        <Tabs.Panel value="notifications">
          <NotificationsTab />
        </Tabs.Panel>
        <Tabs.Panel value="account">
          <AccountTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
