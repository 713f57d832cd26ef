import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  List,
  Progress,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconCreditCard, IconDownload, IconSparkles } from '@tabler/icons-react';

/**
 * /workspace/billing (SPEC §2 Billing): a static page with sample figures. Nothing here
 * calls the server and no button does anything yet.
 */
const PLAN_FEATURES = [
  'Up to 25 team members',
  'Advanced reporting',
  'Custom integrations',
  'Priority support',
];

const SAMPLE_INVOICES = [
  { number: 'INV-2025-003', date: 'Mar 1, 2025' },
  { number: 'INV-2025-002', date: 'Feb 1, 2025' },
  { number: 'INV-2025-001', date: 'Jan 1, 2025' },
];

function CardTitle({ title, hint }: { title: string; hint: string }) {
  return (
    <Stack gap={2} mb="md">
      <Title order={3} fz="md">
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
    </Stack>
  );
}

function PlanCard() {
  return (
    <Card withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} h="100%">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={6}>
          <Badge variant="light" tt="none" w="fit-content">
            Current plan
          </Badge>
          <Title order={3} fz={24}>
            Premium Plan
          </Title>
          <Group gap={6} align="baseline">
            <Text fz={36} fw={800} lh={1}>
              $49
            </Text>
            <Text c="dimmed">per month</Text>
          </Group>
        </Stack>
        <ThemeIcon
          size={48}
          radius="md"
          variant="gradient"
          gradient={{ from: 'indigo.6', to: 'cyan.5', deg: 135 }}
          visibleFrom="xs"
        >
          <IconSparkles size={26} stroke={1.6} />
        </ThemeIcon>
      </Group>
      <List
        mt="lg"
        spacing="xs"
        size="sm"
        icon={
          <ThemeIcon size={20} radius="xl" variant="light" color="teal">
            <IconCheck size={13} stroke={2.4} />
          </ThemeIcon>
        }
      >
        {PLAN_FEATURES.map((feature) => (
          <List.Item key={feature}>{feature}</List.Item>
        ))}
      </List>
      <Group mt="xl" gap="sm">
        <Button>Upgrade Plan</Button>
        <Button variant="default">Change Plan</Button>
      </Group>
    </Card>
  );
}

function PaymentMethodCard() {
  return (
    <Card withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <CardTitle title="Payment method" hint="The card we charge each month." />
      <Group
        gap="md"
        wrap="nowrap"
        p="md"
        bd="1px solid var(--mantine-color-default-border)"
        bdrs="md"
      >
        <ThemeIcon size={40} radius="md" variant="light" color="gray">
          <IconCreditCard size={22} stroke={1.5} />
        </ThemeIcon>
        <Stack gap={0} flex={1} miw={0}>
          <Text fw={600} size="sm">
            Visa ending in 4242
          </Text>
          <Text size="xs" c="dimmed">
            Expires 12/25
          </Text>
        </Stack>
        <Badge variant="light" color="teal" tt="none">
          Default
        </Badge>
      </Group>
      <Group mt="md">
        <Button variant="default" size="xs">
          Update Payment Method
        </Button>
      </Group>
    </Card>
  );
}

function UsageMeter({
  label,
  used,
  total,
  value,
}: {
  label: string;
  used: string;
  total: string;
  value: number;
}) {
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          {used} of {total}
        </Text>
      </Group>
      <Progress value={value} size="md" radius="xl" aria-label={label} />
    </Stack>
  );
}

function UsageCard() {
  return (
    // Grows so both columns end on the same line on wide screens.
    <Card withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} flex={1}>
      <CardTitle title="Usage" hint="What this workspace uses of its plan." />
      <Stack gap="lg">
        <UsageMeter label="Team members" used="8" total="25 members" value={(8 / 25) * 100} />
        <UsageMeter label="Storage" used="2.4 GB" total="100 GB" value={2.4} />
      </Stack>
    </Card>
  );
}

function HistoryCard() {
  return (
    <Card withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <CardTitle title="Billing history" hint="Your latest invoices from Keel." />
      {/* Four narrow columns (the date sits under the number) fit a phone's width. */}
      <Table.ScrollContainer minWidth={300}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Invoice</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>
                <VisuallyHidden>Download</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {SAMPLE_INVOICES.map((invoice) => (
              <Table.Tr key={invoice.number}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {invoice.number}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {invoice.date}
                  </Text>
                </Table.Td>
                <Table.Td>$49.00</Table.Td>
                <Table.Td>
                  <Badge variant="light" color="teal" tt="none">
                    Paid
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">
                  <Tooltip label="Download PDF">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Download ${invoice.number}`}
                    >
                      <IconDownload size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

export function WorkspaceBillingPage() {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} fz={{ base: 22, sm: 26 }}>
          Billing
        </Title>
        <Text c="dimmed" size="sm">
          Your plan, payment method and invoices.
        </Text>
      </Stack>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <PlanCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md" h="100%">
            <PaymentMethodCard />
            <UsageCard />
          </Stack>
        </Grid.Col>
      </Grid>
      <HistoryCard />
    </Stack>
  );
}
