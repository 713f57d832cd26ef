import {
  Box,
  Button,
  Card,
  Center,
  Container,
  Divider,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { formatMoney } from '../../../shared/money.ts';
import type { PortalView } from '../../../shared/portal.schema.ts';
import { httpStatusOf, messageOf, trpc } from '../../trpc.ts';
import { PortalClockProvider } from './portal-clock.tsx';
import { PortalContractsSection } from './portal-contracts.section.tsx';
import { PortalCreditNotesSection } from './portal-credit-notes.section.tsx';
import { PortalDecisionDialog, type Deciding } from './portal-decision.dialog.tsx';
import { PortalEstimatesSection } from './portal-estimates.section.tsx';
import { PortalInvoicesSection } from './portal-invoices.section.tsx';
import { PortalProposalsSection } from './portal-proposals.section.tsx';

/*
 * `/portal/<token>`: the client's own page, opened from the link the workspace sent, with
 * no Keel account and outside the app's shell. The token is the only credential: the page
 * never sends it on as a referrer (the server says no-referrer, and so does the page) and
 * asks search engines not to index it. Each kind of document has its section's file.
 */

export function PortalPage() {
  const { token } = useParams({ strict: false }) as { token: string };
  const view = trpc.portal.view.useQuery({ token });
  return (
    <Box mih="100vh" bg="var(--mantine-color-body)">
      {/* React hoists these into <head>. */}
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      <title>{view.data ? `${view.data.business.name} · Client portal` : 'Client portal'}</title>
      <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
        {view.isPending ? (
          <Center py={80}>
            <Loader aria-label="Loading the portal" />
          </Center>
        ) : view.isError ? (
          <PortalUnavailable error={view.error} onRetry={() => void view.refetch()} />
        ) : (
          <PortalClockProvider clock={view.data.clock}>
            <PortalContent token={token} view={view.data} />
          </PortalClockProvider>
        )}
      </Container>
    </Box>
  );
}

/**
 * What the page says when the portal cannot be shown, by the answer's status; `null` takes
 * the server's message, which for an expired link names the business to ask.
 */
const UNAVAILABLE: Record<number, { title: string | null; text: string }> = {
  404: {
    title: 'This link does not work',
    text: 'The link may be mistyped, or it was replaced or revoked. Ask whoever sent it for a new one.',
  },
  410: {
    title: null,
    text: 'Links sent by email work for a limited time, so that an old email cannot open your documents.',
  },
};

function PortalUnavailable({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const known = UNAVAILABLE[httpStatusOf(error) ?? 0];
  return (
    <Card withBorder radius="lg" p="xl" maw={520} mx="auto" mt={60}>
      <Stack gap="sm" align="flex-start">
        <IconAlertTriangle size={28} color="var(--mantine-color-orange-7)" aria-hidden />
        <Title order={1} fz="xl">
          {known ? (known.title ?? messageOf(error)) : 'The portal could not be loaded'}
        </Title>
        <Text size="sm" c="dimmed">
          {known ? known.text : messageOf(error) || 'Please try again in a moment.'}
        </Text>
        {!known && (
          <Button variant="default" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Card>
  );
}

function PortalContent({ token, view }: { token: string; view: PortalView }) {
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const { business, client } = view;
  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Group gap="md" wrap="nowrap" miw={0}>
          {business.logoUrl && (
            <Image
              src={business.logoUrl}
              alt={`${business.name} logo`}
              h={48}
              w="auto"
              maw={120}
              fit="contain"
              referrerPolicy="no-referrer"
            />
          )}
          <Stack gap={0} miw={0}>
            <Text fw={700} fz="lg" truncate="end">
              {business.name}
            </Text>
            {business.email && (
              <Text size="sm" c="dimmed" truncate="end">
                {business.email}
              </Text>
            )}
          </Stack>
        </Group>
        <Stack gap={0} align="flex-end" style={{ marginLeft: 'auto' }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Client portal
          </Text>
          <Title order={1} fz={{ base: 'lg', sm: 'xl' }} ta="right">
            {client.company ?? client.name}
          </Title>
          {client.company && (
            <Text size="sm" c="dimmed" ta="right">
              {client.name}
            </Text>
          )}
        </Stack>
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Card withBorder radius="lg" p="lg">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Balance due
          </Text>
          {view.balances.length === 0 ? (
            <Text fz={24} fw={700} mt={4}>
              Nothing due
            </Text>
          ) : (
            <Stack gap={2} mt={4}>
              {view.balances.map((b) => (
                <Text key={b.currency} fz={24} fw={700}>
                  {formatMoney(b.balance, b.currency)}
                </Text>
              ))}
              <Text size="xs" c="dimmed">
                On {view.balances.reduce((n, b) => n + b.invoices, 0)} unpaid invoice(s)
              </Text>
            </Stack>
          )}
        </Card>
        <Card withBorder radius="lg" p="lg">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            How to pay
          </Text>
          <Text size="sm" mt={6} style={{ whiteSpace: 'pre-line' }}>
            {business.paymentInstructions ?? `Ask ${business.name} how to pay, or see the invoice.`}
          </Text>
        </Card>
      </SimpleGrid>

      <PortalInvoicesSection
        token={token}
        invoices={view.invoices}
        einvoicing={view.business.einvoicing}
      />
      <PortalCreditNotesSection
        token={token}
        creditNotes={view.creditNotes}
        einvoicing={view.business.einvoicing}
      />
      <PortalEstimatesSection token={token} documents={view.estimates} onDecide={setDeciding} />
      <PortalProposalsSection token={token} documents={view.proposals} onDecide={setDeciding} />
      <PortalContractsSection token={token} contracts={view.contracts} />

      <Divider />
      <Text size="xs" c="dimmed" ta="center">
        This page is private to {client.company ?? client.name}: please do not share its link.
      </Text>

      <PortalDecisionDialog token={token} deciding={deciding} onClose={() => setDeciding(null)} />
    </Stack>
  );
}

export default PortalPage;
