import { describe, expect, it } from 'vitest';
import { validateIncomeSearch } from '../income/income-search.ts';
import { validatePaymentsSearch } from '../payments/payments-search.ts';
import { periodRange, validateOverviewSearch } from './overview-period.ts';

describe('the financial overview period', () => {
  it('covers whole calendar months, quarters and years around today', () => {
    const today = '2026-02-14';
    expect(periodRange('this-month', today)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodRange('last-month', today)).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(periodRange('this-quarter', today)).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(periodRange('this-year', today)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(periodRange('last-12-months', today)).toEqual({
      from: '2025-03-01',
      to: '2026-02-28',
    });
    expect(periodRange('all', today)).toEqual({});
    expect(periodRange('last-month', '2026-01-31')).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(periodRange('custom', today, { from: '2026-02-02' })).toEqual({
      from: '2026-02-02',
      to: undefined,
    });
  });

  it('keeps only what parses from a hand-edited URL', () => {
    expect(
      validateOverviewSearch({ period: 'forever', from: '2026-13', to: '2026-03-01' }),
    ).toEqual({ to: '2026-03-01' });
    expect(validatePaymentsSearch({ client: '0x1', method: 'barter', page: '2', q: ' ' })).toEqual({
      page: 2,
    });
    expect(validatePaymentsSearch({ client: '12', method: 'cash', from: '2026-01-01' })).toEqual({
      client: 12,
      method: 'cash',
      from: '2026-01-01',
    });
    expect(validateIncomeSearch({ period: 'all', groupBy: 'client' })).toEqual({
      groupBy: 'client',
    });
  });
});
