import { describe, expect, it } from 'vitest';
import { ParsedStatementFileSchema } from '../../../../shared/banking.schema.ts';
import { addAmounts } from '../../../../shared/invoice-math.ts';
import { allTransactions, parseStatementFile } from './index.ts';
import { fixture, total } from './test-support.ts';

const mt940 = (lines: string[]) => Buffer.from(lines.join('\r\n'));

describe('MT940', () => {
  const file = parseStatementFile(fixture('mt940-2025-12.sta'));

  it('reads each statement with its account, currency and balances', () => {
    expect(file.format).toBe('mt940');
    expect(ParsedStatementFileSchema.parse(file)).toEqual(file);
    expect(file.rejected).toEqual([]);
    expect(
      file.statements.map(({ transactions, ...s }) => ({ ...s, count: transactions.length })),
    ).toEqual([
      {
        accountIdentifier: '37040044/0532013000',
        statementId: '00001/001',
        currency: 'EUR',
        openingBalance: { amount: '1000.00', date: '2025-12-30' },
        closingBalance: { amount: '1092.10', date: '2025-12-31' },
        periodStart: '2025-12-30',
        periodEnd: '2025-12-31',
        count: 3,
      },
      {
        accountIdentifier: 'DE89370400440532013000',
        statementId: '00002/001',
        currency: 'EUR',
        openingBalance: { amount: '1092.10', date: '2025-12-31' },
        closingBalance: { amount: '57.54', date: '2026-01-05' },
        periodStart: '2025-12-31',
        periodEnd: '2026-01-05',
        count: 2,
      },
    ]);
    for (const s of file.statements)
      expect(addAmounts(s.openingBalance!.amount, total(s.transactions), 2)).toBe(
        s.closingBalance!.amount,
      );
    expect(total(allTransactions(file))).toBe('-942.46');
  });

  it('books an entry date across the year end in the right year', () => {
    expect(
      allTransactions(file).map((t) => [t.valueDate, t.bookingDate, t.amount, t.line]),
    ).toEqual([
      ['2025-12-30', '2025-12-30', '150.00', 5],
      ['2025-12-31', '2025-12-31', '-45.90', 9],
      // Value 31 December 2025, entry date 0102: booked 2 January 2026.
      ['2025-12-31', '2026-01-02', '-12.00', 13],
      // Value 2 January 2026, entry date 1231: booked 31 December 2025.
      ['2026-01-02', '2025-12-31', '200.00', 22],
      ['2026-01-05', '2026-01-05', '-1234.56', 25],
    ]);
  });

  it('reads the German structured :86: subfields and the SEPA fields inside them', () => {
    const [credit, debit, fee] = file.statements[0]!.transactions;
    expect(credit).toEqual({
      bookingDate: '2025-12-30',
      valueDate: '2025-12-30',
      amount: '150.00',
      currency: 'EUR',
      // ?32 broken across the file's lines, ?21/?22 cut inside a word at 27 characters.
      counterpartyName: 'Müller & Söhne KG',
      counterpartyIban: 'DE02120300000000202051',
      remittance: 'Invoice RE-2025-0099 vielen Dank',
      reference: 'RE-2025-0099',
      bankTransactionId: 'BANKREF0001',
      bankCode: 'NTRF GUTSCHRIFT',
      line: 5,
    });
    expect(debit).toMatchObject({
      counterpartyName: 'Telekom Deutschland GmbH',
      counterpartyIban: 'DE12500105170648489890',
      remittance: 'Telekom Rechnung 12/2025',
      reference: null,
      bankTransactionId: 'BANKREF0002',
    });
    expect(fee).toMatchObject({
      remittance: 'Kontoführung Dezember Abschluss per 31.12.2025',
      counterpartyName: null,
    });
  });

  it('reads free-text :86:, the customer reference and the supplementary details', () => {
    const [free, card] = file.statements[1]!.transactions;
    expect(free).toMatchObject({
      remittance: 'Free text payment from Jane Doe for invoice INV-7',
      reference: null,
      bankTransactionId: null,
      bankCode: 'NTRF',
    });
    expect(card).toMatchObject({
      reference: 'KREF-77',
      bankTransactionId: 'BANKREF0005',
      remittance: 'Laptop',
      counterpartyName: 'Computer Shop',
    });
  });

  it('reads RC/RD reversals by their direction and keeps a statement split over messages as one', () => {
    const parsed = parseStatementFile(
      mt940([
        '{1:F01BANKDEFFAXXX0000000000}{2:O9400000000000BANKDEFFXXXX00000000000000000000N}{4:',
        ':20:ONE',
        ':25:DE89370400440532013000',
        ':28C:7/1',
        ':60F:D260301EUR10,00',
        ':61:260302RD5,00NTRFNONREF',
        ':62M:D260302EUR15,00',
        '-}',
        '{1:F01BANKDEFFAXXX0000000000}{4:',
        ':20:ONE',
        ':25:DE89370400440532013000',
        ':28C:7/2',
        ':60M:D260302EUR15,00',
        ':61:260303RC20,5NTRFNONREF',
        ':62F:C260303EUR5,50',
        '-}',
      ]),
    );
    expect(parsed.statements).toHaveLength(1);
    expect(parsed.statements[0]).toMatchObject({
      statementId: '7/1',
      openingBalance: { amount: '-10.00', date: '2026-03-01' },
      closingBalance: { amount: '5.50', date: '2026-03-03' },
    });
    expect(parsed.statements[0]!.transactions.map((t) => t.amount)).toEqual(['-5.00', '20.50']);
  });

  it('refuses a bad :61: line with its :86:, and reads on', () => {
    const parsed = parseStatementFile(
      mt940([
        ':20:X',
        ':25:0532013000',
        ':60F:C260301EUR0,00',
        ':61:261301C1,00NTRFNONREF',
        ':86:Belongs to the bad line',
        ':61:260301C1,001NTRFNONREF',
        ':61:260302C2,00NTRFNONREF',
        ':86:Good',
        ':62F:C260302EUR3,00',
      ]),
      { format: 'mt940' },
    );
    expect(parsed.rejected).toEqual([
      { line: 4, reason: 'Value date 261301 is not a date' },
      { line: 6, reason: 'Amount 1.001 has more decimals than EUR has' },
    ]);
    expect(allTransactions(parsed)).toMatchObject([
      { amount: '2.00', remittance: 'Good', line: 7 },
    ]);
  });
});
