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
  multiplyAmounts,
  normalizeAmount,
  plainPercent,
  subtractAmounts,
  sumAmounts,
  toMinor,
  type LineInput,
} from './invoice-math.ts';
import { checkTotals, invoiceInput } from '../../tests/support/totals-model.ts';

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
  it('multiplies and sums exactly, rounding half-up once', () => {
    // 1.15 × 0.50 = 0.575: a float product is 0.57499999999999996, which rounds to 0.57.
    expect(multiplyAmounts('1.15', '0.50', 2)).toBe('0.58');
    expect(multiplyAmounts('8784.00', '100000.00', 2)).toBe('878400000.00');
    expect(multiplyAmounts('0.5', '0.01', 2)).toBe('0.01');
    expect(multiplyAmounts('0.49', '0.01', 2)).toBe('0.00');
    expect(multiplyAmounts('3', '7', 0)).toBe('21');
    expect(multiplyAmounts('1.005', '1', 3)).toBe('1.005');
    expect(multiplyAmounts('2', '1.5', 3)).toBe('3.000');
    expect(() => multiplyAmounts('-1', '2', 2)).toThrow();
    expect(sumAmounts([], 2)).toBe('0.00');
    expect(sumAmounts(['0.1', '0.2'], 2)).toBe('0.30');
    expect(sumAmounts(['99999999.99', '99999999.99', '-0.01'], 2)).toBe('199999999.97');
    expect(() => sumAmounts(['0.005'], 2)).toThrow();
  });

  it('writes percents plainly, with up to three decimals', () => {
    expect(plainPercent('20.000')).toBe('20');
    expect(plainPercent('7.50')).toBe('7.5');
    expect(plainPercent('12.345')).toBe('12.345');
    expect(plainPercent('0.001')).toBe('0.001');
    expect(plainPercent('0')).toBe('0');
    expect(() => plainPercent('0.0005')).toThrow();
    expect(() => plainPercent('100.001')).toThrow();
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

  it('takes a percent with three decimals exactly, half-up, in every minor unit', () => {
    // 100.00 × 12.345 % = 12.345 → 12.35, shared 60 : 40 as 7.41 and 4.94.
    const usd = computeTotals(
      [line('1', '60.00', '0'), line('1', '40.00', '0')],
      { type: 'percent', value: '12.345' },
      2,
    );
    expect(usd.discount).toBe('12.35');
    expect(usd.lines.map((l) => l.discount)).toEqual(['7.41', '4.94']);
    expect(usd.total).toBe('87.65');
    // 1,000 yen × 33.333 % = 333.33 → 333, with 10 % tax on the 667 left.
    expect(
      computeTotals([line('1', '1000', '10')], { type: 'percent', value: '33.333' }, 0),
    ).toMatchObject({ discount: '333', taxTotal: '67', total: '734' });
    const discounts: [string, string, 0 | 2 | 3, string][] = [
      ['1000', '0.001', 0, '0'], // 0.01 yen
      ['0.5', '0.001', 3, '0.000'], // 0.000005 KWD
      ['1000', '0.001', 3, '0.010'],
      ['1', '12.345', 3, '0.123'], // 0.12345 KWD
      ['2', '0.025', 3, '0.001'], // 0.0005 KWD, half-up
      ['0.07', '33.333', 2, '0.02'], // 0.0233331 USD
    ];
    for (const [price, percent, digits, wanted] of discounts) {
      const totals = computeTotals(
        [line('1', price, '0')],
        { type: 'percent', value: percent },
        digits,
      );
      expect(totals.discount, `${percent} % of ${price}`).toBe(wanted);
    }
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
      computeTotals([line('1', '1', '0')], { type: 'percent', value: '10.1255' }, 2),
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

describe('computeTotals property', () => {
  it('matches an independent exact computation', () => {
    fc.assert(
      fc.property(invoiceInput, ({ digits, lines, discount }) => {
        checkTotals(computeTotals(lines, discount, digits), lines, discount, digits);
      }),
      { numRuns: 10_000 },
    );
  }, 60_000);
});
