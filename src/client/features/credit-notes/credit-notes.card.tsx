import { Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney } from '../../../shared/money.ts';
import { showDay } from '../../components/display-preferences.tsx';
import { usePhone } from '../../components/use-phone.ts';
import { trpc } from '../../trpc.ts';
import { CreditedInvoiceLink, CreditNoteLink } from './credit-note-links.tsx';

/**
 * The credit notes of one invoice (its page) or one client (theirs), newest first: shown
 * only when there are some.
 */
export function CreditNotesCard({
  invoiceId,
  clientId,
}: {
  invoiceId?: number;
  clientId?: number;
}) {
  const list = trpc.creditNotes.list.useQuery({ invoiceId, clientId, limit: 100 });
  const notes = list.data?.items ?? [];
  const phone = usePhone();
  if (notes.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={3} fz="lg">
          Credit notes
        </Title>
        {phone ? (
          // A phone has no room for four columns: one block per credit note, its amount
          // beside its number, the reason whole underneath.
          <Stack
            gap="sm"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Credit notes"
          >
            {notes.map((note) => (
              <Stack key={note.id} gap={2} component="li">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <CreditNoteLink note={note} />
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(note.total, note.currency)}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {showDay(note.issueDate)}
                  {invoiceId === undefined && (
                    <>
                      {' '}
                      · <CreditedInvoiceLink note={note} />
                    </>
                  )}
                </Text>
                <Text size="sm">{note.reason}</Text>
              </Stack>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="xs" aria-label="Credit notes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Number</Table.Th>
                  {invoiceId === undefined && <Table.Th>Invoice</Table.Th>}
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Reason</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {notes.map((note) => (
                  <Table.Tr key={note.id}>
                    <Table.Td>
                      <CreditNoteLink note={note} />
                    </Table.Td>
                    {invoiceId === undefined && (
                      <Table.Td>
                        <CreditedInvoiceLink note={note} />
                      </Table.Td>
                    )}
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{showDay(note.issueDate)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={2}>
                        {note.reason}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(note.total, note.currency)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
