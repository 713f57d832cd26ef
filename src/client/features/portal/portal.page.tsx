import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Container,
  Divider,
  Group,
  Image,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { IconAlertTriangle, IconCheck, IconDownload, IconEye, IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { formatMoney } from '../../../shared/money.ts';
import type {
  PortalDecision,
  PortalEstimate,
  PortalInvoice,
  PortalProposal,
  PortalView,
} from '../../../shared/portal.schema.ts';
import { showDateTime, showDay } from '../../components/display-preferences.tsx';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { httpStatusOf, messageOf, trpc } from '../../trpc.ts';
import { INVOICE_STATUS_COLORS, INVOICE_STATUS_LABELS } from '../invoices/invoice-status.ts';

/*
 * `/portal/<token>`: the client's own page, opened from the link the workspace sent, with
 * no Keel account and outside the app's shell. The token is the only credential: the page
 * never sends it on as a referrer (the server says no-referrer, and so does the page) and
 * asks search engines not to index it.
 */

const ESTIMATE_STATUS: Record<string, { label: string; color: string }> = {
  sent: { label: 'Awaiting your answer', color: 'blue' },
  viewed: { label: 'Awaiting your answer', color: 'blue' },
  accepted: { label: 'Accepted', color: 'teal' },
  declined: { label: 'Declined', color: 'red' },
  converted: { label: 'Accepted', color: 'teal' },
  expired: { label: 'Expired', color: 'gray' },
};
const PROPOSAL_STATUS: Record<string, { label: string; color: string }> = {
  sent: { label: 'Awaiting your answer', color: 'blue' },
  viewed: { label: 'Awaiting your answer', color: 'blue' },
  accepted: { label: 'Accepted', color: 'teal' },
  rejected: { label: 'Declined', color: 'red' },
};

type DocumentKind = 'estimate' | 'proposal';
interface Deciding {
  kind: DocumentKind;
  id: number;
  title: string;
  decision: 'accepted' | 'declined';
}

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
          <PortalContent token={token} view={view.data} />
        )}
      </Container>
    </Box>
  );
}

