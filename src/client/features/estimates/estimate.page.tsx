import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { IconCircleCheck, IconCircleX, IconFileInvoice, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { EstimateDetail } from '../../../shared/estimates.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import { ConfirmDeleteDialog } from '../../components/list/confirm-delete.dialog.tsx';
import { showDateTime } from '../../components/display-preferences.tsx';
import { RecordPage, useRecordId } from '../../components/record-page.tsx';
import { PdfDownloadButton } from '../invoices/pdf-download.button.tsx';
import { useCanBill } from '../../components/use-can-bill.ts';
import { trpc } from '../../trpc.ts';
import { InvoiceSheet } from '../invoices/invoice-sheet.tsx';
import { formatDay } from '../time/time-display.ts';
import { DecisionDialog } from './estimate-decision.dialog.tsx';
import { EstimateEditor } from './estimate-editor.tsx';
import {
  ESTIMATE_STATUS_COLORS,
  ESTIMATE_STATUS_INK,
  ESTIMATE_STATUS_LABELS,
  awaitsDecision,
  convertible,
  estimateName,
} from './estimate-status.ts';
import { useEstimateMutations } from './use-estimate-mutations.ts';

/** `/estimates/:id`: a draft is edited and sent here; a sent one is shown as printed. */
export function EstimatePage() {
  const { id, valid } = useRecordId('estimateId');
  const detail = trpc.estimates.get.useQuery({ id }, { enabled: valid });
  return (
    <RecordPage
      backTo="/estimates"
      backLabel="Estimates"
      valid={valid}
      query={detail}
      notFound="Estimate not found"
    >
      {(estimate) => <EstimateView estimate={estimate} />}
    </RecordPage>
  );
}

function Acceptance({ estimate }: { estimate: EstimateDetail }) {
  const record = estimate.acceptance;
  if (!record) return null;
  const accepted = record.decision === 'accepted';
  return (
    <Card withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} aria-label="Client decision">
      <Stack gap={4}>
        <Group gap="xs">
          {accepted ? (
            <IconCircleCheck size={18} color="var(--mantine-color-teal-7)" />
          ) : (
            <IconCircleX size={18} color="var(--mantine-color-red-7)" />
          )}
          <Title order={2} fz="md">
            {accepted ? 'Accepted' : 'Declined'} by {record.name}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {showDateTime(record.createdAt)} ·{' '}
          {record.via === 'portal' ? 'in the client portal' : 'recorded in Keel'}
          {record.ip ? ` · from ${record.ip}` : ''}
        </Text>
        {record.reason && <Text size="sm">Reason: {record.reason}</Text>}
        <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          SHA-256 {record.documentSha256}
        </Text>
      </Stack>
    </Card>
  );
}

function EstimateView({ estimate }: { estimate: EstimateDetail }) {
  const canBill = useCanBill();
  const mutations = useEstimateMutations();
  const navigate = useNavigate();
  const [deciding, setDeciding] = useState<'accept' | 'decline' | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [converting, setConverting] = useState(false);
  const draft = estimate.status === 'draft';
  const name = estimateName(estimate);

  const convert = async () => {
    setConverting(true);
    const invoice = await mutations.convert(estimate);
    setConverting(false);
    if (invoice)
      void navigate({ to: '/invoices/$invoiceId', params: { invoiceId: String(invoice.id) } });
  };

  return (
    <>
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4} miw={0}>
          <Group gap="sm">
            <Title order={2} fz={{ base: 22, sm: 26 }}>
              {draft ? 'Draft estimate' : `Estimate ${name}`}
            </Title>
            <Badge variant="light" color={ESTIMATE_STATUS_COLORS[estimate.status]}>
              {ESTIMATE_STATUS_LABELS[estimate.status]}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {estimate.client.name} · {formatMoney(estimate.total, estimate.currency)}
            {estimate.validUntil ? ` · valid until ${formatDay(estimate.validUntil)}` : ''}
          </Text>
          {estimate.convertedInvoiceId !== null && (
            <Anchor
              size="sm"
              renderRoot={(props) => (
                <Link
                  to="/invoices/$invoiceId"
                  params={{ invoiceId: String(estimate.convertedInvoiceId) }}
                  {...props}
                />
              )}
            >
              Invoiced as {estimate.convertedInvoiceNumber ?? 'a draft invoice'}
            </Anchor>
          )}
        </Stack>
        <Group gap="xs">
          <PdfDownloadButton href={`/api/estimates/${estimate.id}/pdf`} />
          {canBill && awaitsDecision(estimate.status) && (
            <>
              <Button
                variant="light"
                color="teal"
                leftSection={<IconCircleCheck size={16} />}
                onClick={() => setDeciding('accept')}
              >
                Accept
              </Button>
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconCircleX size={16} />}
                onClick={() => setDeciding('decline')}
              >
                Decline
              </Button>
            </>
          )}
          {canBill && convertible(estimate.status) && (
            <Button
              leftSection={<IconFileInvoice size={16} />}
              loading={converting}
              onClick={() => void convert()}
            >
              Convert to invoice
            </Button>
          )}
          {canBill && draft && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => setDeleting(true)}
            >
              Delete draft
            </Button>
          )}
        </Group>
      </Group>

      <Acceptance estimate={estimate} />

      {draft && canBill ? (
        <EstimateEditor estimate={estimate} />
      ) : (
        <InvoiceSheet
          invoice={{
            ...estimate,
            invoiceNumber: estimate.estimateNumber,
            dueDate: estimate.validUntil,
            status: 'draft',
            paidTotal: '0',
            balance: estimate.total,
            paidDate: null,
            voidReason: null,
            paymentInstructions: null,
          }}
          labels={{
            title: 'Estimate',
            status: ESTIMATE_STATUS_LABELS[estimate.status],
            statusColor: ESTIMATE_STATUS_INK[estimate.status],
            dueLabel: 'Valid until',
            showBalance: false,
          }}
        />
      )}

      <DecisionDialog
        opened={deciding !== null}
        decision={deciding ?? 'accept'}
        documentLabel={`estimate ${name}`}
        onClose={() => setDeciding(null)}
        onConfirm={async ({ name: who, reason }) =>
          (deciding === 'accept'
            ? await mutations.accept(estimate, who)
            : await mutations.decline(estimate, reason)) !== undefined
        }
      />
      <ConfirmDeleteDialog
        opened={deleting}
        title="Delete Estimate"
        onClose={() => setDeleting(false)}
        onConfirm={async () => {
          const done = await mutations.remove(estimate);
          if (done) void navigate({ to: '/estimates' });
          return done;
        }}
      >
        Delete this draft estimate for {estimate.client.name}? This action cannot be undone.
      </ConfirmDeleteDialog>
    </>
  );
}

export default EstimatePage;
