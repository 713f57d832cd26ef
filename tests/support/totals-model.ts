import fc from 'fast-check';
import type { Discount, InvoiceTotals, LineInput } from '../../src/shared/invoice-math.ts';

/**
 * What exact invoice totals are, computed independently of src/shared/invoice-math.ts, and
 * the inputs to try them on: the unit property test checks computeTotals with it, the API
 * tests check what invoices, estimates and recurring invoices answer.
 */

// The independent model: every input becomes an exact fraction n / d (d a power of ten,
// built from the decimal string by removing the point), and every rounding is done on
// fractions with floor + remainder comparison rather than the implementation's
// (2n + d) / 2d. Output strings are formatted with division and modulo, not padding.

interface Fraction {
  n: bigint;
  d: bigint;
}

export function parseFraction(text: string): Fraction {
  const [whole, fraction = ''] = text.split('.');
  return { n: BigInt(`${whole}${fraction}`), d: 10n ** BigInt(fraction.length) };
}

const mul = (a: Fraction, b: Fraction): Fraction => ({ n: a.n * b.n, d: a.d * b.d });

/** A non-negative fraction rounded half-up to an integer. */
function roundHalfUp({ n, d }: Fraction): bigint {
  const floor = n / d;
  const remainder = n - floor * d;
  return remainder * 2n >= d ? floor + 1n : floor;
}

export function format(minor: bigint, digits: number): string {
  if (digits === 0) return minor.toString();
  const unit = 10n ** BigInt(digits);
  const fraction = (minor % unit).toString();
  return `${minor / unit}.${'0'.repeat(digits - fraction.length)}${fraction}`;
}

/** "8.8750" → "8.875", "20.000" → "20", "0" → "0", written from the fraction. */
function plainPercent(rate: Fraction): string {
  let { n, d } = rate;
  while (d > 1n && n % 10n === 0n) {
    n /= 10n;
    d /= 10n;
  }
  const places = d.toString().length - 1;
  return places === 0 ? n.toString() : format(n, places);
}

interface Model {
  amounts: bigint[];
  subtotal: bigint;
  discount: bigint;
  taxes: { rate: string; rateValue: Fraction; base: bigint; amount: bigint }[];
}

function model(lines: readonly LineInput[], discount: Discount, digits: number): Model {
  const unit: Fraction = { n: 10n ** BigInt(digits), d: 1n };
  const amounts = lines.map((l) =>
    roundHalfUp(mul(mul(parseFraction(l.quantity), parseFraction(l.unitPrice)), unit)),
  );
  let subtotal = 0n;
  for (const a of amounts) subtotal += a;
  let discountMinor = 0n;
  if (discount?.type === 'percent') {
    discountMinor = roundHalfUp(mul({ n: subtotal, d: 100n }, parseFraction(discount.value)));
  } else if (discount?.type === 'amount') {
    const wanted = roundHalfUp(mul(parseFraction(discount.value), unit));
    discountMinor = wanted > subtotal ? subtotal : wanted;
  }
  return { amounts, subtotal, discount: discountMinor, taxes: [] };
}

function modelTaxes(
  lines: readonly LineInput[],
  amounts: bigint[],
  shares: bigint[],
): Model['taxes'] {
  const groups: Model['taxes'] = [];
  lines.forEach((l, i) => {
    const rateValue = parseFraction(l.taxRate);
    if (rateValue.n === 0n) return;
    // Same rate = same value, compared by cross-multiplication.
    let group = groups.find((g) => g.rateValue.n * rateValue.d === rateValue.n * g.rateValue.d);
    if (!group) {
      group = { rate: plainPercent(rateValue), rateValue, base: 0n, amount: 0n };
      groups.push(group);
    }
    group.base += amounts[i]! - shares[i]!;
  });
  for (const g of groups) {
    g.amount = roundHalfUp(mul({ n: g.base, d: 100n }, g.rateValue));
  }
  return groups.sort((a, b) =>
    a.rateValue.n * b.rateValue.d < b.rateValue.n * a.rateValue.d ? -1 : 1,
  );
}

/** A scaled integer written with `places` decimals, sometimes without its trailing zeros. */
export function decimal(places: number) {
  return (value: bigint, trim: boolean): string => {
    const text = format(value, places);
    return trim && places > 0 ? text.replace(/\.?0+$/, '') || '0' : text;
  };
}

/**
 * Throws, saying what differs, unless `totals` are the exact totals of these lines and
 * discount in a currency of `digits` decimals: line amounts, subtotal and discount as the
 * model computes them, discount shares spread by largest remainder, tax per rate on the
 * discounted lines, and total = subtotal − discount + taxes. Plain checks rather than
 * expect(): they run hundreds of thousands of times.
 */
