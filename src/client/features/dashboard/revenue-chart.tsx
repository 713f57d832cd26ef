import {
  Box,
  Button,
  Group,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { format, parse } from 'date-fns';
import { useState } from 'react';
import type { FinancialOverview } from '../../../shared/dashboard.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import { RegionCard } from '../../components/section-card.tsx';

const CHART_HEIGHT = 200;
const AXIS_WIDTH = 48;

/** Axis labels: '$1.2K' from a thousand up, whole units below. */
function axisLabel(value: number, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    notation: 'compact',
    maximumFractionDigits: value >= 1000 ? 1 : 0,
  }).format(value);
}

const monthOf = (month: string) => parse(month, 'yyyy-MM', new Date());

/** Expenses are drawn hatched as well as in another colour: colour is not the only cue. */
const EXPENSE_FILL =
  'repeating-linear-gradient(135deg, var(--mantine-color-red-5) 0 4px, var(--mantine-color-red-3) 4px 7px)';

function Swatch({ expense }: { expense?: boolean }) {
  return (
    <Box
      w={12}
      h={12}
      style={{
        borderRadius: 3,
        background: expense ? EXPENSE_FILL : 'var(--mantine-color-indigo-5)',
      }}
      aria-hidden
    />
  );
}

/**
 * Revenue and expenses by month as a bar chart drawn with Mantine boxes (no chart library):
 * a pair of bars a month for the last 12, scaled to the largest figure, each month's exact
 * figures in a tooltip and as its accessible name, and the same figures as a table on demand.
 */
