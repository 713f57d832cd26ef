import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatMoney } from '../../../shared/money.ts';
import { trpc } from '../../trpc.ts';
import { formatDay } from '../time/time-display.ts';
import { ESTIMATE_STATUS_COLORS, ESTIMATE_STATUS_LABELS, estimateName } from './estimate-status.ts';

/** A client's estimates, newest first (up to 100), each linking to its page. */
export function ClientEstimatesTable({ clientId }: { clientId: number }) {
  const estimates = trpc.estimates.list.useQuery({ clientId, limit: 100 });
  const items = estimates.data?.items ?? [];
  if (estimates.isPending) {
    return (
      <Text size="sm" c="dimmed">
        Loading estimates…
      </Text>
    );
  }
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No estimates yet.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing="xs" aria-label="Estimates of the client">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Number</Table.Th>
            <Table.Th>Valid until</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((estimate) => (
            <Table.Tr key={estimate.id}>
              <Table.Td>
                <Anchor
                  renderRoot={(props) => (
                    <Link
                      to="/estimates/$estimateId"
                      params={{ estimateId: String(estimate.id) }}
                      {...props}
                    />
                  )}
                  ff="monospace"
                  size="sm"
                >
                  {estimateName(estimate)}
                </Anchor>
              </Table.Td>
              <Table.Td>{estimate.validUntil ? formatDay(estimate.validUntil) : '—'}</Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light" color={ESTIMATE_STATUS_COLORS[estimate.status]}>
                  {ESTIMATE_STATUS_LABELS[estimate.status]}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">{formatMoney(estimate.total, estimate.currency)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
