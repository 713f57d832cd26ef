import { normalizeAmount } from '../../../shared/invoice-math.ts';
import type { Discount } from '../../../shared/invoices.schema.ts';

/**
 * What invoices and estimates share in answering their stored rows: the discount columns
 * and the lines, with the decimals of the document's currency.
 */

/** A row's discount columns as answered: a percent to 2 decimals, an amount to the currency's. */
export function answeredDiscount(
  discountType: string | null,
  discountValue: string | null,
  digits: number,
): Discount | null {
  return discountType && discountValue !== null
    ? {
        type: discountType as 'percent' | 'amount',
        value: normalizeAmount(discountValue, discountType === 'percent' ? 2 : digits),
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
    taxRate: String(Number(r.taxRate)),
    amount: normalizeAmount(r.amount, digits),
    discount: normalizeAmount(r.discount, digits),
  };
}
