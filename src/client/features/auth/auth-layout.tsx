import { Box, Center, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBriefcase, IconChartBar, IconClockDollar, IconUsersGroup } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { KeelLogo } from '../../components/keel-logo.tsx';

const FEATURES = [
  {
    icon: IconBriefcase,
    title: 'Client & project management',
    text: 'Contacts, organizations, deals and projects in one place.',
  },
  {
    icon: IconClockDollar,
    title: 'Time tracking & invoicing',
    text: 'Log hours against budgets and turn them into invoices.',
  },
  {
    icon: IconUsersGroup,
    title: 'Team collaboration',
    text: 'Invite your team and give everyone the right access.',
  },
  {
    icon: IconChartBar,
    title: 'Analytics',
    text: 'See your pipeline, revenue and workload at a glance.',
  },
];

function BrandPanel() {
  return (
    <Box
      visibleFrom="md"
      p={48}
      c="white"
      style={{
        backgroundImage:
          'linear-gradient(140deg, var(--mantine-color-indigo-9) 0%, var(--mantine-color-indigo-7) 55%, var(--mantine-color-cyan-7) 100%)',
      }}
    >
      <Center h="100%">
        <Stack gap="xl" maw={440}>
          <Stack gap="xs">
            <Title order={2} c="white" fz={32} lh={1.2}>
              Run your client business from one calm place
            </Title>
            <Text c="indigo.1" fz="lg">
              Keel brings your clients, projects, hours and invoices together for you and your team.
            </Text>
          </Stack>
          <List spacing="lg" listStyleType="none">
            {FEATURES.map((feature) => (
              <List.Item key={feature.title}>
                <Group wrap="nowrap" align="flex-start" gap="md">
                  <ThemeIcon size={40} radius="md" variant="white" color="indigo">
                    <feature.icon size={22} stroke={1.6} />
                  </ThemeIcon>
                  <div>
                    <Text fw={600} c="white">
                      {feature.title}
                    </Text>
                    <Text size="sm" c="indigo.1">
                      {feature.text}
                    </Text>
                  </div>
                </Group>
              </List.Item>
            ))}
          </List>
        </Stack>
      </Center>
    </Box>
  );
}

/** The two-panel frame of the sign-in and sign-up screens: the form left, the brand right. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing={0} mih="100dvh">
      <Stack px={{ base: 'md', sm: 48 }} py={{ base: 'lg', sm: 40 }} gap={0}>
        <KeelLogo />
        <Center flex={1} py="xl">
          <Box w="100%" maw={420}>
            {children}
          </Box>
        </Center>
        <Text size="xs" c="dimmed">
          © {new Date().getFullYear()} Keel
        </Text>
      </Stack>
      <BrandPanel />
    </SimpleGrid>
  );
}
