import { Box, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { format, parse } from 'date-fns';
import type { FinancialOverview } from '../../../shared/dashboard.schema.ts';
import { formatMoney } from '../../../shared/money.ts';

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

/**
 * Revenue by month as a bar chart drawn with Mantine boxes (no chart library): one bar a
 * month for the last 12, scaled to the best month, each with its exact figure in a
 * tooltip and as its accessible name.
 */
export function RevenueChart({
  months,
  currency,
}: {
  months: FinancialOverview['revenueByMonth'];
  /** The workspace currency, which the revenue is in. */
  currency: string;
}) {
  const money = (amount: number) => formatMoney(amount, currency);
  const values = months.map((m) => Number(m.revenue));
  const max = Math.max(0, ...values);
  const total = values.reduce((sum, v) => sum + v, 0);
  const best = max > 0 ? months[values.indexOf(max)] : undefined;
  // Two guide lines: the best month and half of it.
  const guides = max > 0 ? [1, 0.5] : [];

  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="revenue-chart-title">
      <Group justify="space-between" align="flex-start" mb="lg" gap="sm">
        <Stack gap={2}>
          <Title order={3} fz="lg" id="revenue-chart-title">
            Revenue by Month
          </Title>
          <Text size="sm" c="dimmed">
            Invoices paid in each of the last 12 months
          </Text>
        </Stack>
        {best && (
          <Stack gap={2} align="flex-end" ml="auto">
            <Text size="sm" fw={600}>
              {money(total)} in 12 months
            </Text>
            <Text size="xs" c="dimmed">
              Best: {format(monthOf(best.month), 'MMMM yyyy')}
            </Text>
          </Stack>
        )}
      </Group>

      <Group gap={0} wrap="nowrap" align="flex-start">
        <Box w={AXIS_WIDTH} h={CHART_HEIGHT} pos="relative" style={{ flexShrink: 0 }} aria-hidden>
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
              aria-label="Revenue by month"
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            >
              {months.map((month, index) => {
                const value = values[index]!;
                const label = `${format(monthOf(month.month), 'MMMM yyyy')}: ${money(value)}`;
                const height = max > 0 ? (value / max) * CHART_HEIGHT : 0;
                return (
                  <Tooltip key={month.month} label={label} openDelay={0}>
                    <Box
                      role="listitem"
                      aria-label={label}
                      tabIndex={0}
                      h="100%"
                      style={{ flex: 1, display: 'flex', alignItems: 'flex-end', minWidth: 0 }}
                    >
                      <Box
                        w="100%"
                        // A sliver for an empty month, so every month has a mark.
                        h={Math.max(height, value > 0 ? 4 : 2)}
                        bg={value > 0 ? 'indigo.5' : 'var(--mantine-color-default-border)'}
                        style={{ borderRadius: '4px 4px 0 0', transition: 'height 200ms ease' }}
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
                No payments received in the last 12 months.
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
    </Card>
  );
}
