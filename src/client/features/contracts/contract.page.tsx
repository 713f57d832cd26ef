import {
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Image,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import {
  IconCopy,
  IconPencil,
  IconSend,
  IconShieldCheck,
  IconShieldX,
  IconSignature,
  IconBan,
} from '@tabler/icons-react';
import { useState } from 'react';
import {
  ContractVoidSchema,
  REVISABLE,
  VOIDABLE,
  type ContractDetail,
  type ContractEvent,
  type ContractParty,
  type ContractSignature,
} from '../../../shared/contracts.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import { WORKSPACE_MANAGERS } from '../../../shared/roles.ts';
import { showDateTime } from '../../components/display-preferences.tsx';
import { DownloadButton } from '../../components/download.button.tsx';
import { ConfirmDeleteDialog } from '../../components/list/confirm-delete.dialog.tsx';
import { ReasonDialog } from '../../components/reason.dialog.tsx';
import { RecordPage, useRecordId } from '../../components/record-page.tsx';
import { useCanBill } from '../../components/use-can-bill.ts';
import { trpc } from '../../trpc.ts';
import { useCurrentWorkspace } from '../auth/session.ts';
import { DeleteDraftButton, DocumentHead } from '../invoices/document-head.tsx';
import { formatDay } from '../time/time-display.ts';
import { ContractDocument } from './contract-document.tsx';
import { ContractFormDialog } from './contract-form.dialog.tsx';
import { CONTRACT_STATUS_COLORS, CONTRACT_STATUS_LABELS } from './contract-status.ts';
import { CountersignDialog } from './countersign.dialog.tsx';
import { SendContractDialog } from './send-contract.dialog.tsx';
import { useContractMutations } from './use-contract-mutations.ts';

/** `/contracts/:id`: the document, its parties, signatures and audit trail, and its actions. */
export function ContractPage() {
  const { id, valid } = useRecordId('contractId');
  const detail = trpc.contracts.get.useQuery({ id }, { enabled: valid });
  return (
    <RecordPage
      backTo="/contracts"
      backLabel="Contracts"
      valid={valid}
      query={detail}
      notFound="Contract not found"
    >
      {(contract) => <ContractView contract={contract} />}
    </RecordPage>
  );
}

type Dialog = 'edit' | 'send' | 'countersign' | 'void' | 'revise' | null;

function ContractView({ contract }: { contract: ContractDetail }) {
  const canBill = useCanBill();
  const role = useCurrentWorkspace().data?.role;
  const canSign = role !== undefined && (WORKSPACE_MANAGERS as readonly string[]).includes(role);
  const mutations = useContractMutations();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const { status } = contract;
  const draft = status === 'draft';

  return (
    <>
      <DocumentHead
        title={contract.title}
        status={CONTRACT_STATUS_LABELS[status]}
        statusColor={CONTRACT_STATUS_COLORS[status]}
        summary={
          <>
            {contract.clientName}
            {contract.fee !== null ? ` · ${formatMoney(contract.fee, contract.currency)}` : ''}
            {` · version ${contract.version}`}
          </>
        }
        links={<ContractLinks contract={contract} />}
        actions={
          <>
            {!draft && (
              <DownloadButton href={`/api/contracts/${contract.id}/pdf`}>
                Download PDF
              </DownloadButton>
            )}
            {canBill && draft && (
              <>
                <Button
                  variant="default"
                  leftSection={<IconPencil size={16} />}
                  onClick={() => setDialog('edit')}
                >
                  Edit
                </Button>
                <Button leftSection={<IconSend size={16} />} onClick={() => setDialog('send')}>
                  Send
                </Button>
              </>
            )}
            {canSign && status === 'signed' && (
              <Button
                leftSection={<IconSignature size={16} />}
                onClick={() => setDialog('countersign')}
              >
                Countersign
              </Button>
            )}
            {canBill && REVISABLE.includes(status) && contract.replacedById === null && (
              <Button
                variant="default"
                leftSection={<IconCopy size={16} />}
                onClick={() => setDialog('revise')}
              >
                Revise
              </Button>
            )}
            {canBill && VOIDABLE.includes(status) && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconBan size={16} />}
                onClick={() => setDialog('void')}
              >
                Void
              </Button>
            )}
            {canBill && draft && (
              <DeleteDraftButton
                title="Delete Contract"
                backTo="/contracts"
                remove={() => mutations.remove(contract.id)}
              >
                Delete the draft contract “{contract.title}” for {contract.clientName}? This action
                cannot be undone.
              </DeleteDraftButton>
            )}
          </>
        }
      />

      <StatusNote contract={contract} />

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <ContractDocument body={contract.body} label="Contract" />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Details contract={contract} />
            <Signatures signatures={contract.signatures} />
          </Stack>
        </Grid.Col>
      </Grid>

      <AuditTrail contractId={contract.id} />

      {canBill && draft && (
        <ContractFormDialog opened={dialog === 'edit'} onClose={close} draft={contract} />
      )}
      {canBill && (
        <SendContractDialog contract={contract} opened={dialog === 'send'} onClose={close} />
      )}
      {canSign && (
        <CountersignDialog contract={contract} opened={dialog === 'countersign'} onClose={close} />
      )}
      <ReasonDialog
        opened={dialog === 'void'}
        title="Void contract"
        intro="A void contract can no longer be signed; the client sees it as void. Its audit trail keeps the reason."
        label="Reason"
        rule={ContractVoidSchema.shape.reason}
        minRows={2}
        submitLabel="Void contract"
        onClose={close}
        onSubmit={async (reason) => (await mutations.void(contract.id, reason)) !== undefined}
      />
      <ConfirmDeleteDialog
        opened={dialog === 'revise'}
        title="Revise contract"
        confirmLabel="Draft a new version"
        onClose={close}
        onConfirm={async () => {
          const next = await mutations.revise(contract.id);
          if (next)
            void navigate({
              to: '/contracts/$contractId',
              params: { contractId: String(next.id) },
            });
          return next !== undefined;
        }}
      >
        A sent contract cannot change. Revising drafts version {contract.version + 1} to edit and
        send, and voids this version and any signature on it.
      </ConfirmDeleteDialog>
    </>
  );
}

