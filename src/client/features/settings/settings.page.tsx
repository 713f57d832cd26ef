import { zodResolver } from '@hookform/resolvers/zod';
import {
  Badge,
  Button,
  Card,
  Divider,
  Group,
  NumberInput,
  Select,
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
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toastSuccess } from '../../components/toasts.tsx';
import { useMe } from '../auth/session.ts';
import {
  BusinessSettingsSchema,
  CURRENCIES,
  INVOICE_TERMS,
  SettingsProfileSchema,
  TIMEZONES,
  type BusinessSettings,
  type SettingsProfile,
} from './settings.schema.ts';

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

type BusinessForm = z.input<typeof BusinessSettingsSchema>;

function BusinessTab() {
  const form = useForm<BusinessForm, unknown, BusinessSettings>({
    resolver: zodResolver(BusinessSettingsSchema),
    defaultValues: {
      defaultHourlyRate: 120,
      currency: 'USD',
      timezone: 'America/New_York',
      defaultInvoiceTerms: 'Net 30',
      autoInvoiceReminder: true,
      weeklyReports: false,
    },
  });
  const { errors } = form.formState;

  const save = (values: BusinessSettings) => {
    form.reset(values);
    toastSuccess('Business settings updated', 'Your business defaults have been saved.');
  };

  return (
    <SectionCard title="Business" hint="Defaults for new projects and invoices of this workspace.">
      <form onSubmit={form.handleSubmit(save)} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Controller
              control={form.control}
              name="defaultHourlyRate"
              render={({ field }) => (
                <NumberInput
                  label="Default hourly rate"
                  withAsterisk
                  min={0}
                  decimalScale={2}
                  prefix="$"
                  thousandSeparator=","
                  value={field.value ?? ''}
                  onChange={(value) => field.onChange(value === '' ? undefined : Number(value))}
                  onBlur={field.onBlur}
                  name={field.name}
                  ref={field.ref}
                  error={errors.defaultHourlyRate?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="currency"
              render={({ field }) => (
                <Select
                  label="Currency"
                  withAsterisk
                  data={[...CURRENCIES]}
                  allowDeselect={false}
                  value={field.value ?? null}
                  onChange={(value) => field.onChange(value ?? undefined)}
                  onBlur={field.onBlur}
                  error={errors.currency?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="timezone"
              render={({ field }) => (
                <Select
                  label="Timezone"
                  withAsterisk
                  searchable
                  data={[...TIMEZONES]}
                  allowDeselect={false}
                  value={field.value ?? null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  error={errors.timezone?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="defaultInvoiceTerms"
              render={({ field }) => (
                <Select
                  label="Default invoice terms"
                  withAsterisk
                  data={[...INVOICE_TERMS]}
                  allowDeselect={false}
                  value={field.value ?? null}
                  onChange={(value) => field.onChange(value ?? undefined)}
                  onBlur={field.onBlur}
                  error={errors.defaultInvoiceTerms?.message}
                />
              )}
            />
          </SimpleGrid>
          <Divider />
          <Controller
            control={form.control}
            name="autoInvoiceReminder"
            render={({ field }) => (
              <Switch
                label="Automatic invoice reminders"
                description="Remind clients by email when an invoice is overdue."
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
              />
            )}
          />
          <Controller
            control={form.control}
            name="weeklyReports"
            render={({ field }) => (
              <Switch
                label="Weekly reports"
                description="A summary of hours, revenue and open invoices every Monday."
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
              />
            )}
          />
          <Group justify="flex-end">
            <Button type="submit">Save Changes</Button>
          </Group>
        </Stack>
      </form>
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
