import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CsvMapping, StatementTransaction } from '../../../../shared/banking.schema.ts';
import {
  allTransactions,
  dedupeKey,
  fingerprint,
  keyTransactions,
  parseStatementFile,
  type ParseStatementOptions,
} from './index.ts';
import { fixture } from './test-support.ts';

const GERMAN: CsvMapping = {
  dateColumn: 'Buchungstag',
  dateFormat: 'dd.MM.yyyy',
  debitColumn: 'Soll',
  creditColumn: 'Haben',
  descriptionColumn: 'Verwendungszweck',
  counterpartyColumn: 'Auftraggeber/Empfänger',
  referenceColumn: 'Kundenreferenz',
  currencyColumn: 'Währung',
  decimalSeparator: ',',
  hasHeader: true,
  skipRows: 4,
};

const ACCOUNT = 7;

function keyed(name: string, options: ParseStatementOptions = {}) {
  return keyTransactions(ACCOUNT, allTransactions(parseStatementFile(fixture(name), options)));
}
const keysOf = (list: { dedupeKey: string }[]) => list.map((t) => t.dedupeKey);

function tx(overrides: Partial<StatementTransaction> = {}): StatementTransaction {
  return {
    bookingDate: '2026-01-12',
    valueDate: null,
    amount: '-3.50',
    currency: 'EUR',
    counterpartyName: 'Café Kranzler',
    counterpartyIban: null,
    remittance: 'Kartenzahlung',
    reference: null,
    bankTransactionId: null,
    bankCode: null,
    line: 1,
    ...overrides,
  };
}

describe('duplicate keys', () => {
  it('gives the same file the same keys each time it is read, in every format', () => {
    for (const [name, options] of [
      ['camt053-2026-01.xml', {}],
      ['mt940-2025-12.sta', {}],
      ['ofx1-2026-01.ofx', {}],
      ['ofx2-2026-02.qfx', {}],
      ['csv-de-2026-01a.csv', { csvMapping: GERMAN }],
    ] as const) {
      const first = keysOf(keyed(name, options));
      expect(keysOf(keyed(name, options)), name).toEqual(first);
      // Within one file every key is another transaction's.
      expect(new Set(first).size, name).toBe(first.length);
    }
  });

  it('shares exactly the overlapping days’ keys between two overlapping CSV statements', () => {
    const january = keyed('csv-de-2026-01a.csv', { csvMapping: GERMAN });
    const later = keyed('csv-de-2026-01b.csv', { csvMapping: GERMAN });
    const known = new Set(keysOf(january));
    const shared = later.filter((t) => known.has(t.dedupeKey));
    const added = later.filter((t) => !known.has(t.dedupeKey));
    // 10 to 14 January are in both files: a client's payment, two coffees, the rent.
    expect(shared.map((t) => [t.bookingDate, t.amount, t.occurrence])).toEqual([
      ['2026-01-10', '500.00', 1],
      ['2026-01-12', '-3.50', 1],
      ['2026-01-12', '-3.50', 2],
      ['2026-01-14', '-950.00', 1],
    ]);
    // A third coffee on another day is a new transaction, like the days after the first file.
    expect(added.map((t) => [t.bookingDate, t.amount])).toEqual([
      ['2026-01-16', '-1500.00'],
      ['2026-01-19', '-3.50'],
      ['2026-01-20', '250.75'],
    ]);
    expect(shared.every((t) => t.dedupeKey.startsWith('fp:'))).toBe(true);
  });

  it('shares exactly the overlapping FITIDs between two overlapping OFX statements', () => {
    const january = keyed('ofx1-2026-01.ofx');
    const february = keyed('ofx2-2026-02.qfx');
    const known = new Set(keysOf(january));
    expect(keysOf(february).filter((k) => known.has(k))).toEqual([
      'bank:202601200004',
      'bank:202601200005',
    ]);
  });

  it('counts two identical coffees on one day as two transactions', () => {
    const [first, second] = keyTransactions(ACCOUNT, [tx(), tx({ line: 2 })]);
    expect([first!.occurrence, second!.occurrence]).toEqual([1, 2]);
    expect(first!.dedupeKey).not.toBe(second!.dedupeKey);
    expect(first!.fingerprint).toBe(fingerprint(ACCOUNT, tx(), 1));
    expect(second!.fingerprint).toBe(fingerprint(ACCOUNT, tx(), 2));
  });

  it('fingerprints account, date, amount and purpose, not where the line is or spacing', () => {
    const base = fingerprint(ACCOUNT, tx(), 1);
    expect(fingerprint(ACCOUNT, tx({ line: 40, counterpartyName: 'CAFE KRANZLER' }), 1)).toBe(base);
    expect(fingerprint(ACCOUNT, tx({ remittance: '  Kartenzahlung ' }), 1)).toBe(base);
    for (const other of [
      fingerprint(8, tx(), 1),
      fingerprint(ACCOUNT, tx({ bookingDate: '2026-01-13' }), 1),
      fingerprint(ACCOUNT, tx({ amount: '-3.40' }), 1),
      fingerprint(ACCOUNT, tx({ amount: '3.50' }), 1),
      fingerprint(ACCOUNT, tx({ remittance: 'Kartenzahlung 2' }), 1),
      fingerprint(ACCOUNT, tx({ reference: 'R1' }), 1),
    ])
      expect(other).not.toBe(base);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
  });

  it('prefers the bank’s id, and tells apart one id that a file repeats', () => {
    expect(dedupeKey({ ...tx({ bankTransactionId: 'A1' }), fingerprint: 'f' })).toBe('bank:A1');
    expect(dedupeKey({ ...tx(), fingerprint: 'f' })).toBe('fp:f');
    const keys = keysOf(
      keyTransactions(ACCOUNT, [
        tx({ bankTransactionId: 'A1' }),
        tx({ bankTransactionId: 'A1', amount: '-9.00' }),
        tx({ bankTransactionId: 'B2' }),
      ]),
    );
    expect(keys).toEqual(['bank:A1', 'bank:A1#2', 'bank:B2']);
  });

  it('for any two statements that overlap by whole days, shares exactly the overlap’s keys', () => {
    // Few distinct transactions, so that repeats within a day (and across days) are common.
    const transaction = fc.record({
      amount: fc.constantFrom('-3.50', '-3.50', '10.00', '-10.00'),
      remittance: fc.constantFrom('Coffee', 'Coffee', null, 'Invoice 7'),
    });
    const days = fc.array(fc.array(transaction, { maxLength: 4 }), { minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(days, fc.nat(), fc.nat(), (perDay, a, b) => {
        const all = perDay.map((list, day) =>
          list.map((t) => tx({ ...t, bookingDate: `2026-02-${String(day + 1).padStart(2, '0')}` })),
        );
        const start = a % all.length;
        const end = start + (b % (all.length - start));
        // First file: days 0..end; second file: days start..last.
        const first = keyTransactions(ACCOUNT, all.slice(0, end + 1).flat());
        const second = keyTransactions(ACCOUNT, all.slice(start).flat());
        const overlapDays = new Set(
          all
            .slice(start, end + 1)
            .flat()
            .map((t) => t.bookingDate),
        );
        const firstKeys = new Set(keysOf(first));
        expect(firstKeys.size).toBe(first.length);
        const shared = second.filter((t) => firstKeys.has(t.dedupeKey));
        expect(shared).toEqual(second.filter((t) => overlapDays.has(t.bookingDate)));
        expect(shared.length).toBe(all.slice(start, end + 1).flat().length);
      }),
      { numRuns: 300 },
    );
  });
});
