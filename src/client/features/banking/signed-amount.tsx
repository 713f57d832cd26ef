import { Text, type MantineSize } from '@mantine/core';
import { IconArrowDownLeft, IconArrowUpRight } from '@tabler/icons-react';
import { formatMoney } from '../../../shared/money.ts';

/**
 * A signed amount as a person reads it: an explicit + or − sign and an arrow besides the
 * colour (teal in, red out), so the direction never rests on colour alone.
 */
export function SignedAmount({
  amount,
  currency,
  size = 'sm',
}: {
  amount: string;
  currency: string;
  /** A drawer's heading shows it larger than a table's cell. */
  size?: MantineSize;
}) {
  const out = amount.startsWith('-');
  const magnitude = out ? amount.slice(1) : amount;
  const zero = /^0+(\.0+)?$/.test(magnitude);
  const Icon = out ? IconArrowUpRight : IconArrowDownLeft;
  return (
    <Text
      span
      size={size}
      fw={500}
      c={
        zero ? undefined : out ? 'var(--mantine-color-red-text)' : 'var(--mantine-color-teal-text)'
      }
      style={{ whiteSpace: 'nowrap', display: 'inline-flex', alignItems: 'center', gap: 4 }}
    >
      {!zero && <Icon size={size === 'sm' ? 14 : 20} aria-hidden />}
      {`${zero ? '' : out ? '−' : '+'}${formatMoney(magnitude, currency)}`}
    </Text>
  );
}