export function RevenueChart({
  months,
  currency,
}: {
  months: FinancialOverview['revenueByMonth'];
  /** The workspace currency, which the figures are in. */
  currency: string;
}) {
  const [asTable, setAsTable] = useState(false);
  const money = (amount: number | string) => formatMoney(amount, currency);
  const revenues = months.map((m) => Number(m.revenue));
  const expenses = months.map((m) => Number(m.expenses));
  const max = Math.max(0, ...revenues, ...expenses);
  const bestRevenue = Math.max(0, ...revenues);
  const best = bestRevenue > 0 ? months[revenues.indexOf(bestRevenue)] : undefined;
  // Two guide lines: the largest figure and half of it.
  const guides = max > 0 ? [1, 0.5] : [];
  const heightOf = (value: number) =>
    Math.max(max > 0 ? (value / max) * CHART_HEIGHT : 0, value > 0 ? 4 : 2);

  return (
    <RegionCard label="Revenue and Expenses by Month" p="lg">
      <Group justify="space-between" align="flex-start" mb="lg" gap="sm">
        <Stack gap={2}>
          <Title order={3} fz="lg">
            Revenue and Expenses by Month
          </Title>
          <Text size="sm" c="dimmed">
            Revenue before tax (the tax collected apart) and expenses in each of the last 12 months,
            in {currency}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end" ml="auto">
          {best && (
            <Text size="xs" c="dimmed">
              Best revenue: {format(monthOf(best.month), 'MMMM yyyy')}
            </Text>
          )}
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => setAsTable((shown) => !shown)}
            aria-pressed={asTable}
          >
            {asTable ? 'Show chart' : 'Show table'}
          </Button>
        </Stack>
      </Group>

      {asTable ? (
        <Table.ScrollContainer minWidth={360}>
          <Table verticalSpacing="xs" aria-label="Revenue and expenses by month">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Month</Table.Th>
                <Table.Th ta="right">Revenue (net)</Table.Th>
                <Table.Th ta="right">Tax collected</Table.Th>
                <Table.Th ta="right">Expenses</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {months.map((m) => (
                <Table.Tr key={m.month}>
                  <Table.Td>{format(monthOf(m.month), 'MMMM yyyy')}</Table.Td>
                  <Table.Td ta="right">{money(m.revenue)}</Table.Td>
                  <Table.Td ta="right">{money(m.taxCollected)}</Table.Td>
                  <Table.Td ta="right">{money(m.expenses)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <>
          <Group gap="md" mb="sm" aria-hidden>
            <Group gap={6}>
              <Swatch />
              <Text size="xs">Revenue (before tax)</Text>
            </Group>
            <Group gap={6}>
              <Swatch expense />
              <Text size="xs">Expenses</Text>
            </Group>
          </Group>
          <Group gap={0} wrap="nowrap" align="flex-start">
            <Box
              w={AXIS_WIDTH}
              h={CHART_HEIGHT}
              pos="relative"
              style={{ flexShrink: 0 }}
              aria-hidden
            >
              {guides.map((share) => (
                <Text
                  key={share}
                  pos="absolute"
                  top={CHART_HEIGHT * (1 - share) - 7}
                  right={8}
                  size="10px"
                  c="dimmed"
                >
                  {axisLabel(max * share, currency)}
                </Text>
              ))}
            </Box>
            <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
              <Box pos="relative">
                {guides.map((share) => (
                  <Box
                    key={share}
                    pos="absolute"
                    left={0}
                    right={0}
                    top={CHART_HEIGHT * (1 - share)}
                    style={{ borderTop: '1px dashed var(--mantine-color-default-border)' }}
                    aria-hidden
                  />
                ))}
                <Group
                  gap={4}
                  wrap="nowrap"
                  align="flex-end"
                  h={CHART_HEIGHT}
                  role="list"
                  aria-label="Revenue and expenses by month"
                  style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                >
                  {months.map((month, index) => {
                    const revenue = revenues[index]!;
                    const expense = expenses[index]!;
                    const label = `${format(monthOf(month.month), 'MMMM yyyy')}: revenue before tax ${money(revenue)}, expenses ${money(expense)}`;
                    return (
                      <Tooltip key={month.month} label={label} openDelay={0}>
                        <Box
                          role="listitem"
                          aria-label={label}
                          tabIndex={0}
                          h="100%"
                          style={{
                            flex: 1,
                            display: 'flex',
                            alignItems: 'flex-end',
                            gap: 2,
                            minWidth: 0,
                          }}
                        >
                          <Box
                            style={{ flex: 1, borderRadius: '3px 3px 0 0' }}
                            h={heightOf(revenue)}
                            bg={revenue > 0 ? 'indigo.5' : 'var(--mantine-color-default-border)'}
                          />
                          <Box
                            style={{
                              flex: 1,
                              borderRadius: '3px 3px 0 0',
                              background:
                                expense > 0 ? EXPENSE_FILL : 'var(--mantine-color-default-border)',
                            }}
                            h={heightOf(expense)}
                          />
                        </Box>
                      </Tooltip>
                    );
                  })}
                </Group>
                {max === 0 && (
                  <Text
                    pos="absolute"
                    top={CHART_HEIGHT / 2 - 12}
                    left={0}
                    right={0}
                    ta="center"
                    size="sm"
                    c="dimmed"
                  >
                    No payments or expenses in the last 12 months.
                  </Text>
                )}
              </Box>
              <Group gap={4} wrap="nowrap" aria-hidden>
                {months.map((month, index) => {
                  const date = monthOf(month.month);
                  return (
                    <Text
                      key={month.month}
                      fz={{ base: 9, sm: 'xs' }}
                      c="dimmed"
                      ta="center"
                      style={{ flex: 1, minWidth: 0 }}
                    >
                      {format(date, 'MMM')}
                      {(index === 0 || date.getMonth() === 0) && (
                        <Text span display="block" inherit visibleFrom="sm">
                          {format(date, 'yyyy')}
                        </Text>
                      )}
                    </Text>
                  );
                })}
              </Group>
            </Stack>
          </Group>
          <VisuallyHidden>Revenue bars are solid, expense bars hatched.</VisuallyHidden>
        </>
      )}
    </RegionCard>
  );
}
