import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { IconAlertTriangle, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { formatMoney } from '../../../shared/money.ts';
import {
  FREQUENCY_LABELS,
  type RecurringInvoiceDetail,
} from '../../../shared/recurring-invoices.schema.ts';
import { showDate, showDay } from '../../components/display-preferences.tsx';
import { ConfirmDeleteDialog } from '../../components/list/confirm-delete.dialog.tsx';
import { BackLink, RecordPage, useRecordId } from '../../components/record-page.tsx';
import { useCanBill } from '../../components/use-can-bill.ts';
import { trpc } from '../../trpc.ts';
import { InvoiceLink, InvoiceStatusBadge } from '../invoices/invoice-link.tsx';
import { invoiceName } from '../invoices/invoice-status.ts';
import { RecurringInvoiceForm } from './recurring-invoice.form.tsx';
import {
  RECURRING_STATUS_COLORS,
  RECURRING_STATUS_LABELS,
  templateName,
} from './recurring-status.ts';
import { useRecurringMutations } from './use-recurring-mutations.ts';

/** `/recurring-invoices/new`: the template form, then its page. */
export function RecurringInvoiceNewPage() {
  const navigate = useNavigate();
  return (
    <Stack gap="lg" maw={1100}>
      <BackLink to="/recurring-invoices" label="Recurring Invoices" />
      <Title order={2} fz={{ base: 22, sm: 26 }}>
        New recurring invoice
      </Title>
      <RecurringInvoiceForm
        onCancel={() => void navigate({ to: '/recurring-invoices' })}
        onSaved={(saved) =>
          void navigate({
            to: '/recurring-invoices/$recurringId',
            params: { recurringId: String(saved.id) },
          })
        }
      />
    </Stack>
  );
}

/**
 * `/recurring-invoices/:id`: the template's schedule, its next dates, the invoices it made
 * (each a link), and, for those who issue invoices, pause or resume, delete and the form.
 */
export function RecurringInvoicePage() {
  const { id, valid } = useRecordId('recurringId');
  const detail = trpc.recurringInvoices.get.useQuery({ id }, { enabled: valid });
  return (
    <RecordPage
      backTo="/recurring-invoices"
      backLabel="Recurring Invoices"
      valid={valid}
      query={detail}
      notFound="Recurring invoice not found"
    >
      {(template) => <TemplateView template={template} />}
    </RecordPage>
  );
}

function scheduleText(template: RecurringInvoiceDetail) {
  const end =
    template.endAfterCount !== null
      ? `, ${template.endAfterCount} invoice${template.endAfterCount === 1 ? '' : 's'}`
      : template.endDate !== null
        ? `, until ${showDay(template.endDate)}`
        : '';
  return `${FREQUENCY_LABELS[template.frequency]} from ${showDay(template.startDate)}${end}`;
}

function TemplateView({ template }: { template: RecurringInvoiceDetail }) {
  const canBill = useCanBill();
  const navigate = useNavigate();
  const mutations = useRecurringMutations();
  const [deleting, setDeleting] = useState(false);
  const money = (amount: string) => formatMoney(amount, template.currency);

  return (
    <>
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4} miw={0}>
          <Group gap="sm">
            <Title order={2} fz={{ base: 22, sm: 26 }}>
              Recurring invoice for {templateName(template)}
            </Title>
            <Badge variant="light" color={RECURRING_STATUS_COLORS[template.status]}>
              {RECURRING_STATUS_LABELS[template.status]}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {scheduleText(template)} · {money(template.total)} each ·{' '}
            {template.autoSend ? 'sent automatically' : 'drafts to review'}
          </Text>
        </Stack>
        {canBill && (
          <Group gap="sm">
            {template.status === 'active' && (
              <Button
                variant="default"
                leftSection={<IconPlayerPause size={16} />}
                onClick={() => void mutations.pause(template.id)}
              >
                Pause
              </Button>
            )}
            {template.status === 'paused' && (
              <Button
                variant="default"
                leftSection={<IconPlayerPlay size={16} />}
                onClick={() => void mutations.resume(template.id)}
              >
                Resume
              </Button>
            )}
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => setDeleting(true)}
            >
              Delete
            </Button>
          </Group>
        )}
      </Group>

      {template.lastFailure && <LastFailure failure={template.lastFailure} />}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Title order={3} fz="md" mb="sm">
            Next invoices
          </Title>
          {template.status === 'active' && template.upcoming.length > 0 ? (
            <Stack gap={6}>
              {template.upcoming.map((date, index) => (
                <Group key={date} justify="space-between" wrap="nowrap">
                  <Text size="sm" fw={index === 0 ? 600 : 400}>
                    {showDay(date, 'long')}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {index === 0 ? 'Next' : ''}
                  </Text>
                </Group>
              ))}
              <Text size="xs" c="dimmed" mt={4}>
                Each invoice is made on its date, in the workspace&apos;s time zone.
              </Text>
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {template.status === 'paused'
                ? 'Paused: no invoices are made until it is resumed. Resuming goes on from the next date, without the paused periods.'
                : 'Ended: this schedule makes no more invoices.'}
            </Text>
          )}
        </Card>
        <Card withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Title order={3} fz="md" mb="sm">
            Invoices made
          </Title>
          {template.invoices.length === 0 ? (
            <Text size="sm" c="dimmed">
              None yet.
              {template.nextIssueDate && template.status === 'active'
                ? ` The first is made on ${showDay(template.nextIssueDate, 'long')}.`
                : ''}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={300}>
              <Table verticalSpacing={6}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Invoice</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th ta="right">Total</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {template.invoices.map((invoice) => (
                    <Table.Tr key={invoice.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {showDay(invoice.issueDate ?? invoice.periodStart)}
                      </Table.Td>
                      <Table.Td>
                        <InvoiceLink invoiceId={invoice.id} size="sm" fw={600}>
                          {invoiceName(invoice)}
                        </InvoiceLink>
                      </Table.Td>
                      <Table.Td>
                        <InvoiceStatusBadge
                          size="sm"
                          status={invoice.status}
                          emailedAt={invoice.emailedAt}
                        />
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {money(invoice.total)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Card>
      </SimpleGrid>

      {canBill ? (
        <RecurringInvoiceForm
          template={template}
          onCancel={() => void navigate({ to: '/recurring-invoices' })}
          onSaved={() => undefined}
        />
      ) : (
        <Card withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Title order={3} fz="md" mb="sm">
            Lines
          </Title>
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Description</Table.Th>
                  <Table.Th ta="right">Qty</Table.Th>
                  <Table.Th ta="right">Unit price</Table.Th>
                  <Table.Th ta="right">Tax %</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {template.lines.map((line, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>{line.description}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {line.unit ? `${line.quantity} ${line.unit}` : line.quantity}
                    </Table.Td>
                    <Table.Td ta="right">{money(line.unitPrice)}</Table.Td>
                    <Table.Td ta="right">{line.taxRate}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}

      <ConfirmDeleteDialog
        opened={deleting}
        title="Delete Recurring Invoice"
        onClose={() => setDeleting(false)}
        onConfirm={async () => {
          const done = await mutations.remove(template.id);
          if (done) void navigate({ to: '/recurring-invoices' });
          return done;
        }}
      >
        Delete the recurring invoice for {templateName(template)}? No more invoices will be made
        from it; the invoices it made are kept.
      </ConfirmDeleteDialog>
    </>
  );
}

/**
 * The latest automatic send that left its invoice a draft, and why: the owners were notified,
 * and the page says it too until a later send goes through.
 */
function LastFailure({ failure }: { failure: NonNullable<RecurringInvoiceDetail['lastFailure']> }) {
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={`The automatic send of ${showDate(failure.at)} left its invoice a draft`}
    >
      <Stack gap={4}>
        <Text size="sm">
          {failure.rule ? `${failure.rule}: ${failure.message}` : failure.message}
        </Text>
        {failure.invoiceId !== null && (
          <Text size="sm">
            Fix it, then issue <InvoiceLink invoiceId={failure.invoiceId}>the draft</InvoiceLink>.
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
