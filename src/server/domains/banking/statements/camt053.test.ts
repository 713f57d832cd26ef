import { describe, expect, it } from 'vitest';
import { ParsedStatementFileSchema } from '../../../../shared/banking.schema.ts';
import { addAmounts } from '../../../../shared/invoice-math.ts';
import { StatementFileError, allTransactions, parseStatementFile } from './index.ts';
import { fixture, total } from './test-support.ts';

const camt = (body: string) =>
  Buffer.from(
    `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>S1</Id><Acct><Id><Othr><Id>0532013000</Id></Othr></Id><Ccy>EUR</Ccy></Acct>${body}</Stmt></BkToCstmrStmt></Document>`,
  );

describe('CAMT.053', () => {
  const file = parseStatementFile(fixture('camt053-2026-01.xml'));
  const statement = file.statements[0]!;
  const transactions = statement.transactions;

  it('reads the statement: account, currency, balances and period', () => {
    expect(file.format).toBe('camt053');
    expect(ParsedStatementFileSchema.parse(file)).toEqual(file);
    expect(file.statements).toHaveLength(1);
    expect(statement).toMatchObject({
      accountIdentifier: 'DE89370400440532013000',
      statementId: 'STMT-2026-01',
      currency: 'EUR',
      openingBalance: { amount: '1000.00', date: '2025-12-31' },
      closingBalance: { amount: '2382.10', date: '2026-01-31' },
      periodStart: '2026-01-01',
      periodEnd: '2026-01-31',
    });
  });

  it('gives one transaction per booked entry, and per TxDtls of a batch with amounts', () => {
    expect(transactions.map((t) => [t.bookingDate, t.amount, t.line])).toEqual([
      ['2026-01-05', '1190.00', 55],
      ['2026-01-07', '-45.90', 116],
      ['2026-01-10', '200.00', 190],
      ['2026-01-10', '150.00', 212],
      ['2026-01-20', '-100.00', 240],
      ['2026-01-31', '-12.00', 296],
    ]);
    // The booked entries add up to the bank's own closing balance, to the cent.
    expect(total(transactions)).toBe('1382.10');
    expect(addAmounts('1000.00', total(transactions), 2)).toBe(statement.closingBalance!.amount);
  });

  it('reads counterparty, IBAN, remittance, reference and the bank’s id', () => {
    expect(transactions[0]).toEqual({
      bookingDate: '2026-01-05',
      valueDate: '2026-01-05',
      amount: '1190.00',
      currency: 'EUR',
      counterpartyName: 'Acme Gmbh & Co. KG',
      counterpartyIban: 'DE02120300000000202051',
      remittance: 'Invoice INV-0042',
      reference: 'RF18539007547034',
      bankTransactionId: '2026010500001',
      bankCode: 'PMNT-RCDT-ESCT',
      line: 55,
    });
    // Money out: the creditor is the counterparty; a DtTm booking stays on the bank's day;
    // several Ustrd lines are one text; NOTPROVIDED is no reference.
    expect(transactions[1]).toMatchObject({
      bookingDate: '2026-01-07',
      valueDate: '2026-01-08',
      counterpartyName: 'Telekom Deutschland GmbH',
      counterpartyIban: 'DE12500105170648489890',
      remittance: 'Rechnung 4711/2026 Kundennummer 999',
      reference: null,
    });
  });

  it('splits a batch booking into its payers, each with its own id', () => {
    expect(transactions.slice(2, 4)).toMatchObject([
      {
        counterpartyName: 'Beta SARL',
        counterpartyIban: 'FR1420041010050500013M02606',
        remittance: 'INV-0043',
        reference: 'E2E-BETA-1',
        bankTransactionId: '2026011000007/1',
      },
      {
        counterpartyName: 'Gamma BV',
        counterpartyIban: 'NL91ABNA0417164300',
        remittance: 'Payment INV-0044',
        reference: 'INV-0044',
        bankTransactionId: '2026011000007-B',
      },
    ]);
  });

  it('keeps a batch whose details give no amounts as one transaction of the booked amount', () => {
    expect(transactions[4]).toMatchObject({
      amount: '-100.00',
      remittance: 'SEPA Sammellastschrift',
      counterpartyName: null,
      valueDate: null,
    });
  });

  it('leaves a pending entry out and says why', () => {
    expect(file.rejected).toEqual([{ line: 276, reason: 'Entry is pending, not booked' }]);
    expect(allTransactions(file).some((t) => t.amount === '99.00')).toBe(false);
  });

  it('reads version 02 (names without Pty, Othr account ids) and a prefixed namespace', () => {
    const entry = `<Ntry><Amt Ccy="EUR">10.5</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-03-01</Dt></BookgDt><ValDt><Dt>2026-03-02</Dt></ValDt><NtryDtls><TxDtls><RltdPties><Cdtr><Nm>Shop</Nm></Cdtr></RltdPties></TxDtls></NtryDtls></Ntry>`;
    const plain = parseStatementFile(camt(entry));
    expect(plain.statements[0]).toMatchObject({ accountIdentifier: '0532013000', currency: 'EUR' });
    expect(plain.statements[0]!.transactions[0]).toMatchObject({
      amount: '-10.50',
      counterpartyName: 'Shop',
      bookingDate: '2026-03-01',
      valueDate: '2026-03-02',
    });
    const prefixed = camt(entry)
      .toString()
      .replace(/<(\/?)(\w)/g, '<$1c:$2')
      .replace('xmlns=', 'xmlns:c=');
    expect(
      parseStatementFile(Buffer.from(prefixed), { format: 'camt053' }).statements[0]!.transactions,
    ).toEqual(plain.statements[0]!.transactions);
  });

  it('refuses an entry line by line: a bad amount, a missing date, a currency of more decimals', () => {
    const file = parseStatementFile(
      camt(
        [
          `<Ntry><Amt Ccy="EUR">1,5</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-03-01</Dt></BookgDt></Ntry>`,
          `<Ntry><Amt Ccy="EUR">1.50</Amt><CdtDbtInd>CRDT</CdtDbtInd></Ntry>`,
          `<Ntry><Amt Ccy="EUR">1.505</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-03-01</Dt></BookgDt></Ntry>`,
          `<Ntry><Amt Ccy="EUR">2.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-03-01</Dt></BookgDt></Ntry>`,
        ].join('\n'),
      ),
    );
    expect(file.rejected).toEqual([
      { line: 1, reason: 'Amount 1,5 is not a number' },
      { line: 2, reason: 'The booking date is missing or not a date' },
      { line: 3, reason: 'Amount 1.505 has more decimals than EUR has' },
    ]);
    expect(allTransactions(file).map((t) => [t.amount, t.line])).toEqual([['2.00', 4]]);
  });

  it('refuses a whole file that is broken XML, another CAMT message or has a DOCTYPE', () => {
    const read = (text: string) => () =>
      parseStatementFile(Buffer.from(text), { format: 'camt053' });
    expect(read('<Document><BkToCstmrStmt><Stmt></BkToCstmrStmt></Document>')).toThrow(
      StatementFileError,
    );
    expect(read('<Document><BkToCstmrAcctRpt/></Document>')).toThrow(
      'This is a CAMT.052 account report, not a CAMT.053 statement',
    );
    expect(read('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><Document/>')).toThrow(
      'A CAMT.053 file has no DOCTYPE',
    );
  });
});
