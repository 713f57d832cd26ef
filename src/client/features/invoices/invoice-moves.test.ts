import { describe, expect, it } from 'vitest';
import { invoiceMoves } from './invoice-moves.ts';

const issued = {
  status: 'sent' as const,
  total: '1200.00',
  paidTotal: '0.00',
  creditedAmount: '0.00',
  emailedAt: null,
  viewedAt: null,
};

describe('invoiceMoves', () => {
  it('offers a credit note and voiding on an issued invoice nobody received', () => {
    expect(invoiceMoves(issued)).toMatchObject({
      open: true,
      credited: false,
      creditable: true,
      voidable: true,
    });
  });

  it('stops offering a credit note once credited in full, whatever the decimals written', () => {
    expect(invoiceMoves({ ...issued, creditedAmount: '1200' }).creditable).toBe(false);
    expect(invoiceMoves({ ...issued, creditedAmount: '1199.99' }).creditable).toBe(true);
  });

  it('compares amounts beyond what a float keeps apart', () => {
    // As floats both are 10000000000000000: a credit note would not be offered.
    const big = { ...issued, total: '10000000000000001', creditedAmount: '10000000000000000' };
    expect(invoiceMoves(big).creditable).toBe(true);
    // Three decimals (KWD): one fils less than the total remains creditable.
    expect(invoiceMoves({ ...issued, total: '0.300', creditedAmount: '0.299' }).creditable).toBe(
      true,
    );
  });

  it('voids no invoice with a payment or a credit note, nor one the client received', () => {
    expect(invoiceMoves({ ...issued, paidTotal: '0.01' }).voidable).toBe(false);
    expect(invoiceMoves({ ...issued, creditedAmount: '0.01' })).toMatchObject({
      credited: true,
      voidable: false,
    });
    expect(invoiceMoves({ ...issued, emailedAt: '2026-11-01T10:00:00Z' }).voidable).toBe(false);
    expect(invoiceMoves({ ...issued, status: 'paid', paidTotal: '1200.00' }).voidable).toBe(false);
  });

  it('offers neither on a draft or a void invoice', () => {
    expect(invoiceMoves({ ...issued, status: 'draft' })).toMatchObject({
      draft: true,
      creditable: false,
      voidable: false,
    });
    expect(invoiceMoves({ ...issued, status: 'void' })).toMatchObject({
      creditable: false,
      voidable: false,
    });
  });
});
