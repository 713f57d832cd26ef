import { Text } from '@mantine/core';
import { IconArrowDownLeft, IconArrowUpRight } from '@tabler/icons-react';
import { formatMoney } from '../../../shared/money.ts';

/**
 * A signed amount as a person reads it: an explicit + or − sign and an arrow besides the
 * colour (teal in, red out), so the direction never rests on colour alone.
 */
export function SignedAmount({ amount, currency }: { amount: string; currency: string }) {
  const out = amount.startsWith('-');
  const magnitude = out ? amount.slice(1) : amount;
  const zero = /^0+(\.0+)?$/.test(magnitude);
  const Icon = out ? IconArrowUpRight : IconArrowDownLeft;
  return (
    <Text
      span
      size="sm"
      fw={500}
      c={
        zero ? undefined : out ? 'var(--mantine-color-red-text)' : 'var(--mantine-color-teal-text)'
      }
      style={{ whiteSpace: 'nowrap', display: 'inline-flex', alignItems: 'center', gap: 4 }}
    >
      {!zero && <Icon size={14} aria-hidden />}
      {`${zero ? '' : out ? '−' : '+'}${formatMoney(magnitude, currency)}`}
    </Text>
  );
}
