import { describe, expect, it } from 'vitest';
import { CsvMappingSchema, type CsvMapping } from '../../../../shared/banking.schema.ts';
import { decodeText } from './common.ts';
import { csvAmount } from './csv.ts';
import {
  StatementFileError,
  allTransactions,
  guessCsvMapping,
  parseStatementFile,
  readCsvPreview,
} from './index.ts';
import { fixture, total } from './test-support.ts';

/** The German bank's export: heading names, decimal commas, Soll and Haben columns. */
const GERMAN: CsvMapping = {
  dateColumn: 'Buchungstag',
  dateFormat: 'dd.MM.yyyy',
  valueDateColumn: 'Wertstellung',
  debitColumn: 'Soll',
  creditColumn: 'Haben',
  descriptionColumn: 'Verwendungszweck',
  counterpartyColumn: 'Auftraggeber/Empfänger',
  counterpartyIbanColumn: 'IBAN',
  referenceColumn: 'Kundenreferenz',
  currencyColumn: 'Währung',
  delimiter: ';',
  decimalSeparator: ',',
  hasHeader: true,
  skipRows: 4,
};

describe('CSV with a mapping', () => {
  const file = parseStatementFile(fixture('csv-de-2026-01a.csv'), { csvMapping: GERMAN });
  const transactions = allTransactions(file);

  it('reads a Windows-1252 file with decimal commas and debit/credit columns exactly', () => {
    expect(file.format).toBe('csv');
    expect(transactions.map((t) => [t.bookingDate, t.amount, t.line])).toEqual([
      ['2026-01-02', '1190.00', 6],
      ['2026-01-05', '-85.00', 7],
      ['2026-01-08', '-1234.56', 10],
      ['2026-01-10', '500.00', 11],
      ['2026-01-12', '-3.50', 12],
      ['2026-01-12', '-3.50', 13],
      ['2026-01-14', '-950.00', 14],
    ]);
    expect(total(transactions)).toBe('-586.56');
    expect(file.statements[0]!.currency).toBe('EUR');
  });

  it('reads every mapped field, a quoted cell over two lines included', () => {
    expect(transactions[0]).toEqual({
      bookingDate: '2026-01-02',
      valueDate: '2026-01-02',
      amount: '1190.00',
      currency: 'EUR',
      counterpartyName: 'Müller & Söhne KG',
      counterpartyIban: 'DE02120300000000202051',
      remittance: 'Rechnung RE-2026-001',
      reference: 'RE-2026-001',
      bankTransactionId: null,
      bankCode: null,
      line: 6,
    });
    expect(transactions[1]).toMatchObject({
      counterpartyName: 'Stadtwerke München',
      remittance: 'Abschlag Strom Januar 2026',
    });
    expect(transactions[2]!.valueDate).toBe('2026-01-09');
  });

  it('lists a line it cannot read with its reason, and reads on', () => {
    // Line 9 is the 31st of February; lines 7–8 are one record with a line break inside.
    expect(file.rejected).toEqual([
      { line: 9, reason: 'Date 31.02.2026 does not match dd.MM.yyyy' },
    ]);
  });

  it('reads by position without a heading row, one signed amount column and the account’s currency', () => {
    const csv = Buffer.from(
      '2026-03-01,"Shop, Inc.","-1,234.50"\n2026-03-02,Client,"2,000"\n2026-03-03,Bad,12.5x\n',
    );
    const parsed = parseStatementFile(csv, {
      currency: 'USD',
      csvMapping: {
        dateColumn: 0,
        dateFormat: 'yyyy-MM-dd',
        descriptionColumn: 1,
        amountColumn: 2,
        decimalSeparator: '.',
        hasHeader: false,
      },
    });
    expect(allTransactions(parsed).map((t) => [t.amount, t.currency, t.remittance])).toEqual([
      ['-1234.50', 'USD', 'Shop, Inc.'],
      ['2000.00', 'USD', 'Client'],
    ]);
    expect(parsed.rejected).toEqual([
      { line: 3, reason: 'Amount 12.5x is not an amount with a decimal point' },
    ]);
  });

  it('signs unsigned amounts by a direction column (ING’s Af Bij), and refuses an unknown marker', () => {
    const ing = Buffer.from(
      [
        '"Datum","Naam / Omschrijving","Rekening","Tegenrekening","Code","Af Bij","Bedrag (EUR)","Mutatiesoort","Mededelingen"',
        '"20260105","Albert Heijn","NL91ABNA0417164300","","BA","Af","12,95","Betaalautomaat","Pasvolgnr 001"',
        '"20260106","Klant BV","NL91ABNA0417164300","NL02ABNA0123456789","GT","Bij","250,00","Online bankieren","Factuur 2026-01"',
        '"20260107","Onbekend","NL91ABNA0417164300","","GT","?","1,00","Online bankieren",""',
      ].join('\r\n'),
    );
    const preview = readCsvPreview(decodeText(ing));
    const guess = guessCsvMapping(preview.headerRow, preview.sampleRows);
    expect(guess.mapping).toMatchObject({
      dateColumn: 'Datum',
      dateFormat: 'yyyyMMdd',
      amountColumn: 'Bedrag (EUR)',
      directionColumn: 'Af Bij',
      decimalSeparator: ',',
      counterpartyIbanColumn: 'Tegenrekening',
    });
    const parsed = parseStatementFile(ing, {
      currency: 'EUR',
      csvMapping: CsvMappingSchema.parse(guess.mapping),
    });
    expect(
      allTransactions(parsed).map((t) => [t.bookingDate, t.amount, t.counterpartyIban]),
    ).toEqual([
      ['2026-01-05', '-12.95', null],
      ['2026-01-06', '250.00', 'NL02ABNA0123456789'],
    ]);
    expect(parsed.rejected).toEqual([
      { line: 4, reason: 'Direction ? is neither money in nor money out' },
    ]);
  });

  it('refuses the whole file when the mapping names a column it does not have, or no currency', () => {
    expect(() =>
      parseStatementFile(fixture('csv-de-2026-01a.csv'), {
        csvMapping: { ...GERMAN, referenceColumn: 'Referenz' },
      }),
    ).toThrow(new StatementFileError('The file has no column “Referenz” (reference)'));
    expect(() =>
      parseStatementFile(fixture('csv-de-2026-01a.csv'), {
        csvMapping: { ...GERMAN, currencyColumn: undefined },
      }),
    ).toThrow('The CSV file has no currency column: choose the account’s currency');
    expect(() => parseStatementFile(fixture('csv-de-2026-01a.csv'))).toThrow(
      'A CSV file needs a mapping of its columns',
    );
  });

  it('reads amounts as banks write them, never through a float', () => {
    const read = (text: string, separator: '.' | ',') => csvAmount(text, separator);
    expect(read('1.234,56', ',')).toEqual({ negative: false, digits: '1234.56' });
    expect(read('-0,10', ',')).toEqual({ negative: true, digits: '0.10' });
    expect(read('12,50-', ',')).toEqual({ negative: true, digits: '12.50' });
    expect(read('(1,234.50)', '.')).toEqual({ negative: true, digits: '1234.50' });
    expect(read('+1 234.56 EUR', '.')).toEqual({ negative: false, digits: '1234.56' });
    expect(read('€ 0.30', '.')).toEqual({ negative: false, digits: '0.30' });
    expect(read("1'000.05", '.')).toEqual({ negative: false, digits: '1000.05' });
    expect(read('12345678901234567.89', '.')).toEqual({
      negative: false,
      digits: '12345678901234567.89',
    });
    expect(read('1.234.5', '.')).toBeNull();
    expect(read('1,23,4', ',')).toBeNull();
  });

  it('validates the mapping: an amount column or both debit and credit, positions without a heading', () => {
    const base = {
      dateColumn: 'Datum',
      dateFormat: 'dd.MM.yyyy',
      decimalSeparator: ',',
      hasHeader: true,
    };
    expect(CsvMappingSchema.safeParse({ ...base, amountColumn: 'Betrag' }).success).toBe(true);
    expect(
      CsvMappingSchema.safeParse({ ...base, debitColumn: 'Soll' }).error?.issues[0]?.message,
    ).toBe('Choose an amount column, or a debit column and a credit column');
    expect(
      CsvMappingSchema.safeParse({
        ...base,
        amountColumn: 'Betrag',
        debitColumn: 'Soll',
        creditColumn: 'Haben',
      }).success,
    ).toBe(false);
    expect(
      CsvMappingSchema.safeParse({ ...base, hasHeader: false, amountColumn: 3 }).error?.issues[0]
        ?.message,
    ).toBe('A file without a heading row names its columns by position');
  });
});

