import { Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { SectionCard } from '../../components/section-card.tsx';

/** The plan's name as Workspace Settings and Billing both show it: Free by default. */
export function planName(subscriptionTier: string): string {
  const tier = subscriptionTier || 'free';
  return tier.charAt(0).toUpperCase() + tier.slice(1);
}

/** Billing & Subscription (SPEC §2): the plan from subscriptionTier; status is always Active. */
export function WorkspaceSettingsBillingCard({ subscriptionTier }: { subscriptionTier: string }) {
  return (
    <SectionCard
      icon={IconCreditCard}
      title="Billing & Subscription"
      hint="Your plan and how you pay for it."
    >
      <Group justify="space-between" gap="md" align="flex-end">
        <SimpleGrid cols={2} spacing="xl">
          <Stack gap={4}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Current Plan
            </Text>
            <Text fw={700}>{planName(subscriptionTier)}</Text>
          </Stack>
          <Stack gap={4}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Status
            </Text>
            <Badge color="teal" variant="light" tt="none" size="lg">
              Active
            </Badge>
          </Stack>
        </SimpleGrid>
        <Button
          variant="default"
          leftSection={<IconCreditCard size={16} />}
          renderRoot={(props) => <Link to="/workspace/billing" {...props} />}
        >
          Manage Billing
        </Button>
      </Group>
    </SectionCard>
  );
}
