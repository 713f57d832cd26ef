import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  CURRENCIES,
  CURRENCY_CODES,
  CurrencySchema,
  currencyOptions,
  minorDigits,
} from './currencies.ts';
import {
  addAmounts,
  compareAmounts,
  computeTotals,
  fromMinor,
  normalizeAmount,
  subtractAmounts,
  toMinor,
  type Discount,
  type LineInput,
} from './invoice-math.ts';

const line = (quantity: string, unitPrice: string, taxRate: string): LineInput => ({
  quantity,
  unitPrice,
  taxRate,
});

describe('currencies', () => {
  it('holds the active ISO 4217 codes with their ISO minor units', () => {
    expect(CURRENCY_CODES.length).toBeGreaterThanOrEqual(150);
    expect(CURRENCY_CODES.length).toBeLessThanOrEqual(180);
    expect([...CURRENCY_CODES]).toEqual([...CURRENCY_CODES].sort());
    for (const code of 'JPY KRW VND CLP ISK PYG UGX XAF XOF XPF KMF GNF RWF DJF BIF VUV'.split(
      ' ',
    )) {
      expect(minorDigits(code), code).toBe(0);
    }
    for (const code of 'BHD IQD JOD KWD LYD OMR TND'.split(' ')) {
      expect(minorDigits(code), code).toBe(3);
    }
    for (const code of 'USD EUR GBP CAD CHF AUD SEK NOK DKK PLN CZK HUF IDR COP'.split(' ')) {
      expect(minorDigits(code), code).toBe(2);
    }
    const excluded =
      'XAU XDR BOV CLF COU MXV USN UYI UYW CHE CHW XSU XUA XBA XBB XBC XBD XPT XPD XAG XTS XXX';
    for (const code of excluded.split(' ')) {
      expect(Object.hasOwn(CURRENCIES, code), code).toBe(false);
    }
    expect(CURRENCIES.USD?.name).toBe('US Dollar');
    expect(CURRENCIES.GBP?.name).toBe('Pound Sterling');
  });

  it('throws for an unknown code, including inherited object keys', () => {
    expect(() => minorDigits('ABC')).toThrow();
    expect(() => minorDigits('toString')).toThrow();
    expect(() => minorDigits('usd')).toThrow();
  });

  it('parses a code in any case and refuses unknown ones', () => {
    expect(CurrencySchema.parse(' eur ')).toBe('EUR');
    expectTypeOf<z.output<typeof CurrencySchema>>().toEqualTypeOf<string>();
    const result = CurrencySchema.safeParse('XAU');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'Choose a currency by its ISO 4217 code, like EUR',
    );
    expect(CurrencySchema.safeParse('__proto__').success).toBe(false);
  });

  it('lists the options for a select', () => {
    const options = currencyOptions();
    expect(options).toHaveLength(CURRENCY_CODES.length);
    expect(options).toContainEqual({ value: 'EUR', label: 'EUR — Euro' });
    expect(options.map((o) => o.value)).toEqual(CURRENCY_CODES);
  });
});

describe('amount helpers', () => {
  it('converts to and from minor units', () => {
    expect(toMinor('12.5', 2)).toBe(1250n);
    expect(toMinor('12', 2)).toBe(1200n);
    expect(toMinor('0.005', 3)).toBe(5n);
    expect(toMinor('7', 0)).toBe(7n);
    expect(toMinor('12.500', 2)).toBe(1250n);
    expect(toMinor('99999999999999999999.99', 2)).toBe(9999999999999999999999n);
    expect(fromMinor(1250n, 2)).toBe('12.50');
    expect(fromMinor(5n, 0)).toBe('5');
    expect(fromMinor(5n, 3)).toBe('0.005');
    expect(fromMinor(0n, 2)).toBe('0.00');
    expect(fromMinor(-5n, 2)).toBe('-0.05');
  });

  it('throws on extra decimals and bad formats', () => {
    expect(() => toMinor('12.345', 2)).toThrow();
    expect(() => toMinor('1.5', 0)).toThrow();
    for (const bad of ['', '.', '1.', '.5', '1,5', '-1', '+1', '1e3', 'abc', '1.2.3', 'NaN']) {
      expect(() => toMinor(bad, 2), bad).toThrow();
    }
  });

  it('normalizes database values to the currency', () => {
    expect(normalizeAmount('12.5', 2)).toBe('12.50');
    expect(normalizeAmount('12.500', 2)).toBe('12.50');
    expect(normalizeAmount('12.000', 0)).toBe('12');
    expect(normalizeAmount('0.125', 3)).toBe('0.125');
    expect(() => normalizeAmount('12.505', 2)).toThrow();
  });

  it('adds, subtracts and compares exactly', () => {
    expect(addAmounts('0.1', '0.2', 2)).toBe('0.30');
    expect(subtractAmounts('10', '10.01', 2)).toBe('-0.01');
    expect(subtractAmounts('5.000', '5', 3)).toBe('0.000');
    expect(compareAmounts('2.50', '2.5')).toBe(0);
    expect(compareAmounts('0.1', '0.09')).toBe(1);
    expect(compareAmounts('99999999.99', '100000000')).toBe(-1);
    expect(compareAmounts('0.0000000001', '0')).toBe(1);
    expect(compareAmounts('-1', '0.5')).toBe(-1);
    expect(compareAmounts('12345678901234567890.12', '12345678901234567890.120000001')).toBe(-1);
  });
});

