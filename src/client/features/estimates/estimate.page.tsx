import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { IconCircleCheck, IconCircleX, IconFileInvoice, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import type { EstimateDetail } from '../../../shared/estimates.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import { showDateTime } from '../../components/display-preferences.tsx';
import { RecordPage, useRecordId } from '../../components/record-page.tsx';
import { DeleteDraftButton, DocumentHead } from '../invoices/document-head.tsx';
import { PdfDownloadButton } from '../invoices/pdf-download.button.tsx';
import { useCanBill } from '../../components/use-can-bill.ts';
import { trpc } from '../../trpc.ts';
import { InvoiceLink } from '../invoices/invoice-link.tsx';
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
import { EstimateOutbox, SendEstimateDialog } from './send-estimate.dialog.tsx';
import { useEstimateMutations } from './use-estimate-mutations.ts';

/** A sent estimate the client may still act on can be emailed again. */
const EMAILABLE = new Set(['sent', 'viewed', 'accepted']);

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
  const [converting, setConverting] = useState(false);
  const [emailing, setEmailing] = useState(false);
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
      <DocumentHead
        title={draft ? 'Draft estimate' : `Estimate ${name}`}
        status={ESTIMATE_STATUS_LABELS[estimate.status]}
        statusColor={ESTIMATE_STATUS_COLORS[estimate.status]}
        summary={
          <>
            {estimate.client.name} · {formatMoney(estimate.total, estimate.currency)}
            {estimate.validUntil ? ` · valid until ${formatDay(estimate.validUntil)}` : ''}
          </>
        }
        links={
          estimate.convertedInvoiceId !== null && (
            <InvoiceLink size="sm" invoiceId={estimate.convertedInvoiceId}>
              Invoiced as {estimate.convertedInvoiceNumber ?? 'a draft invoice'}
            </InvoiceLink>
          )
        }
        actions={
          <>
            <PdfDownloadButton href={`/api/estimates/${estimate.id}/pdf`} />
            {canBill && EMAILABLE.has(estimate.status) && (
              <Button
                variant="default"
                leftSection={<IconSend size={16} />}
                onClick={() => setEmailing(true)}
              >
                Send by email
              </Button>
            )}
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
              <DeleteDraftButton
                title="Delete Estimate"
                backTo="/estimates"
                remove={() => mutations.remove(estimate)}
              >
                Delete this draft estimate for {estimate.client.name}? This action cannot be undone.
              </DeleteDraftButton>
            )}
          </>
        }
      />

      <Acceptance estimate={estimate} />

      {draft && canBill ? (
        <EstimateEditor estimate={estimate} onSend={() => setEmailing(true)} />
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

      <EstimateOutbox estimateId={estimate.id} />

      {canBill && (
        <SendEstimateDialog
          estimate={estimate}
          opened={emailing}
          onClose={() => setEmailing(false)}
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
    </>
  );
}

export default EstimatePage;