describe('guessCsvMapping', () => {
  it('proposes the German bank’s mapping from its headings and cells', () => {
    const preview = readCsvPreview(decodeText(fixture('csv-de-2026-01a.csv')));
    expect(preview).toMatchObject({ delimiter: ';', skipRows: 4 });
    expect(preview.headerRow[0]).toBe('Buchungstag');
    const guess = guessCsvMapping(preview.headerRow, preview.sampleRows);
    expect(guess.missing).toEqual([]);
    const mapping = CsvMappingSchema.parse({
      ...guess.mapping,
      delimiter: preview.delimiter,
      skipRows: preview.skipRows,
    });
    expect(mapping).toEqual(GERMAN);
    // And the mapping reads the file as the hand-made one does.
    expect(parseStatementFile(fixture('csv-de-2026-01a.csv'), { csvMapping: mapping })).toEqual(
      parseStatementFile(fixture('csv-de-2026-01a.csv'), { csvMapping: GERMAN }),
    );
  });

  it('proposes English, French and Dutch mappings', () => {
    expect(
      guessCsvMapping(
        ['Transaction Date', 'Description', 'Amount', 'Balance'],
        [
          ['01/15/2026', 'Coffee', '-3.50', '996.50'],
          ['01/16/2026', 'Client payment', '1,200.00', '2196.50'],
        ],
      ),
    ).toEqual({
      mapping: {
        hasHeader: true,
        decimalSeparator: '.',
        dateColumn: 'Transaction Date',
        dateFormat: 'MM/dd/yyyy',
        amountColumn: 'Amount',
        descriptionColumn: 'Description',
      },
      missing: [],
    });
    expect(
      guessCsvMapping(
        ['Date opération', 'Libellé', 'Débit', 'Crédit', 'Date de valeur'],
        [
          ['05/01/2026', 'PRLV EDF', '45,20', '', '06/01/2026'],
          ['07/01/2026', 'VIR CLIENT', '', '1 500,00', '07/01/2026'],
        ],
      ).mapping,
    ).toEqual({
      hasHeader: true,
      decimalSeparator: ',',
      dateColumn: 'Date opération',
      dateFormat: 'dd/MM/yyyy',
      valueDateColumn: 'Date de valeur',
      debitColumn: 'Débit',
      creditColumn: 'Crédit',
      descriptionColumn: 'Libellé',
    });
    expect(
      guessCsvMapping(
        [
          'Datum',
          'Naam / Omschrijving',
          'Rekening',
          'Tegenrekening',
          'Bedrag (EUR)',
          'Mededelingen',
        ],
        [
          [
            '20260105',
            'Albert Heijn',
            'NL91ABNA0417164300',
            'NL02ABNA0123456789',
            '-12,95',
            'Pasvolgnr 001',
          ],
          [
            '20260106',
            'Klant BV',
            'NL91ABNA0417164300',
            'NL02ABNA0123456789',
            '250,00',
            'Factuur 2026-01',
          ],
        ],
      ).mapping,
    ).toMatchObject({
      dateColumn: 'Datum',
      dateFormat: 'yyyyMMdd',
      amountColumn: 'Bedrag (EUR)',
      decimalSeparator: ',',
      counterpartyColumn: 'Naam / Omschrijving',
      counterpartyIbanColumn: 'Tegenrekening',
      descriptionColumn: 'Mededelingen',
    });
  });

  it('proposes columns by position for a file without a heading row, and says what it could not find', () => {
    expect(
      guessCsvMapping(
        ['2026-01-05', 'Rent', '-950.00'],
        [['2026-01-06', 'Coffee at the corner shop', '-3.50']],
      ),
    ).toEqual({
      mapping: {
        hasHeader: false,
        decimalSeparator: '.',
        dateColumn: 0,
        dateFormat: 'yyyy-MM-dd',
        amountColumn: 2,
        descriptionColumn: 1,
      },
      missing: [],
    });
    expect(guessCsvMapping(['Name', 'Note'], [['a', 'b']])).toMatchObject({
      missing: ['date', 'amount'],
    });
  });
});