function ContractLinks({ contract }: { contract: ContractDetail }) {
  const links = [
    <Anchor
      key="client"
      size="sm"
      renderRoot={(props) => (
        <Link to="/clients/$clientId" params={{ clientId: String(contract.clientId) }} {...props} />
      )}
    >
      Client: {contract.clientName}
    </Anchor>,
  ];
  if (contract.projectId !== null)
    links.push(
      <Anchor
        key="project"
        size="sm"
        renderRoot={(props) => (
          <Link
            to="/projects/$projectId"
            params={{ projectId: String(contract.projectId) }}
            {...props}
          />
        )}
      >
        Project
      </Anchor>,
    );
  if (contract.proposalId !== null)
    links.push(
      <Anchor key="proposal" size="sm" renderRoot={(props) => <Link to="/proposals" {...props} />}>
        From a proposal
      </Anchor>,
    );
  if (contract.dealId !== null)
    links.push(
      <Anchor key="deal" size="sm" renderRoot={(props) => <Link to="/opportunities" {...props} />}>
        Deal
      </Anchor>,
    );
  const version = (id: number | null, text: string) =>
    id !== null &&
    links.push(
      <Anchor
        key={text}
        size="sm"
        renderRoot={(props) => (
          <Link to="/contracts/$contractId" params={{ contractId: String(id) }} {...props} />
        )}
      >
        {text}
      </Anchor>,
    );
  version(contract.previousId, 'Previous version');
  version(contract.replacedById, 'Replaced by a new version');
  return (
    <Group gap="md" aria-label="Links">
      {links}
    </Group>
  );
}

/** Why a contract is where it is, when that is not its happy path. */
function StatusNote({ contract }: { contract: ContractDetail }) {
  let text: string | null = null;
  if (contract.status === 'declined')
    text = `Declined by the client on ${showDateTime(contract.declinedAt)}${contract.declineReason ? `: “${contract.declineReason}”` : '.'}`;
  else if (contract.status === 'void')
    text = `Voided on ${showDateTime(contract.voidedAt)}${contract.voidReason ? `: “${contract.voidReason}”` : '.'}`;
  else if (contract.status === 'expired')
    text = `The signing period ended on ${showDateTime(contract.expiresAt)}: revise it to send a new version.`;
  if (!text) return null;
  return (
    <Card withBorder radius="lg" p="md" role="status">
      <Text size="sm">{text}</Text>
    </Card>
  );
}

function Party({ title, party }: { title: string; party: ContractParty | null }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {title}
      </Text>
      {party ? (
        <>
          <Text size="sm" fw={600}>
            {party.name}
          </Text>
          {party.address && (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {party.address}
            </Text>
          )}
          {party.email && <Text size="sm">{party.email}</Text>}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          Recorded when it is sent
        </Text>
      )}
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right">
        {value}
      </Text>
    </Group>
  );
}

