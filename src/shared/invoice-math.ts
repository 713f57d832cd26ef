/**
 * Exact invoice arithmetic in integer minor units (BigInt), never binary floats. Amounts
 * travel as decimal strings; the server computes every total with these functions and the
 * draft editor shows the same figures while the user types.
 */

export interface LineInput {
  quantity: string;
  unitPrice: string;
  taxRate: string;
}
export type Discount = { type: 'percent' | 'amount'; value: string } | null;
export interface TaxLine {
  rate: string;
  base: string;
  amount: string;
}
export interface InvoiceTotals {
  /** Per line: quantity × unit price rounded, and its share of the invoice discount. */
  lines: { amount: string; discount: string }[];
  subtotal: string;
  discount: string;
  /** One per non-zero tax rate, by rate; base is the lines' amounts less their discount. */
  taxes: TaxLine[];
  taxTotal: string;
  total: string;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * "12.5", 2 → 1250n. Throws on a bad format or on a non-zero decimal beyond `digits`;
 * trailing zeros beyond it are accepted ("12.500", 2 → 1250n), as numeric(15, 3) columns
 * answer them.
 */
export function toMinor(amount: string, digits: number): bigint {
  const match = DECIMAL.exec(amount.trim());
  if (!match) throw new Error(`Not a decimal amount: ${amount}`);
  const fraction = match[2] ?? '';
  if (fraction.replace(/0+$/, '').length > digits) {
    throw new Error(`${amount} has more than ${digits} decimals`);
  }
  return BigInt(match[1]! + fraction.padEnd(digits, '0').slice(0, digits));
}

/** 1250n, 2 → "12.50"; 5n, 0 → "5"; 5n, 3 → "0.005". */
export function fromMinor(minor: bigint, digits: number): string {
  const negative = minor < 0n;
  const text = (negative ? -minor : minor).toString().padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const fraction = text.slice(text.length - digits);
  return `${negative ? '-' : ''}${whole}${digits > 0 ? `.${fraction}` : ''}`;
}

/**
 * An amount with exactly `digits` decimals ("12.500" from the database → "12.50"). Throws
 * when a non-zero decimal would be lost.
 */
export function normalizeAmount(amount: string, digits: number): string {
  return fromMinor(scaled(amount, digits), digits);
}

/** Any decimal string (sign allowed) as an integer scaled by 10^scale, exactly. */
function scaled(amount: string, scale: number): bigint {
  const text = amount.trim();
  const negative = text.startsWith('-');
  const value = toMinor(negative ? text.slice(1) : text, scale);
  return negative ? -value : value;
}

export function addAmounts(a: string, b: string, digits: number): string {
  return fromMinor(scaled(a, digits) + scaled(b, digits), digits);
}

export function subtractAmounts(a: string, b: string, digits: number): string {
  return fromMinor(scaled(a, digits) - scaled(b, digits), digits);
}

/** How many decimals a decimal string is written with ("12.500" → 3). */
function decimalsOf(amount: string): number {
  const text = amount.trim();
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** Compares two decimal strings exactly, whatever their decimals ("2.50" equals "2.5"). */
export function compareAmounts(a: string, b: string): -1 | 0 | 1 {
  const scale = Math.max(decimalsOf(a), decimalsOf(b));
  const x = scaled(a, scale);
  const y = scaled(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** numerator / denominator rounded half-up, for non-negative values. */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/**
 * a × b rounded half-up to `digits` decimals, exactly, for non-negative decimal strings of
 * any number of decimals: hours × rate ("1.15" × "0.50" → "0.58", where floats give 0.57).
 */
export function multiplyAmounts(a: string, b: string, digits: number): string {
  const places = decimalsOf(a) + decimalsOf(b);
  // The exact product, in units of 10^-places.
  const product = toMinor(a, decimalsOf(a)) * toMinor(b, decimalsOf(b));
  return fromMinor(
    places > digits
      ? divideHalfUp(product, 10n ** BigInt(places - digits))
      : product * 10n ** BigInt(digits - places),
    digits,
  );
}

/** The exact sum of decimal strings (sign allowed) with at most `digits` decimals each. */
export function sumAmounts(amounts: readonly string[], digits: number): string {
  let sum = 0n;
  for (const amount of amounts) sum += scaled(amount, digits);
  return fromMinor(sum, digits);
}

/** How many decimals a percent (discount, tax rate) has at most: "12.345" %. */
export const PERCENT_DIGITS = 3;

/** A percent with at most PERCENT_DIGITS decimals, between 0 and 100, scaled by 1,000. */
function percent(value: string, what: string): bigint {
  const scaledValue = toMinor(value, PERCENT_DIGITS);
  if (scaledValue > 100n * 10n ** BigInt(PERCENT_DIGITS)) {
    throw new Error(`${what} ${value} is more than 100 percent`);
  }
  return scaledValue;
}

/**
 * A percent (a tax rate, a percent discount) as written on an invoice and answered by the
 * API: "20.000" → "20", "7.50" → "7.5", "12.345" → "12.345". Throws beyond 3 decimals or 100.
 */
export function plainPercent(value: string): string {
  const text = fromMinor(percent(value, 'Percent'), PERCENT_DIGITS);
  return text.replace(/\.?0+$/, '');
}

/** What a document calls its discount: "Discount (12.345 %)" for a percent, else "Discount". */
export function discountLabel(discount: Discount): string {
  return discount?.type === 'percent' ? `Discount (${plainPercent(discount.value)} %)` : 'Discount';
}

/**
 * The totals of an invoice: each line is quantity × unit price rounded half-up to the
 * currency; the discount (a percent with up to 3 decimals of the subtotal, rounded half-up,
 * or an amount, at most the subtotal) is spread over the lines in proportion by largest remainder, so the shares add
 * up to it exactly; tax is rounded once per rate, on the discounted lines of that rate.
 */
export function computeTotals(
  lines: readonly LineInput[],
  discount: Discount,
  digits: 0 | 2 | 3,
): InvoiceTotals {
  // quantity (2 decimals) × price (`digits` decimals) is in units of 10^-(digits + 2).
  const amounts = lines.map((line) =>
    divideHalfUp(toMinor(line.quantity, 2) * toMinor(line.unitPrice, digits), 100n),
  );
  const subtotal = amounts.reduce((sum, a) => sum + a, 0n);

  let discountTotal = 0n;
  if (discount?.type === 'percent') {
    // p is the percent × 1,000 (3 decimals): subtotal × p / 100,000
    discountTotal = divideHalfUp(subtotal * percent(discount.value, 'Discount'), 100_000n);
  } else if (discount?.type === 'amount') {
    const value = toMinor(discount.value, digits);
    discountTotal = value < subtotal ? value : subtotal;
  }

  const shares = amounts.map(() => 0n);
  if (discountTotal > 0n && subtotal > 0n) {
    const remainders = amounts.map((amount, index) => {
      const exact = discountTotal * amount;
      shares[index] = exact / subtotal;
      return { index, remainder: exact % subtotal };
    });
    let left = discountTotal - shares.reduce((sum, s) => sum + s, 0n);
    remainders.sort((a, b) =>
      a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
    );
    for (const { index } of remainders) {
      if (left === 0n) break;
      shares[index]! += 1n;
      left -= 1n;
    }
  }

  const bases = new Map<string, bigint>();
  lines.forEach((line, index) => {
    const rate = plainPercent(line.taxRate);
    bases.set(rate, (bases.get(rate) ?? 0n) + amounts[index]! - shares[index]!);
  });
  const taxes = [...bases.entries()]
    .filter(([rate]) => toMinor(rate, 3) > 0n)
    .sort(([a], [b]) => (toMinor(a, 3) < toMinor(b, 3) ? -1 : 1))
    .map(([rate, base]) => ({
      rate,
      base,
      // base × rate (3 decimals) / 100 → units of 10^-5 of the minor unit.
      amount: divideHalfUp(base * toMinor(rate, 3), 100_000n),
    }));
  const taxTotal = taxes.reduce((sum, t) => sum + t.amount, 0n);

  return {
    lines: amounts.map((amount, index) => ({
      amount: fromMinor(amount, digits),
      discount: fromMinor(shares[index]!, digits),
    })),
    subtotal: fromMinor(subtotal, digits),
    discount: fromMinor(discountTotal, digits),
    taxes: taxes.map((t) => ({
      rate: t.rate,
      base: fromMinor(t.base, digits),
      amount: fromMinor(t.amount, digits),
    })),
    taxTotal: fromMinor(taxTotal, digits),
    total: fromMinor(subtotal - discountTotal + taxTotal, digits),
  };
}
