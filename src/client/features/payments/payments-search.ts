import type { PAYMENT_METHODS } from '../../../shared/invoices.schema.ts';

type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The payment dialog's methods (a type-only import keeps the schema out of the first bundle). */
const METHODS = [
  'bank_transfer',
  'card',
  'cash',
  'check',
  'other',
] as const satisfies readonly PaymentMethod[];

/**
 * `/payments?from=…&to=…&client=…&method=…&q=…&page=…`: the list's filters in the URL, so a
 * reload or a link shows the same payments. Kept apart from the page so the router (in the
 * first bundle) validates the search without loading it. A value that does not parse is
 * dropped, never an error.
 */
export interface PaymentsSearch {
  q?: string;
  page?: number;
  from?: string;
  to?: string;
  client?: number;
  method?: PaymentMethod;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9][0-9]{0,9}$/;

export function validatePaymentsSearch(search: Record<string, unknown>): PaymentsSearch {
  const result: PaymentsSearch = {};
  if (typeof search.q === 'string' && search.q.trim() !== '') result.q = search.q.slice(0, 200);
  const page = Number(search.page);
  if (Number.isInteger(page) && page > 1 && page <= 1_000_000) result.page = page;
  for (const key of ['from', 'to'] as const) {
    const value = search[key];
    if (typeof value === 'string' && DAY.test(value)) result[key] = value;
  }
  if (ID.test(String(search.client)) && Number(search.client) <= 2_147_483_647) {
    result.client = Number(search.client);
  }
  const method = String(search.method);
  if ((METHODS as readonly string[]).includes(method)) {
    result.method = method as PaymentMethod;
  }
  return result;
}
