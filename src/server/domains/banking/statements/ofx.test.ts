import { describe, expect, it } from 'vitest';
import { ParsedStatementFileSchema } from '../../../../shared/banking.schema.ts';
import { allTransactions, parseStatementFile } from './index.ts';
import { fixture, total } from './test-support.ts';

describe('OFX 1.x (SGML, leaf elements without end tags)', () => {
  const file = parseStatementFile(fixture('ofx1-2026-01.ofx'));
  const statement = file.statements[0]!;

  it('reads the statement: account, CURDEF, LEDGERBAL and the period', () => {
    expect(file.format).toBe('ofx');
    expect(ParsedStatementFileSchema.parse(file)).toEqual(file);
    expect(file.rejected).toEqual([]);
    expect(statement).toMatchObject({
      accountIdentifier: '1234567890',
      currency: 'USD',
      openingBalance: null,
      closingBalance: { amount: '5146.51', date: '2026-01-31' },
      periodStart: '2026-01-01',
      periodEnd: '2026-01-31',
    });
  });

  it('reads every STMTTRN with its FITID, type, dates, name and memo', () => {
    expect(
      statement.transactions.map((t) => [t.bankTransactionId, t.bookingDate, t.amount, t.line]),
    ).toEqual([
      ['202601050001', '2026-01-05', '2500.00', 39],
      ['202601070002', '2026-01-07', '-49.99', 48],
      ['202601150003', '2026-01-15', '-300.00', 56],
      ['202601200004', '2026-01-20', '-3.50', 64],
      ['202601200005', '2026-01-20', '-3.50', 71],
    ]);
    expect(total(statement.transactions)).toBe('2143.01');
    expect(statement.transactions[0]).toEqual({
      bookingDate: '2026-01-05',
      valueDate: '2026-01-06',
      amount: '2500.00',
      currency: 'USD',
      counterpartyName: 'ACME CORP',
      counterpartyIban: null,
      remittance: 'INV-1001 PAYMENT',
      reference: null,
      bankTransactionId: '202601050001',
      bankCode: 'CREDIT',
      line: 39,
    });
    expect(statement.transactions[1]!.remittance).toBe('Subscription & fees');
    expect(statement.transactions[2]).toMatchObject({ reference: 'Check 1042', bankCode: 'CHECK' });
  });
});

describe('OFX 2.x (XML)', () => {
  const file = parseStatementFile(fixture('ofx2-2026-02.qfx'), { fileName: 'ofx2-2026-02.qfx' });
  const statement = file.statements[0]!;

  it('reads the same shape from XML, PAYEE names and empty elements included', () => {
    expect(file.format).toBe('ofx');
    expect(statement).toMatchObject({
      accountIdentifier: '1234567890',
      currency: 'USD',
      closingBalance: { amount: '4547.01', date: '2026-02-10' },
      periodStart: '2026-01-20',
      periodEnd: '2026-02-10',
    });
    expect(
      statement.transactions.map((t) => [t.bankTransactionId, t.bookingDate, t.amount]),
    ).toEqual([
      ['202601200004', '2026-01-20', '-3.50'],
      ['202601200005', '2026-01-20', '-3.50'],
      ['202602010006', '2026-02-01', '-1800.00'],
      ['202602050007', '2026-02-05', '1200.50'],
    ]);
    expect(total(statement.transactions)).toBe('-606.50');
    expect(statement.transactions[2]).toMatchObject({
      counterpartyName: 'Landlord <LLC>',
      remittance: null,
      reference: 'RENT-02',
      line: 46,
    });
  });

  it('refuses a STMTTRN without a date or amount and reads the others', () => {
    const text = fixture('ofx2-2026-02.qfx')
      .toString()
      .replace('<TRNAMT>-1800.00</TRNAMT>', '<TRNAMT>abc</TRNAMT>')
      .replace('<DTPOSTED>20260205</DTPOSTED>', '<DTPOSTED>2026</DTPOSTED>');
    const parsed = parseStatementFile(Buffer.from(text));
    expect(parsed.rejected).toEqual([
      { line: 46, reason: 'Amount abc is not a number' },
      { line: 58, reason: 'DTPOSTED 2026 is not a date' },
    ]);
    expect(allTransactions(parsed)).toHaveLength(2);
  });

  it('reads a credit-card statement and a transaction in another currency', () => {
    const sgml = [
      'OFXHEADER:100',
      'DATA:OFXSGML',
      '',
      '<OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>EUR',
      '<CCACCTFROM><ACCTID>4111XXXX1111</CCACCTFROM>',
      '<BANKTRANLIST>',
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260301<TRNAMT>-10,00<FITID>A1<NAME>Shop</STMTTRN>',
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260302<TRNAMT>-5<FITID>A2<CURRENCY><CURRATE>1.1<CURSYM>USD</CURRENCY></STMTTRN>',
      '</BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>',
    ].join('\n');
    const parsed = parseStatementFile(Buffer.from(sgml));
    expect(parsed.statements[0]!.accountIdentifier).toBe('4111XXXX1111');
    expect(
      allTransactions(parsed).map((t) => [t.amount, t.currency, t.counterpartyName, t.line]),
    ).toEqual([
      ['-10.00', 'EUR', 'Shop', 7],
      ['-5.00', 'USD', null, 8],
    ]);
  });
});

describe('OFX quirks', () => {
  it('reads an empty SGML leaf without losing the transactions after it', () => {
    const sgml = [
      'OFXHEADER:100',
      '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>GBP',
      '<BANKACCTFROM><ACCTID>GB33BUKB20201555555555<ACCTTYPE>CHECKING</BANKACCTFROM>',
      '<BANKTRANLIST>',
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260301<TRNAMT>-1.00<FITID>A<NAME>One<MEMO></STMTTRN>',
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260302<TRNAMT>-2.00<FITID>B<MEMO><NAME>Two</STMTTRN>',
      '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
    ].join('\n');
    const parsed = parseStatementFile(Buffer.from(sgml));
    expect(parsed.statements[0]!.accountIdentifier).toBe('GB33BUKB20201555555555');
    expect(
      allTransactions(parsed).map((t) => [
        t.bankTransactionId,
        t.amount,
        t.counterpartyName,
        t.remittance,
      ]),
    ).toEqual([
      ['A', '-1.00', 'One', null],
      ['B', '-2.00', 'Two', null],
    ]);
  });
});
