import { Group, Stack, Table, Text, useMatches } from '@mantine/core';
import type { InvoiceLine } from '../../../shared/invoices.schema.ts';
import { formatMoney } from '../../../shared/money.ts';

type Line = Pick<
  InvoiceLine,
  'id' | 'description' | 'quantity' | 'unitPrice' | 'taxRate' | 'amount'
> & { unit?: string | null };

/** A line's quantity with its unit when it has one: "2 day", "1.5". */
export function quantityWithUnit(line: { quantity: string; unit?: string | null }): string {
  return line.unit ? `${Number(line.quantity)} ${line.unit}` : String(Number(line.quantity));
}

/**
 * Whether rows of money stack (a phone, below `sm`) instead of standing in a table. One
 * layout is rendered, not both with one hidden, so every amount is on the page once.
 */
export function useStackedRows(): boolean {
  return useMatches({ base: true, sm: false });
}

/**
 * A document's lines (invoice, estimate, the portal's invoice): a table from `sm` up; on a
 * phone each line is a stacked row (description, then quantity and unit × price and tax, and the
 * amount), so that no amount hides in a sideways scroll or is cut off.
 */
export function DocumentLines({
  lines,
  currency,
  showTax = true,
  muted = 'dimmed',
  borderColor,
}: {
  lines: Line[];
  currency: string;
  showTax?: boolean;
  /** The secondary text's colour (the printed sheet keeps its paper colours). */
  muted?: string;
  borderColor?: string;
}) {
  const money = (amount: string) => formatMoney(amount, currency);
  const tax = (line: Line) => `${Number(line.taxRate)} %`;
  const empty = (
    <Text size="sm" c={muted}>
      No lines yet.
    </Text>
  );
  const rule = `1px solid ${borderColor ?? 'var(--mantine-color-default-border)'}`;
  if (!useStackedRows()) {
    return (
      <Table
        verticalSpacing="sm"
        horizontalSpacing={6}
        fz="sm"
        borderColor={borderColor}
        style={{ color: 'inherit' }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Description</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th ta="right">Unit price</Table.Th>
            {showTax && <Table.Th ta="right">Tax</Table.Th>}
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={showTax ? 5 : 4}>{empty}</Table.Td>
            </Table.Tr>
          )}
          {lines.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Td style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {line.description}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {quantityWithUnit(line)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {money(line.unitPrice)}
              </Table.Td>
              {showTax && <Table.Td ta="right">{tax(line)}</Table.Td>}
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-amount>
                {money(line.amount)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }
  return (
    <Stack gap={0} style={{ borderTop: rule }}>
      {lines.length === 0 && (
        <Stack py="sm" style={{ borderBottom: rule }}>
          {empty}
        </Stack>
      )}
      {lines.map((line) => (
        <Stack key={line.id} gap={4} py="sm" style={{ borderBottom: rule }}>
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {line.description}
          </Text>
          <Group justify="space-between" align="baseline" gap="xs" wrap="wrap">
            <Text size="sm" c={muted}>
              {quantityWithUnit(line)} × {money(line.unitPrice)}
              {showTax && ` · Tax ${tax(line)}`}
            </Text>
            <Text size="sm" fw={600} ml="auto" style={{ whiteSpace: 'nowrap' }} data-amount>
              {money(line.amount)}
            </Text>
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}
