import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimal } from '../../tests/support/totals-model.ts';
import {
  amountDecimalsMessage,
  CurrencyAmountSchema,
  decimalSchema,
  fitsCurrency,
  MoneySchema,
  RateSchema,
} from './money.ts';

const message = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('MoneySchema (the numeric(10, 2) columns)', () => {
  it('answers an amount exactly with two decimals, or refuses it: never rounds', () => {
    fc.assert(
      fc.property(
        fc.bigInt(0n, 99_999_999_999n),
        fc.boolean(),
        fc.boolean(),
        (thousandths, trim, asNumber) => {
          const text = decimal(3)(thousandths, trim);
          const result = MoneySchema.safeParse(asNumber ? Number(text) : text);
          if (thousandths % 10n === 0n && thousandths <= 99_999_999_990n) {
            expect(result.data).toBe(decimal(2)(thousandths / 10n, false));
          } else {
            expect(result.success, text).toBe(false);
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('refuses a third decimal instead of rounding it away', () => {
    // Number('1.005').toFixed(2) is "1.00": the old schema stored 1.00 for 1.005.
    for (const value of ['1.005', 12.345, '0.125', '99999999.999', 0.001]) {
      expect(message(MoneySchema.safeParse(value)), String(value)).toBe(
        'Enter an amount with at most 2 decimals, like 1200.50',
      );
    }
    // Zeros beyond the second decimal lose nothing.
    expect(MoneySchema.parse('12.500')).toBe('12.50');
    expect(MoneySchema.parse(' 7 ')).toBe('7.00');
    expect(MoneySchema.parse('-0')).toBe('0.00');
  });

  it('keeps its messages for bad, negative and huge amounts', () => {
    const cases: [unknown, string][] = [
      ['lots', 'Enter an amount like 1200.50'],
      ['1e3', 'Enter an amount like 1200.50'],
      [1e21, 'Enter an amount like 1200.50'],
      [null, 'Enter an amount like 1200.50'],
      ['9'.repeat(31), 'Enter an amount like 1200.50'],
      [-5, 'Number must be greater than or equal to 0'],
      ['-0.001', 'Number must be greater than or equal to 0'],
      [1e12, 'Amount must be at most 99,999,999.99'],
      ['100000000.00', 'Amount must be at most 99,999,999.99'],
    ];
    for (const [value, wanted] of cases) {
      expect(message(MoneySchema.safeParse(value)), String(value)).toBe(wanted);
    }
    expect(MoneySchema.parse('99999999.99')).toBe('99999999.99');
    expect(RateSchema.parse('100000')).toBe('100000.00');
    expect(message(RateSchema.safeParse('100000.01'))).toBe('Hourly rate must be at most 100,000');
  });
});

describe('amounts in a currency', () => {
  it('takes up to three decimals exactly; the currency decides how many fit', () => {
    expect(CurrencyAmountSchema.parse('1.005')).toBe('1.005');
    expect(CurrencyAmountSchema.parse(12.345)).toBe('12.345');
    expect(CurrencyAmountSchema.parse('1500.000')).toBe('1500.000');
    expect(message(CurrencyAmountSchema.safeParse('1.0005'))).toBe(
      'Enter an amount with at most 3 decimals, like 1200.50',
    );
    expect(fitsCurrency('12.345', 'KWD')).toBe(true);
    expect(fitsCurrency('12.345', 'USD')).toBe(false);
    expect(fitsCurrency('12.340', 'USD')).toBe(true);
    expect(fitsCurrency('1500.000', 'JPY')).toBe(true);
    expect(fitsCurrency('1500.5', 'JPY')).toBe(false);
    expect(amountDecimalsMessage('JPY')).toBe('JPY amounts have no decimals');
    expect(amountDecimalsMessage('KWD')).toBe('KWD amounts have at most 3 decimals');

    // decimalSchema, which the document amounts use, compares its bound exactly too.
    const percent = decimalSchema('Tax rate', { max: 100, decimals: 3 });
    expect(percent.parse('100.000')).toBe('100.000');
    expect(message(percent.safeParse('100.001'))).toBe('Tax rate must be at most 100');
    expect(message(percent.safeParse('abc'))).toBe(
      'Tax rate must be a number like 12.500, with at most 3 decimals',
    );
  });
});
