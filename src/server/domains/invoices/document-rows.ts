import { normalizeAmount, PERCENT_DIGITS, plainPercent } from '../../../shared/invoice-math.ts';
import type { Discount, Party } from '../../../shared/invoices.schema.ts';
import type { Database } from '../../db/create-db.ts';
import type { findClient } from '../clients/clients.repository.ts';

/**
 * What invoices and estimates share in answering their stored rows: the discount columns
 * and the lines, with the decimals of the document's currency.
 */

/**
 * A percent discount as answered: with two decimals as it always was ("10.00"), three when
 * it has a third ("12.345"). Not plainly like tax rates: an acceptance record holds the
 * SHA-256 of the estimate as answered when it was decided, and a percent answered "10"
 * today would no longer match the "10.00" it hashed.
 */
function answeredPercent(value: string): string {
  const text = normalizeAmount(value, PERCENT_DIGITS);
  return text.endsWith('0') ? text.slice(0, -1) : text;
}

/** A row's discount columns as answered: a percent (answeredPercent), an amount with the currency's decimals. */
export function answeredDiscount(
  discountType: string | null,
  discountValue: string | null,
  digits: number,
): Discount | null {
  return discountType && discountValue !== null
    ? {
        type: discountType as 'percent' | 'amount',
        value:
          discountType === 'percent'
            ? answeredPercent(discountValue)
            : normalizeAmount(discountValue, digits),
      }
    : null;
}

/** A stored line as answered: quantity to 2 decimals, the money to the currency's. */
export function answeredLine<
  R extends {
    quantity: string;
    unitPrice: string;
    taxRate: string;
    amount: string;
    discount: string;
  },
>(r: R, digits: number): R {
  return {
    ...r,
    quantity: normalizeAmount(r.quantity, 2),
    unitPrice: normalizeAmount(r.unitPrice, digits),
    taxRate: plainPercent(r.taxRate),
    amount: normalizeAmount(r.amount, digits),
    discount: normalizeAmount(r.discount, digits),
  };
}

/** The client as a document's buyer: its company, else its name, with the contact's name. */
export function buyerOf(client: NonNullable<Awaited<ReturnType<typeof findClient>>>): Party {
  return {
    name: client.company || client.name,
    contactName: client.contactName ?? (client.company ? client.name : null),
    address: client.address,
    taxId: client.taxId,
    email: client.email,
  };
}

/** The seller and buyer a document froze when it was sent (null on drafts). */
export async function findDocumentParties(
  db: Database,
  table: 'invoices' | 'estimates',
  workspaceId: number,
  id: number,
) {
  const row = await db
    .selectFrom(table)
    .select(['seller', 'buyer'])
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { seller: row.seller as Party | null, buyer: row.buyer as Party | null };
}

/** Writes each line's computed amount and discount share (invoice or estimate lines). */
export async function setDocumentLineAmounts(
  db: Database,
  table: 'invoiceLines' | 'estimateLines',
  workspaceId: number,
  amounts: { id: number; amount: string; discount: string }[],
) {
  for (const { id, amount, discount } of amounts) {
    await db
      .updateTable(table)
      .set({ amount, discount })
      .where('workspaceId', '=', workspaceId)
      .where('id', '=', id)
      .execute();
  }
}