function Details({ contract }: { contract: ContractDetail }) {
  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="contract-details">
      <Stack gap="sm">
        <Title order={2} fz="md" id="contract-details">
          Details
        </Title>
        <Party title="Business" party={contract.businessParty} />
        <Party
          title="Client"
          party={contract.clientParty ?? { name: contract.clientName, address: null, email: null }}
        />
        <Fact
          label="Fee"
          value={contract.fee === null ? '—' : formatMoney(contract.fee, contract.currency)}
        />
        <Fact label="Starts" value={contract.startDate ? formatDay(contract.startDate) : '—'} />
        <Fact label="Ends" value={contract.endDate ? formatDay(contract.endDate) : '—'} />
        <Fact label="Sign by" value={contract.expiresAt ? showDateTime(contract.expiresAt) : '—'} />
        <Fact label="Sent" value={contract.sentAt ? showDateTime(contract.sentAt) : '—'} />
        <Fact label="Viewed" value={contract.viewedAt ? showDateTime(contract.viewedAt) : '—'} />
        <Fact label="Signed" value={contract.signedAt ? showDateTime(contract.signedAt) : '—'} />
        <Fact
          label="Completed"
          value={contract.completedAt ? showDateTime(contract.completedAt) : '—'}
        />
        {contract.contentSha256 && (
          <Text size="xs" ff="monospace" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            SHA-256 {contract.contentSha256}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function SignatureMark({ signature }: { signature: ContractSignature }) {
  if (signature.kind === 'drawn' && signature.image)
    return (
      <Image
        src={signature.image}
        alt={`Signature of ${signature.name}`}
        h={60}
        w="auto"
        fit="contain"
        bg="white"
        radius="sm"
        style={{ alignSelf: 'flex-start' }}
      />
    );
  return (
    <Text fz={24} style={{ fontFamily: 'cursive' }}>
      {signature.typed}
    </Text>
  );
}

function Signatures({ signatures }: { signatures: ContractSignature[] }) {
  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="contract-signatures">
      <Stack gap="sm">
        <Title order={2} fz="md" id="contract-signatures">
          Signatures
        </Title>
        {signatures.length === 0 ? (
          <Text size="sm" c="dimmed">
            Not signed yet.
          </Text>
        ) : (
          signatures.map((s) => (
            <Stack
              key={s.party}
              gap={2}
              aria-label={`${s.party === 'client' ? 'Client' : 'Business'} signature`}
            >
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {s.party === 'client' ? 'Client' : 'Business'}
              </Text>
              <SignatureMark signature={s} />
              <Text size="sm" fw={600}>
                {s.name}
              </Text>
              <Text size="xs" c="dimmed">
                {showDateTime(s.signedAt)}
                {s.ip ? ` · ${s.ip}` : ''}
              </Text>
            </Stack>
          ))
        )}
      </Stack>
    </Card>
  );
}

const EVENT_LABELS: Record<ContractEvent['type'], string> = {
  created: 'Created',
  sent: 'Sent',
  viewed: 'Viewed',
  signed: 'Signed by the client',
  countersigned: 'Countersigned',
  declined: 'Declined',
  voided: 'Voided',
  revised: 'Revised',
};

/** A browser's name from its user agent, shortened; the whole string on hover. */
function browserOf(userAgent: string | null): string {
  if (!userAgent) return '—';
  const known = /(Edg|Firefox|Chrome|Safari|curl|node)\/[\d.]+/.exec(userAgent);
  return known ? known[0].replace('Edg/', 'Edge/') : userAgent.slice(0, 40);
}

function AuditTrail({ contractId }: { contractId: number }) {
  const audit = trpc.contracts.audit.useQuery({ id: contractId });
  const data = audit.data;
  return (
    <Card
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="contract-audit"
    >
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={2} fz="md" id="contract-audit">
          Audit trail
        </Title>
        {data &&
          (data.verified ? (
            <Badge color="teal" variant="light" leftSection={<IconShieldCheck size={14} />}>
              Chain verified
            </Badge>
          ) : (
            <Badge color="red" variant="light" leftSection={<IconShieldX size={14} />}>
              Chain broken at event {data.brokenAt}
            </Badge>
          ))}
      </Group>
      {audit.isError ? (
        <Text size="sm" c="red">
          The audit trail could not be loaded.
        </Text>
      ) : !data ? (
        <Text size="sm" c="dimmed">
          Loading the audit trail…
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" aria-label="Audit trail">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Event</Table.Th>
                <Table.Th>Time</Table.Th>
                <Table.Th>Actor</Table.Th>
                <Table.Th>IP</Table.Th>
                <Table.Th>Browser</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.events.map((event) => (
                <Table.Tr key={event.seq}>
                  <Table.Td>
                    {event.seq}. {EVENT_LABELS[event.type]}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{showDateTime(event.at)}</Table.Td>
                  <Table.Td>
                    {event.actor === 'user' ? (event.actorName ?? 'A member') : event.actor}
                  </Table.Td>
                  <Table.Td>{event.ip ?? '—'}</Table.Td>
                  <Table.Td title={event.userAgent ?? undefined}>
                    {browserOf(event.userAgent)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

export default ContractPage;