describe('computeTotals examples', () => {
  it('applies a percent discount before tax', () => {
    const totals = computeTotals(
      [line('1.5', '33.33', '20'), line('2', '10.00', '0')],
      { type: 'percent', value: '10' },
      2,
    );
    // 1.5 × 33.33 = 49.995 → 50.00
    expect(totals).toEqual({
      lines: [
        { amount: '50.00', discount: '5.00' },
        { amount: '20.00', discount: '2.00' },
      ],
      subtotal: '70.00',
      discount: '7.00',
      taxes: [{ rate: '20', base: '45.00', amount: '9.00' }],
      taxTotal: '9.00',
      total: '72.00',
    });
  });

  it('hands leftover units to the largest remainders, ties to the earlier line', () => {
    const totals = computeTotals(
      [line('1', '1', '0'), line('1', '1', '0'), line('1', '1', '0')],
      { type: 'amount', value: '1' },
      2,
    );
    expect(totals.lines.map((l) => l.discount)).toEqual(['0.34', '0.33', '0.33']);
    expect(totals.total).toBe('2.00');
  });

  it('computes in yen with no decimals and orders rates numerically', () => {
    const totals = computeTotals(
      [line('3', '333', '10'), line('0.5', '101', '8')],
      { type: 'percent', value: '7.5' },
      0,
    );
    // 0.5 × 101 = 50.5 → 51; discount 1050 × 7.5 % = 78.75 → 79;
    // shares 79 × 999 / 1050 = 75.16, 79 × 51 / 1050 = 3.84 → 75 and 4.
    expect(totals).toEqual({
      lines: [
        { amount: '999', discount: '75' },
        { amount: '51', discount: '4' },
      ],
      subtotal: '1050',
      discount: '79',
      taxes: [
        { rate: '8', base: '47', amount: '4' },
        { rate: '10', base: '924', amount: '92' },
      ],
      taxTotal: '96',
      total: '1067',
    });
  });

  it('computes in Kuwaiti dinar with three decimals', () => {
    const totals = computeTotals(
      [line('2.25', '1.234', '5'), line('1', '0.001', '5.000')],
      { type: 'amount', value: '0.5' },
      3,
    );
    // 2.25 × 1.234 = 2.7765 → 2.777 (half-up at exactly .5)
    expect(totals).toEqual({
      lines: [
        { amount: '2.777', discount: '0.500' },
        { amount: '0.001', discount: '0.000' },
      ],
      subtotal: '2.778',
      discount: '0.500',
      taxes: [{ rate: '5', base: '2.278', amount: '0.114' }],
      taxTotal: '0.114',
      total: '2.392',
    });
  });

  it('takes everything off with a 100 % discount', () => {
    const totals = computeTotals(
      [line('1', '10.00', '20'), line('3', '3.33', '20')],
      { type: 'percent', value: '100' },
      2,
    );
    expect(totals.lines).toEqual([
      { amount: '10.00', discount: '10.00' },
      { amount: '9.99', discount: '9.99' },
    ]);
    expect(totals.discount).toBe('19.99');
    expect(totals.taxes).toEqual([{ rate: '20', base: '0.00', amount: '0.00' }]);
    expect(totals.total).toBe('0.00');
  });

  it('clamps an amount discount to the subtotal', () => {
    const totals = computeTotals([line('1', '5', '0')], { type: 'amount', value: '12' }, 2);
    expect(totals).toEqual({
      lines: [{ amount: '5.00', discount: '5.00' }],
      subtotal: '5.00',
      discount: '5.00',
      taxes: [],
      taxTotal: '0.00',
      total: '0.00',
    });
  });

  it('rounds half-up at exactly .5', () => {
    expect(computeTotals([line('0.5', '0.01', '0')], null, 2).subtotal).toBe('0.01');
    expect(computeTotals([line('0.5', '0.03', '0')], null, 2).subtotal).toBe('0.02');
    expect(computeTotals([line('1', '0.10', '5')], null, 2).taxTotal).toBe('0.01');
    expect(computeTotals([line('1', '0.30', '5')], null, 2).taxTotal).toBe('0.02');
    expect(computeTotals([line('1', '1', '50')], null, 0).taxTotal).toBe('1');
    expect(computeTotals([line('1', '0.29', '5')], null, 2).taxTotal).toBe('0.01');
    expect(
      computeTotals([line('1', '10', '0')], { type: 'percent', value: '0.05' }, 0).discount,
    ).toBe('0');
    expect(computeTotals([line('1', '10', '0')], { type: 'percent', value: '5' }, 0).discount).toBe(
      '1',
    );
  });

  it('rounds tax once per rate, not per line', () => {
    const totals = computeTotals([line('1', '0.10', '5'), line('1', '0.10', '5')], null, 2);
    // per line 0.005 + 0.005 would give 0.02; on the group base 0.20 it is 0.01
    expect(totals.taxes).toEqual([{ rate: '5', base: '0.20', amount: '0.01' }]);
  });

  it('handles no lines and a zero subtotal', () => {
    expect(computeTotals([], { type: 'percent', value: '50' }, 2)).toEqual({
      lines: [],
      subtotal: '0.00',
      discount: '0.00',
      taxes: [],
      taxTotal: '0.00',
      total: '0.00',
    });
    const zero = computeTotals([line('3', '0', '20')], { type: 'amount', value: '5' }, 2);
    expect(zero.lines).toEqual([{ amount: '0.00', discount: '0.00' }]);
    expect(zero.taxes).toEqual([{ rate: '20', base: '0.00', amount: '0.00' }]);
    expect(zero.total).toBe('0.00');
  });

  it('throws on inputs outside the contract', () => {
    expect(() => computeTotals([line('1.234', '1', '0')], null, 2)).toThrow();
    expect(() => computeTotals([line('1', '1.005', '0')], null, 2)).toThrow();
    expect(() => computeTotals([line('1', '1.5', '0')], null, 0)).toThrow();
    expect(() => computeTotals([line('1', '1', '8.8755')], null, 2)).toThrow();
    expect(() => computeTotals([line('1', '1', '100.001')], null, 2)).toThrow();
    expect(() =>
      computeTotals([line('1', '1', '0')], { type: 'percent', value: '10.125' }, 2),
    ).toThrow();
    expect(() =>
      computeTotals([line('1', '1', '0')], { type: 'percent', value: '100.01' }, 2),
    ).toThrow();
    expect(() =>
      computeTotals([line('1', '1', '0')], { type: 'amount', value: '0.005' }, 2),
    ).toThrow();
    expect(() => computeTotals([line('-1', '1', '0')], null, 2)).toThrow();
  });
});