export function checkTotals(
  totals: InvoiceTotals,
  lines: readonly LineInput[],
  discount: Discount,
  digits: number,
) {
  const check = (ok: boolean, what: string) => {
    if (!ok) throw new Error(what);
  };
  const same = (actual: unknown, wanted: unknown, what: string) =>
    check(actual === wanted, `${what}: ${String(actual)} instead of ${String(wanted)}`);
  const expected = model(lines, discount, digits);
  const shape = digits === 0 ? /^\d+$/ : new RegExp(`^\\d+\\.\\d{${digits}}$`);

  // Line amounts, subtotal and discount.
  same(totals.lines.length, lines.length, 'line count');
  totals.lines.forEach((l, i) => {
    same(l.amount, format(expected.amounts[i]!, digits), `line ${i} amount`);
    check(shape.test(l.discount), `line ${i} discount ${l.discount}`);
  });
  same(totals.subtotal, format(expected.subtotal, digits), 'subtotal');
  same(totals.discount, format(expected.discount, digits), 'discount');

  // Discount shares: they add up to the discount, none exceeds its line, each is
  // within one minor unit of its exact proportional value, and the rounded-up ones
  // have the largest remainders (ties to the earlier line).
  const shares = totals.lines.map((l) => parseFraction(l.discount).n);
  let sum = 0n;
  for (const s of shares) sum += s;
  same(sum, expected.discount, 'sum of shares');
  const S = expected.subtotal;
  const D = expected.discount;
  const remainders: bigint[] = [];
  const roundedUp: boolean[] = [];
  shares.forEach((share, i) => {
    const amount = expected.amounts[i]!;
    check(share >= 0n && share <= amount, `share ${i} outside 0..amount`);
    if (S === 0n) {
      same(share, 0n, `share ${i} of a zero subtotal`);
      return;
    }
    const exact = D * amount; // share's exact value is exact / S
    const error = share * S - exact;
    check(error > -S && error < S, `share ${i} off by a unit or more`);
    const floor = exact / S;
    check(share === floor || share === floor + 1n, `share ${i} neither floor nor ceiling`);
    remainders.push(exact - floor * S);
    roundedUp.push(share === floor + 1n);
  });
  for (let i = 0; i < remainders.length; i++) {
    for (let j = 0; j < remainders.length; j++) {
      if (!roundedUp[i] || roundedUp[j]) continue;
      // i got a leftover unit and j did not: i's remainder beats j's.
      const ri = remainders[i]!;
      const rj = remainders[j]!;
      check(ri > rj || (ri === rj && i < j), `line ${i} rounded up before line ${j}`);
    }
  }

  // Taxes per rate.
  const taxes = modelTaxes(lines, expected.amounts, shares);
  same(
    JSON.stringify(totals.taxes),
    JSON.stringify(
      taxes.map((t) => ({
        rate: t.rate,
        base: format(t.base, digits),
        amount: format(t.amount, digits),
      })),
    ),
    'taxes',
  );
  let taxTotal = 0n;
  for (const t of taxes) taxTotal += t.amount;
  same(totals.taxTotal, format(taxTotal, digits), 'tax total');

  // total = subtotal − discount + Σ tax, recomputed from the output strings.
  const fromOutput = (s: string) => parseFraction(s).n;
  let taxSum = 0n;
  for (const t of totals.taxes) taxSum += fromOutput(t.amount);
  same(
    fromOutput(totals.total),
    fromOutput(totals.subtotal) - fromOutput(totals.discount) + taxSum,
    'total identity',
  );
  check(shape.test(totals.total), `total ${totals.total}`);
  same(totals.total, format(expected.subtotal - D + taxTotal, digits), 'total');
}

/**
 * Every percent discount the schema takes: 0 to 100 with up to 3 decimals (12.345, 0.001,
 * 33.333 among them), written with or without trailing zeros.
 */
export const percentDiscount = fc
  .record({
    thousandths: fc.oneof(
      fc.bigInt(0n, 100_000n),
      fc.constantFrom(0n, 1n, 12_345n, 33_333n, 50_000n, 99_999n, 100_000n),
    ),
    trim: fc.boolean(),
  })
  .map(({ thousandths, trim }): Discount => ({
    type: 'percent',
    value: decimal(3)(thousandths, trim),
  }));

export const wideLine = (digits: number) =>
  fc
    .record({
      quantity: fc.bigInt(1n, 10_000_000n),
      unitPrice: fc.bigInt(0n, 10_000_000n * 10n ** BigInt(digits)),
      taxRate: fc.oneof(
        fc.constantFrom('0', '5', '7.5', '8.875', '10', '20', '21', '25', '20.000', '7.50'),
        fc.bigInt(0n, 100_000n).map((r) => decimal(3)(r, true)),
      ),
      trim: fc.boolean(),
    })
    .map(({ quantity, unitPrice, taxRate, trim }): LineInput => ({
      quantity: decimal(2)(quantity, trim),
      unitPrice: decimal(digits)(unitPrice, trim),
      taxRate,
    }));

/** Small values, so that zero subtotals and equal remainders (ties) are frequent. */
export const smallLine = (digits: number) =>
  fc
    .record({
      quantity: fc.bigInt(1n, 300n),
      unitPrice: fc.bigInt(0n, 7n),
      taxRate: fc.constantFrom('0', '5', '20', '8.875'),
    })
    .map(({ quantity, unitPrice, taxRate }): LineInput => ({
      quantity: decimal(2)(quantity, false),
      unitPrice: decimal(digits)(unitPrice, false),
      taxRate,
    }));

export const invoiceInput = fc.constantFrom<0 | 2 | 3>(0, 2, 3).chain((digits) =>
  fc.record({
    digits: fc.constant(digits),
    lines: fc.oneof(
      fc.array(wideLine(digits), { minLength: 1, maxLength: 20 }),
      fc.array(smallLine(digits), { minLength: 1, maxLength: 20 }),
      fc.array(fc.oneof(wideLine(digits), smallLine(digits)), { minLength: 1, maxLength: 20 }),
    ),
    discount: fc.oneof(
      fc.constant<Discount>(null),
      percentDiscount,
      fc
        .oneof(fc.bigInt(0n, 1_000n), fc.bigInt(0n, 10n ** 17n))
        .map((a): Discount => ({ type: 'amount', value: decimal(digits)(a, true) })),
    ),
  }),
);
