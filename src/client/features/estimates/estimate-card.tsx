import { Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCalendarDue, IconFileInvoice, IconUser } from '@tabler/icons-react';
import type { Estimate } from '../../../shared/estimates.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import { formatDay } from '../time/time-display.ts';
import { ESTIMATE_STATUS_COLORS, ESTIMATE_STATUS_LABELS, estimateName } from './estimate-status.ts';
import { DocumentNumber } from '../invoices/document-number.tsx';

function Detail({ icon: Icon, children }: { icon: typeof IconUser; children: string }) {
  return (
    <Group gap={6} wrap="nowrap" c="dimmed">
      <Icon size={15} stroke={1.7} style={{ flexShrink: 0 }} />
      <Text size="sm" c="dimmed" truncate="end">
        {children}
      </Text>
    </Group>
  );
}

/** One estimate of the grid: number, status, client, total and validity; opens its page. */
export function EstimateCard({ estimate, onView }: { estimate: Estimate; onView: () => void }) {
  const name = estimateName(estimate);
  return (
    <Card withBorder radius="lg" p={0} component="article" aria-label={`Estimate ${name}`}>
      {/* Named by all it shows, number first. */}
      <UnstyledButton onClick={onView} p="lg" h="100%">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <DocumentNumber number={estimate.estimateNumber} />
            <Badge variant="light" color={ESTIMATE_STATUS_COLORS[estimate.status]}>
              {ESTIMATE_STATUS_LABELS[estimate.status]}
            </Badge>
          </Group>
          <Text fw={700} fz="xl">
            {formatMoney(estimate.total, estimate.currency)}
          </Text>
          <Detail icon={IconUser}>{estimate.client.company || estimate.client.name}</Detail>
          <Detail icon={IconCalendarDue}>
            {estimate.validUntil
              ? `Valid until ${formatDay(estimate.validUntil)}`
              : 'Valid for 30 days once sent'}
          </Detail>
          {estimate.convertedInvoiceId !== null && (
            <Detail icon={IconFileInvoice}>
              {`Invoice ${estimate.convertedInvoiceNumber ?? '(draft)'}`}
            </Detail>
          )}
        </Stack>
      </UnstyledButton>
    </Card>
  );
}
