import { compareAmounts } from '../../../shared/invoice-math.ts';
import {
  Anchor,
  Box,
  Button,
  Card,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { CreditNoteDetail } from '../../../shared/credit-notes.schema.ts';
import type { Party } from '../../../shared/invoices.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import { partyAddress } from '../../../shared/party-address.ts';
import { showDay } from '../../components/display-preferences.tsx';
import { RecordPage, useRecordId } from '../../components/record-page.tsx';
import { useCanBill } from '../../components/use-can-bill.ts';
import { trpc } from '../../trpc.ts';
import { EinvoiceDownloads } from '../einvoices/einvoice-downloads.tsx';
import { DocumentHead } from '../invoices/document-head.tsx';
import { PdfDownloadButton } from '../invoices/pdf-download.button.tsx';
import { SendCreditNoteDialog } from './send-credit-note.dialog.tsx';

function PartyBlock({ label, party }: { label: string; party: Party }) {
  // The typed address, else the structured (EN 16931) parts, as the PDF prints it.
  const address = partyAddress(party);
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {party.name}
      </Text>
      {address && (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {address}
        </Text>
      )}
      {party.taxId && <Text size="sm">Tax ID: {party.taxId}</Text>}
    </Stack>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xl" wrap="nowrap">
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

function CreditNoteView({ note }: { note: CreditNoteDetail }) {
  const canBill = useCanBill();
  const [sending, setSending] = useState(false);
  const money = (value: string) => formatMoney(value, note.currency);
  return (
    <>
      <DocumentHead
        title={`Credit note ${note.creditNoteNumber}`}
        status="Issued"
        statusColor="grape"
        summary={
          <>
            {note.client.company || note.client.name} · {money(note.total)} credited ·{' '}
            {showDay(note.issueDate)}
          </>
        }
        links={
          <Anchor
            size="sm"
            renderRoot={(props) => (
              <Link
                to="/invoices/$invoiceId"
                params={{ invoiceId: String(note.invoiceId) }}
                {...props}
              />
            )}
          >
            Credits invoice {note.invoice.number}
            {note.invoice.issueDate ? ` of ${showDay(note.invoice.issueDate)}` : ''}
          </Anchor>
        }
        actions={
          <>
            <PdfDownloadButton href={`/api/credit-notes/${note.id}/pdf`} />
            <EinvoiceDownloads creditNoteId={note.id} />
            {canBill && (
              <Button
                variant="light"
                leftSection={<IconMail size={16} />}
                onClick={() => setSending(true)}
              >
                Send by email
              </Button>
            )}
          </>
        }
      />
      <Card withBorder radius="md" padding="lg">
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <PartyBlock label="From" party={note.seller} />
            <PartyBlock label="Credited to" party={note.buyer} />
          </SimpleGrid>
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="xs" aria-label="Credited lines">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Description</Table.Th>
                  <Table.Th ta="right">Qty</Table.Th>
                  <Table.Th ta="right">Tax</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {note.lines.map((line) => (
                  <Table.Tr key={line.id}>
                    <Table.Td>{line.description}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {line.quantity}
                      {line.unit ? ` ${line.unit}` : ''}
                    </Table.Td>
                    <Table.Td ta="right">{line.taxRate} %</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {money(line.amount)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Box ml={{ base: 0, sm: 'auto' }} w={{ base: '100%', sm: 320 }}>
            <Stack gap={6}>
              <Row label="Subtotal" value={money(note.subtotal)} />
              {note.taxes
                .filter((t) => compareAmounts(t.rate, '0') > 0)
                .map((t) => (
                  <Row
                    key={t.rate}
                    label={`Tax ${t.rate} % on ${money(t.base)}`}
                    value={money(t.amount)}
                  />
                ))}
              <Divider />
              <Row label="Total credited" value={money(note.total)} strong />
            </Stack>
          </Box>
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Reason
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {note.reason}
            </Text>
          </Stack>
        </Stack>
      </Card>
      {canBill && (
        <SendCreditNoteDialog note={note} opened={sending} onClose={() => setSending(false)} />
      )}
    </>
  );
}

/** `/credit-notes/:id`: a credit note as issued, its PDF and sending it by email. */
export function CreditNotePage() {
  const { id, valid } = useRecordId('creditNoteId');
  const detail = trpc.creditNotes.get.useQuery({ id }, { enabled: valid });
  return (
    <RecordPage
      backTo="/credit-notes"
      backLabel="Credit notes"
      valid={valid}
      query={detail}
      notFound="Credit note not found"
    >
      {(note) => <CreditNoteView note={note} />}
    </RecordPage>
  );
}

export default CreditNotePage;
