import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { StatementTransaction } from '../../../../shared/banking.schema.ts';
import { sumAmounts } from '../../../../shared/invoice-math.ts';

/** A hand-written statement of tests/fixtures/bank, as the bytes an upload gives. */
export function fixture(name: string): Buffer {
  return readFileSync(
    fileURLToPath(new URL(`../../../../../tests/fixtures/bank/${name}`, import.meta.url)),
  );
}

/** The exact sum of transactions' amounts, with two decimals. */
export function total(transactions: readonly StatementTransaction[]): string {
  return sumAmounts(
    transactions.map((t) => t.amount),
    2,
  );
}