// ---------------------------------------------------------------------------------------
// The independent model: every input becomes an exact fraction n / d (d a power of ten,
// built from the decimal string by removing the point), and every rounding is done on
// fractions with floor + remainder comparison rather than the implementation's
// (2n + d) / 2d. Output strings are formatted with division and modulo, not padding.

interface Fraction {
  n: bigint;
  d: bigint;
}

function parseFraction(text: string): Fraction {
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

function format(minor: bigint, digits: number): string {
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
function decimal(places: number) {
  return (value: bigint, trim: boolean): string => {
    const text = format(value, places);
    return trim && places > 0 ? text.replace(/\.?0+$/, '') || '0' : text;
  };
}

const wideLine = (digits: number) =>
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
const smallLine = (digits: number) =>
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

const invoice = fc.constantFrom<0 | 2 | 3>(0, 2, 3).chain((digits) =>
  fc.record({
    digits: fc.constant(digits),
    lines: fc.oneof(
      fc.array(wideLine(digits), { minLength: 1, maxLength: 20 }),
      fc.array(smallLine(digits), { minLength: 1, maxLength: 20 }),
      fc.array(fc.oneof(wideLine(digits), smallLine(digits)), { minLength: 1, maxLength: 20 }),
    ),
    discount: fc.oneof(
      fc.constant<Discount>(null),
      fc
        .oneof(fc.bigInt(0n, 10_000n), fc.constantFrom(0n, 5_000n, 10_000n))
        .map((p): Discount => ({ type: 'percent', value: decimal(2)(p, true) })),
      fc
        .oneof(fc.bigInt(0n, 1_000n), fc.bigInt(0n, 10n ** 17n))
        .map((a): Discount => ({ type: 'amount', value: decimal(digits)(a, true) })),
    ),
  }),
);

describe('computeTotals property', () => {
  it('matches an independent exact computation', () => {
    fc.assert(
      fc.property(invoice, ({ digits, lines, discount }) => {
        // Plain checks rather than expect(): they run hundreds of thousands of times.
        const check = (ok: boolean, what: string) => {
          if (!ok) throw new Error(what);
        };
        const same = (actual: unknown, wanted: unknown, what: string) =>
          check(actual === wanted, `${what}: ${String(actual)} instead of ${String(wanted)}`);
        const totals = computeTotals(lines, discount, digits);
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
      }),
      { numRuns: 10_000 },
    );
  }, 60_000);
});