function PortalUnavailable({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const status = httpStatusOf(error);
  return (
    <Card withBorder radius="lg" p="xl" maw={520} mx="auto" mt={60}>
      <Stack gap="sm" align="flex-start">
        <IconAlertTriangle size={28} color="var(--mantine-color-orange-7)" aria-hidden />
        <Title order={1} fz="xl">
          {status === 404 ? 'This link does not work' : 'The portal could not be loaded'}
        </Title>
        <Text size="sm" c="dimmed">
          {status === 404
            ? 'The link may be mistyped, or it was replaced or revoked. Ask whoever sent it for a new one.'
            : messageOf(error) || 'Please try again in a moment.'}
        </Text>
        {status !== 404 && (
          <Button variant="default" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Card>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function PortalContent({ token, view }: { token: string; view: PortalView }) {
  const [openInvoice, setOpenInvoice] = useState<PortalInvoice | null>(null);
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

      <Section title="Invoices">
        {view.invoices.length === 0 ? (
          <Text size="sm" c="dimmed">
            No invoices yet.
          </Text>
        ) : (
          <Stack gap="xs">
            {view.invoices.map((invoice) => (
              <InvoiceRow
                key={invoice.id}
                token={token}
                invoice={invoice}
                onOpen={() => setOpenInvoice(invoice)}
              />
            ))}
          </Stack>
        )}
      </Section>

      {view.estimates.length > 0 && (
        <Section title="Estimates">
          <Stack gap="xs">
            {view.estimates.map((estimate) => (
              <EstimateRow
                key={estimate.id}
                token={token}
                estimate={estimate}
                onDecide={(decision) =>
                  setDeciding({
                    kind: 'estimate',
                    id: estimate.id,
                    title: `Estimate ${estimate.estimateNumber ?? ''}`.trim(),
                    decision,
                  })
                }
              />
            ))}
          </Stack>
        </Section>
      )}

      {view.proposals.length > 0 && (
        <Section title="Proposals">
          <Stack gap="xs">
            {view.proposals.map((proposal) => (
              <ProposalRow
                key={proposal.id}
                proposal={proposal}
                onDecide={(decision) =>
                  setDeciding({
                    kind: 'proposal',
                    id: proposal.id,
                    title: proposal.title,
                    decision,
                  })
                }
              />
            ))}
          </Stack>
        </Section>
      )}

      <Divider />
      <Text size="xs" c="dimmed" ta="center">
        This page is private to {client.company ?? client.name}: please do not share its link.
      </Text>

      <InvoiceDialog token={token} invoice={openInvoice} onClose={() => setOpenInvoice(null)} />
      <DecisionDialog token={token} deciding={deciding} onClose={() => setDeciding(null)} />
    </Stack>
  );
}

function DocumentRow({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        {children}
      </Group>
    </Paper>
  );
}

function pdfButton(href: string, label: string) {
  return (
    <Button
      component="a"
      href={href}
      size="xs"
      variant="default"
      leftSection={<IconDownload size={14} />}
      aria-label={label}
    >
      PDF
    </Button>
  );
}

function InvoiceRow({
  token,
  invoice,
  onOpen,
}: {
  token: string;
  invoice: PortalInvoice;
  onOpen: () => void;
}) {
  const name = `Invoice ${invoice.invoiceNumber ?? ''}`.trim();
  const open = invoice.status !== 'paid' && invoice.status !== 'void';
  return (
    <DocumentRow>
      <Stack gap={2} miw={0}>
        <Group gap="xs">
          <Text fw={600} ff="monospace" size="sm">
            {invoice.invoiceNumber}
          </Text>
          <Badge size="sm" variant="light" color={INVOICE_STATUS_COLORS[invoice.status]}>
            {INVOICE_STATUS_LABELS[invoice.status]}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {invoice.issueDate && `Issued ${showDay(invoice.issueDate)}`}
          {invoice.dueDate && open && ` · Due ${showDay(invoice.dueDate)}`}
        </Text>
      </Stack>
      <Group gap="md" wrap="nowrap" style={{ marginLeft: 'auto' }}>
        <Stack gap={0} align="flex-end">
          <Text fw={600} size="sm">
            {formatMoney(invoice.total, invoice.currency)}
          </Text>
          {open && invoice.balance !== invoice.total && (
            <Text size="xs" c="dimmed">
              {formatMoney(invoice.balance, invoice.currency)} due
            </Text>
          )}
        </Stack>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconEye size={14} />}
          onClick={onOpen}
          aria-label={`View ${name}`}
        >
          View
        </Button>
        {pdfButton(`/api/portal/${token}/invoices/${invoice.id}/pdf`, `Download ${name} as PDF`)}
      </Group>
    </DocumentRow>
  );
}

function DecisionLine({ decision }: { decision: PortalDecision }) {
  return (
    <Text size="xs" c="dimmed">
      {decision.decision === 'accepted' ? 'Accepted' : 'Declined'} by {decision.name} on{' '}
      {showDateTime(decision.decidedAt)}
      {decision.reason ? ` · “${decision.reason}”` : ''}
    </Text>
  );
}

function DecideButtons({
  what,
  onDecide,
}: {
  what: string;
  onDecide: (decision: 'accepted' | 'declined') => void;
}) {
  return (
    <>
      <Button
        size="xs"
        color="teal"
        leftSection={<IconCheck size={14} />}
        onClick={() => onDecide('accepted')}
        aria-label={`Accept ${what}`}
      >
        Accept
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconX size={14} />}
        onClick={() => onDecide('declined')}
        aria-label={`Decline ${what}`}
      >
        Decline
      </Button>
    </>
  );
}

function EstimateRow({
  token,
  estimate,
  onDecide,
}: {
  token: string;
  estimate: PortalEstimate;
  onDecide: (decision: 'accepted' | 'declined') => void;
}) {
  const status = ESTIMATE_STATUS[estimate.status] ?? { label: estimate.status, color: 'gray' };
  const name = `estimate ${estimate.estimateNumber ?? ''}`.trim();
  return (
    <DocumentRow>
      <Stack gap={2} miw={0}>
        <Group gap="xs">
          <Text fw={600} ff="monospace" size="sm">
            {estimate.estimateNumber}
          </Text>
          <Badge size="sm" variant="light" color={status.color}>
            {status.label}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {estimate.issueDate && `Issued ${showDay(estimate.issueDate)}`}
          {estimate.validUntil && ` · Valid until ${showDay(estimate.validUntil)}`}
        </Text>
        {estimate.decision && <DecisionLine decision={estimate.decision} />}
      </Stack>
      <Group gap="sm" wrap="wrap" justify="flex-end" style={{ marginLeft: 'auto' }}>
        <Text fw={600} size="sm">
          {formatMoney(estimate.total, estimate.currency)}
        </Text>
        {pdfButton(`/api/portal/${token}/estimates/${estimate.id}/pdf`, `Download ${name} as PDF`)}
        {estimate.decidable && <DecideButtons what={name} onDecide={onDecide} />}
      </Group>
    </DocumentRow>
  );
}

function ProposalRow({
  proposal,
  onDecide,
}: {
  proposal: PortalProposal;
  onDecide: (decision: 'accepted' | 'declined') => void;
}) {
  const status = PROPOSAL_STATUS[proposal.status] ?? { label: proposal.status, color: 'gray' };
  return (
    <DocumentRow>
      <Stack gap={4} miw={0} style={{ flex: '1 1 280px' }}>
        <Group gap="xs">
          <Text fw={600} size="sm">
            {proposal.title}
          </Text>
          <Badge size="sm" variant="light" color={status.color}>
            {status.label}
          </Badge>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {proposal.description}
        </Text>
        {proposal.dueDate && (
          <Text size="xs" c="dimmed">
            Answer by {showDay(proposal.dueDate)}
          </Text>
        )}
        {proposal.decision && <DecisionLine decision={proposal.decision} />}
      </Stack>
      <Group gap="sm" wrap="wrap" justify="flex-end" style={{ marginLeft: 'auto' }}>
        <Text fw={600} size="sm">
          {formatMoney(proposal.amount, proposal.currency)}
        </Text>
        {proposal.decidable && (
          <DecideButtons what={`proposal ${proposal.title}`} onDecide={onDecide} />
        )}
      </Group>
    </DocumentRow>
  );
}

/** The invoice as its PDF shows it; opening it tells the business it was viewed. */
function InvoiceDialog({
  token,
  invoice,
  onClose,
}: {
  token: string;
  invoice: PortalInvoice | null;
  onClose: () => void;
}) {
  const detail = trpc.portal.invoice.useQuery(
    { token, id: invoice?.id ?? 0 },
    { enabled: invoice !== null },
  );
  const utils = trpc.useUtils();
  const close = () => {
    // Its status may now be Viewed.
    void utils.portal.view.invalidate();
    onClose();
  };
  const d = detail.data;
  return (
    <Modal
      opened={invoice !== null}
      onClose={close}
      title={`Invoice ${invoice?.invoiceNumber ?? ''}`}
      size="lg"
      centered
    >
      {detail.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading the invoice" />
        </Center>
      ) : detail.isError || !d ? (
        <Alert color="red" variant="light">
          The invoice could not be loaded.
        </Alert>
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Stack gap={0}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                From
              </Text>
              <Text size="sm" fw={600}>
                {d.seller.name}
              </Text>
              {d.seller.address && (
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {d.seller.address}
                </Text>
              )}
            </Stack>
            <Stack gap={0}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                To
              </Text>
              <Text size="sm" fw={600}>
                {d.buyer.name}
              </Text>
              {d.buyer.address && (
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {d.buyer.address}
                </Text>
              )}
            </Stack>
          </SimpleGrid>
          <Group gap="lg">
            {d.issueDate && <Text size="sm">Issued {showDay(d.issueDate)}</Text>}
            {d.dueDate && <Text size="sm">Due {showDay(d.dueDate)}</Text>}
            <Badge variant="light" color={INVOICE_STATUS_COLORS[d.status]}>
              {INVOICE_STATUS_LABELS[d.status]}
            </Badge>
          </Group>
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Description</Table.Th>
                  <Table.Th ta="right">Qty</Table.Th>
                  <Table.Th ta="right">Price</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.lines.map((line) => (
                  <Table.Tr key={line.id}>
                    <Table.Td style={{ whiteSpace: 'pre-line' }}>{line.description}</Table.Td>
                    <Table.Td ta="right">{Number(line.quantity)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(line.unitPrice, d.currency)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(line.amount, d.currency)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Stack gap={2} align="flex-end">
            <Total label="Subtotal" value={formatMoney(d.subtotal, d.currency)} />
            {Number(d.discountTotal) > 0 && (
              <Total label="Discount" value={`−${formatMoney(d.discountTotal, d.currency)}`} />
            )}
            {d.taxes.map((tax) => (
              <Total
                key={tax.rate}
                label={`Tax ${Number(tax.rate)} %`}
                value={formatMoney(tax.amount, d.currency)}
              />
            ))}
            <Total label="Total" value={formatMoney(d.total, d.currency)} strong />
            {Number(d.paidTotal) > 0 && (
              <Total label="Paid" value={formatMoney(d.paidTotal, d.currency)} />
            )}
            <Total label="Balance due" value={formatMoney(d.balance, d.currency)} strong />
          </Stack>
          {d.notes && (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {d.notes}
            </Text>
          )}
          {d.paymentInstructions && (
            <Alert variant="light" color="indigo" title="How to pay">
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {d.paymentInstructions}
              </Text>
            </Alert>
          )}
          <Group justify="space-between">
            <Anchor href={`/api/portal/${token}/invoices/${d.id}/pdf`} size="sm">
              Download PDF
            </Anchor>
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function Total({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group gap="lg" justify="flex-end" wrap="nowrap">
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} miw={110} ta="right">
        {value}
      </Text>
    </Group>
  );
}

/** Accept or decline: the client types their name, which the record keeps. */
function DecisionDialog({
  token,
  deciding,
  onClose,
}: {
  token: string;
  deciding: Deciding | null;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const meta = {
    error: withServerMessage('Your answer could not be recorded.'),
    invalidates: [trpc.portal.view],
  };
  const acceptEstimate = trpc.portal.acceptEstimate.useMutation({
    meta: { ...meta, success: 'Estimate accepted' },
  });
  const declineEstimate = trpc.portal.declineEstimate.useMutation({
    meta: { ...meta, success: 'Estimate declined' },
  });
  const acceptProposal = trpc.portal.acceptProposal.useMutation({
    meta: { ...meta, success: 'Proposal accepted' },
  });
  const declineProposal = trpc.portal.declineProposal.useMutation({
    meta: { ...meta, success: 'Proposal declined' },
  });
  const pending =
    acceptEstimate.isPending ||
    declineEstimate.isPending ||
    acceptProposal.isPending ||
    declineProposal.isPending;
  const accepting = deciding?.decision === 'accepted';

  const close = () => {
    if (pending) return;
    setName('');
    setReason('');
    setError(null);
    onClose();
  };

  const submit = async () => {
    if (!deciding) return;
    if (name.trim() === '') {
      setError('Type your full name');
      return;
    }
    const input = { token, id: deciding.id, name: name.trim() };
    const call =
      deciding.kind === 'estimate'
        ? accepting
          ? acceptEstimate.mutateAsync(input)
          : declineEstimate.mutateAsync({ ...input, reason: reason.trim() || null })
        : accepting
          ? acceptProposal.mutateAsync(input)
          : declineProposal.mutateAsync({ ...input, reason: reason.trim() || null });
    if ((await succeeded(call)) !== undefined) {
      setName('');
      setReason('');
      setError(null);
      onClose();
    }
  };

  return (
    <Modal
      opened={deciding !== null}
      onClose={close}
      title={deciding ? `${accepting ? 'Accept' : 'Decline'} ${deciding.title}` : ''}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            {accepting
              ? 'By typing your name you accept this document as it stands. The time, your name and a fingerprint of the document are recorded.'
              : 'Let them know you decline. Your name and the time are recorded.'}
          </Text>
          <TextInput
            label="Your full name"
            required
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            maxLength={200}
            autoComplete="name"
            data-autofocus
          />
          {!accepting && (
            <Textarea
              label="Reason (optional)"
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              maxLength={2000}
              autosize
              minRows={2}
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending} color={accepting ? 'teal' : 'red'}>
              {accepting ? 'Accept' : 'Decline'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export default PortalPage;
