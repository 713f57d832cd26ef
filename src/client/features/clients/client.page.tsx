import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { CreditNotesCard } from '../credit-notes/credit-notes.card.tsx';
import { formatMoney } from '../../../shared/money.ts';
import { formatHours } from '../../../shared/time.schema.ts';
import { ConfirmDeleteDialog } from '../../components/list/confirm-delete.dialog.tsx';
import { RecordPage, useRecordId } from '../../components/record-page.tsx';
import type { ClientDetail } from '../../../shared/clients.schema.ts';
import { useMoney, useWorkspaceCurrency } from '../../components/money.tsx';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import { ClientEstimatesTable } from '../estimates/estimates-table.tsx';
import { InvoicesTable } from '../invoices/invoices-table.tsx';
import { PortalLinkCard } from '../portal/portal-link.actions.tsx';
import { ClientFormDialog } from './client-form.dialog.tsx';

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card withBorder radius="lg" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={22} fw={700} mt={4}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

/**
 * `/clients/:id`: the client's billing details, what it owes (per currency), its unbilled
 * time, projects, invoices and proposals.
 */
export function ClientPage() {
  const { id, valid } = useRecordId('clientId');
  const client = trpc.clients.get.useQuery({ id }, { enabled: valid });
  return (
    <RecordPage
      backTo="/clients"
      backLabel="Clients"
      valid={valid}
      query={client}
      notFound="Client not found"
    >
      {(c) => <ClientView c={c} />}
    </RecordPage>
  );
}

function ClientView({ c }: { c: ClientDetail }) {
  const workspaceCurrency = useWorkspaceCurrency();
  // Amounts in the workspace's currency; no symbol until it is known, never a guessed one.
  const money = useMoney();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const { mutateAsync: remove } = trpc.clients.delete.useMutation({
    meta: {
      success: 'Client deleted',
      error: withServerMessage('Failed to delete client.'),
      invalidates: [trpc.clients.list],
    },
  });
  const balances =
    c.balances.length === 0
      ? c.currency
        ? formatMoney(0, c.currency)
        : money(0)
      : c.balances.map((b) => formatMoney(b.balance, b.currency)).join(' · ');

  return (
    <>
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4} miw={0}>
          <Group gap="sm">
            <Title order={2} fz={{ base: 22, sm: 26 }}>
              {c.name}
            </Title>
            <Badge variant="light">{c.status}</Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {[c.company, c.email, c.organization && `Organization: ${c.organization.name}`]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconEdit size={16} />}
            onClick={() => setEditing(true)}
          >
            Edit
          </Button>
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setDeleting(true)}
          >
            Delete
          </Button>
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Figure label="Balance due" value={balances} hint="On issued invoices" />
        <Figure
          label="Unbilled time"
          value={formatHours(c.unbilled.hours)}
          hint={`${money(c.unbilled.amount)} in ${c.unbilled.entries} ${c.unbilled.entries === 1 ? 'entry' : 'entries'}`}
        />
        <Figure
          label="Billing"
          value={c.currency ?? workspaceCurrency ?? ''}
          hint={
            c.paymentTermsDays === null
              ? 'Workspace payment terms'
              : c.paymentTermsDays === 0
                ? 'Due on receipt'
                : `Net ${c.paymentTermsDays}`
          }
        />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="lg" p="lg">
          <Title order={3} fz="md" mb="sm">
            Billing details
          </Title>
          <Stack gap={4}>
            {c.contactName && <Text size="sm">{c.contactName}</Text>}
            <Text size="sm" style={{ whiteSpace: 'pre-line' }} c={c.address ? undefined : 'dimmed'}>
              {c.address ?? 'No billing address yet'}
            </Text>
            {c.taxId && <Text size="sm">Tax ID: {c.taxId}</Text>}
            {c.phone && <Text size="sm">{c.phone}</Text>}
          </Stack>
        </Card>
        <Card withBorder radius="lg" p="lg">
          <Title order={3} fz="md" mb="sm">
            Projects
          </Title>
          {c.projects.length === 0 ? (
            <Text size="sm" c="dimmed">
              No projects yet.
            </Text>
          ) : (
            <Stack gap={6}>
              {c.projects.map((p) => (
                <Group key={p.id} justify="space-between" wrap="nowrap">
                  <Anchor
                    size="sm"
                    truncate="end"
                    renderRoot={(props) => (
                      <Link
                        to="/projects/$projectId"
                        params={{ projectId: String(p.id) }}
                        {...props}
                      />
                    )}
                  >
                    {p.name}
                  </Anchor>
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatHours(p.totalHours)} · {p.status}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Card>
      </SimpleGrid>

      <PortalLinkCard clientId={c.id} clientName={c.name} />

      <Card withBorder radius="lg" p="lg">
        <Title order={3} fz="md" mb="sm">
          Invoices
        </Title>
        <InvoicesTable
          filter={{ clientId: c.id }}
          label="Invoices of the client"
          empty="No invoices yet."
        />
      </Card>

      <CreditNotesCard clientId={c.id} />

      <Card withBorder radius="lg" p="lg">
        <Title order={3} fz="md" mb="sm">
          Estimates
        </Title>
        <ClientEstimatesTable clientId={c.id} />
      </Card>

      {c.proposals.length > 0 && (
        <Card withBorder radius="lg" p="lg">
          <Title order={3} fz="md" mb="sm">
            Proposals
          </Title>
          <Stack gap={6}>
            {c.proposals.map((p) => (
              <Group key={p.id} justify="space-between" wrap="nowrap">
                <Text size="sm" truncate="end">
                  {p.title}
                </Text>
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {money(p.amount)} · {p.status}
                </Text>
              </Group>
            ))}
          </Stack>
        </Card>
      )}

      <ClientFormDialog opened={editing} client={c} onClose={() => setEditing(false)} />
      <ConfirmDeleteDialog
        opened={deleting}
        title="Delete Client"
        closeWhenRefused
        onClose={() => setDeleting(false)}
        onConfirm={async () => {
          const done = (await succeeded(remove({ id: c.id }))) !== undefined;
          if (done) void navigate({ to: '/clients' });
          return done;
        }}
      >
        Delete {c.name}? A client with projects or invoices stays on record.
      </ConfirmDeleteDialog>
    </>
  );
}

export default ClientPage;
