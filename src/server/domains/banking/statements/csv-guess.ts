import {
  CSV_DATE_FORMATS,
  type CsvColumn,
  type CsvMapping,
} from '../../../../shared/banking.schema.ts';
import { csvAmount, csvDate, directionOf, readCsvRecords } from './csv.ts';

/**
 * The import wizard's first proposal for a CSV file: where the table starts, which column is
 * the date (and in which format), the amount or the debit and credit columns, and the rest,
 * from the headings banks write in English, German, French and Dutch and from the cells.
 */

/** Headings, lower-case without accents, spaces or punctuation. */
const HEADINGS = {
  date: [
    'date',
    'bookingdate',
    'transactiondate',
    'posteddate',
    'postingdate',
    'posted',
    'datum',
    'buchungstag',
    'buchungsdatum',
    'buchung',
    'dateoperation',
    'datedoperation',
    'datecomptable',
    'datedecomptabilisation',
    'boekdatum',
    'transactiedatum',
    'boekingsdatum',
  ],
  valueDate: [
    'valuedate',
    'valuta',
    'valutadatum',
    'wertstellung',
    'wertstellungsdatum',
    'datevaleur',
    'valeur',
    'rentedatum',
  ],
  amount: [
    'amount',
    'value',
    'transactionamount',
    'betrag',
    'umsatz',
    'betrageur',
    'montant',
    'montanteur',
    'bedrag',
    'bedrageur',
    'transactiebedrag',
  ],
  debit: [
    'debit',
    'debitamount',
    'withdrawal',
    'withdrawals',
    'paidout',
    'moneyout',
    'out',
    'soll',
    'ausgang',
    'ausgaben',
    'lastschrift',
    'belastung',
    'debiteur',
    'montantdebit',
    'af',
  ],
  credit: [
    'credit',
    'creditamount',
    'deposit',
    'deposits',
    'paidin',
    'moneyin',
    'in',
    'haben',
    'eingang',
    'einnahmen',
    'gutschrift',
    'crediteur',
    'montantcredit',
    'bij',
  ],
  description: [
    'description',
    'details',
    'memo',
    'narrative',
    'text',
    'purpose',
    'transactiondetails',
    'verwendungszweck',
    'buchungstext',
    'beschreibung',
    'libelle',
    'libelleoperation',
    'detail',
    'omschrijving',
    'mededelingen',
    'mededeling',
  ],
  counterparty: [
    'payee',
    'payer',
    'counterparty',
    'name',
    'beneficiary',
    'merchant',
    'empfanger',
    'empfaenger',
    'auftraggeber',
    'zahlungsempfanger',
    'auftraggeberempfanger',
    'beguenstigterzahlungspflichtiger',
    'begunstigterzahlungspflichtiger',
    'namezahlungsbeteiligter',
    'zahlungsbeteiligter',
    'tiers',
    'beneficiaire',
    'contrepartie',
    'naam',
    'naamomschrijving',
    'tegenpartij',
    'naamtegenpartij',
  ],
  counterpartyIban: [
    'iban',
    'counterpartyiban',
    'payeeiban',
    'ibanzahlungsbeteiligter',
    'kontonummeriban',
    'ibankontonummer',
    'tegenrekening',
    'tegenrekeningiban',
    'ibantegenpartij',
    'ibancontrepartie',
  ],
  reference: [
    'reference',
    'ref',
    'referenz',
    'kundenreferenz',
    'endtoendreferenz',
    'endtoendid',
    'mandatsreferenz',
    'referencedeloperation',
    'referentie',
    'kenmerk',
  ],
  direction: [
    'afbij',
    'direction',
    'debitcredit',
    'creditdebit',
    'dc',
    'cd',
    'sh',
    'sollhaben',
    'habensoll',
    'debitcreditindicator',
    'sens',
  ],
  currency: ['currency', 'ccy', 'wahrung', 'waehrung', 'devise', 'monnaie', 'munt', 'valuta'],
  transactionId: ['transactionid', 'id', 'fitid', 'transaktionsid', 'buchungsid', 'transactieid'],
} as const;

type Role = keyof typeof HEADINGS;

function normalizeHeading(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\(.*?\)/g, '')
    .replace(/[^a-z0-9]/g, '');
}

export interface CsvPreview {
  delimiter: string;
  /** Lines above the heading row (bank exports often start with the account and period). */
  skipRows: number;
  headerRow: string[];
  sampleRows: string[][];
}

/**
 * The file's delimiter, the lines above its table and its first rows: the table starts at
 * the first record with as many cells as most records have.
 */
export function readCsvPreview(text: string, sampleSize = 20): CsvPreview {
  const { delimiter, records } = readCsvRecords(text);
  const counts = new Map<number, number>();
  for (const r of records) counts.set(r.cells.length, (counts.get(r.cells.length) ?? 0) + 1);
  const width = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0] ?? 0;
  const first = records.findIndex((r) => r.cells.length === width);
  const table = first < 0 ? [] : records.slice(first);
  return {
    delimiter,
    skipRows: first < 0 ? 0 : table[0]!.line - 1,
    headerRow: table[0]?.cells ?? [],
    sampleRows: table.slice(1, 1 + sampleSize).map((r) => r.cells),
  };
}

export interface CsvMappingGuess {
  /** What could be guessed; a complete mapping passes CsvMappingSchema. */
  mapping: Partial<CsvMapping> & Pick<CsvMapping, 'decimalSeparator' | 'hasHeader'>;
  /** What the user still has to choose. */
  missing: ('date' | 'amount')[];
}

const nonEmpty = (values: string[]) => values.map((v) => v.trim()).filter((v) => v !== '');

/**
 * Whether most cells (four in five) pass `test`: a sample may hold a line the import will
 * refuse (a footer, a typo), and the wizard should still find the column.
 */
function mostly(values: string[], test: (value: string) => boolean): boolean {
  const cells = nonEmpty(values);
  return cells.length > 0 && cells.filter(test).length * 5 >= cells.length * 4;
}

/** The first pattern that reads most samples, day-first before month-first when both do. */
function dateFormatOf(values: string[]): string | null {
  return CSV_DATE_FORMATS.find((f) => mostly(values, (c) => csvDate(c, f) !== null)) ?? null;
}

function decimalSeparatorOf(values: string[]): '.' | ',' | null {
  let comma = 0;
  let point = 0;
  for (const v of nonEmpty(values)) {
    if (/\d,\d{1,3}(\D*)$/.test(v) && !/\d,\d{3}\.\d/.test(v)) comma++;
    if (/\d\.\d{1,2}(\D*)$/.test(v) || /\d,\d{3}\.\d/.test(v)) point++;
  }
  if (comma === 0 && point === 0) return null;
  return comma > point ? ',' : '.';
}

function isDirection(value: string): boolean {
  try {
    directionOf(value);
    return true;
  } catch {
    return false;
  }
}

const isAmountColumn = (values: string[], separator: '.' | ',') =>
  mostly(values, (c) => csvAmount(c, separator) !== null);

/**
 * A proposed mapping for a CSV file with this heading row and these first records. When the
 * "heading" reads as a record itself (a date and an amount in it), the file has no heading
 * and columns are proposed by position.
 */
export function guessCsvMapping(headerRow: string[], sampleRows: string[][]): CsvMappingGuess {
  const column = (index: number) => sampleRows.map((r) => r[index] ?? '');
  const width = Math.max(headerRow.length, ...sampleRows.map((r) => r.length));
  const indexes = [...Array(width).keys()];
  const separator =
    decimalSeparatorOf(indexes.flatMap((i) => (dateFormatOf(column(i)) ? [] : column(i)))) ?? '.';
  const hasHeader = !(
    headerRow.some((c) => dateFormatOf([c]) !== null) &&
    headerRow.some((c) => /\d/.test(c) && csvAmount(c, separator) !== null)
  );
  const rows = hasHeader ? sampleRows : [headerRow, ...sampleRows];
  const values = (index: number) => rows.map((r) => r[index] ?? '');
  const names = headerRow.map(normalizeHeading);
  const taken = new Set<number>();
  const ref = (index: number): CsvColumn => (hasHeader ? headerRow[index]!.trim() : index);

  /** The first free column whose heading names `role` (exactly, then as a part) and whose cells fit. */
  const byHeading = (role: Role, fits: (index: number) => boolean = () => true) => {
    if (!hasHeader) return undefined;
    const wanted: readonly string[] = HEADINGS[role];
    const exact = indexes.find((i) => !taken.has(i) && wanted.includes(names[i] ?? '') && fits(i));
    const found =
      exact ??
      indexes.find(
        (i) =>
          !taken.has(i) &&
          (names[i] ?? '').length > 3 &&
          wanted.some((w) => w.length > 3 && names[i]!.includes(w)) &&
          fits(i),
      );
    if (found !== undefined) taken.add(found);
    return found;
  };
  const isDate = (i: number) => dateFormatOf(values(i)) !== null;
  const isAmount = (i: number) => isAmountColumn(values(i), separator);
  const isText = (i: number) => !isDate(i) && !isAmount(i);

  const mapping: CsvMappingGuess['mapping'] = { decimalSeparator: separator, hasHeader };
  let date = byHeading('date', isDate);
  if (date === undefined) {
    date = indexes.find((i) => !taken.has(i) && isDate(i));
    if (date !== undefined) taken.add(date);
  }
  if (date !== undefined) {
    mapping.dateColumn = ref(date);
    mapping.dateFormat = dateFormatOf(values(date))!;
  }
  const valueDate = byHeading('valueDate', isDate);
  if (valueDate !== undefined) mapping.valueDateColumn = ref(valueDate);

  const debit = byHeading('debit', isAmount);
  const credit = byHeading('credit', isAmount);
  let amount = byHeading('amount', isAmount);
  if (debit !== undefined && credit !== undefined && amount === undefined) {
    mapping.debitColumn = ref(debit);
    mapping.creditColumn = ref(credit);
  } else {
    for (const i of [debit, credit]) if (i !== undefined) taken.delete(i);
    if (amount === undefined) {
      // The column of signed amounts: numbers, some of them negative.
      amount = indexes.find(
        (i) => !taken.has(i) && isAmount(i) && nonEmpty(values(i)).some((v) => /-/.test(v)),
      );
      amount ??= indexes.find((i) => !taken.has(i) && isAmount(i));
      if (amount !== undefined) taken.add(amount);
    }
    if (amount !== undefined) {
      mapping.amountColumn = ref(amount);
      // Its heading names it; the cells only have to be markers mostly, as one odd line is refused.
      const direction = byHeading('direction', (i) => {
        const cells = nonEmpty(values(i));
        return cells.filter(isDirection).length * 2 > cells.length;
      });
      if (direction !== undefined) mapping.directionColumn = ref(direction);
    }
  }

  const currency = byHeading('currency', (i) =>
    nonEmpty(values(i)).every((v) => /^[A-Za-z]{3}$/.test(v)),
  );
  if (currency !== undefined) mapping.currencyColumn = ref(currency);
  const iban = byHeading('counterpartyIban');
  if (iban !== undefined) mapping.counterpartyIbanColumn = ref(iban);
  const reference = byHeading('reference', isText);
  if (reference !== undefined) mapping.referenceColumn = ref(reference);
  const counterparty = byHeading('counterparty', isText);
  if (counterparty !== undefined) mapping.counterpartyColumn = ref(counterparty);
  let description = byHeading('description', isText);
  if (description === undefined) {
    // The longest text column is the likeliest description.
    const length = (i: number) => nonEmpty(values(i)).join('').length;
    description = indexes
      .filter((i) => !taken.has(i) && isText(i))
      .sort((a, b) => length(b) - length(a))[0];
    if (description !== undefined) taken.add(description);
  }
  if (description !== undefined) mapping.descriptionColumn = ref(description);
  const transactionId = byHeading('transactionId');
  if (transactionId !== undefined) mapping.transactionIdColumn = ref(transactionId);

  const missing: CsvMappingGuess['missing'] = [];
  if (mapping.dateColumn === undefined) missing.push('date');
  if (mapping.amountColumn === undefined && mapping.debitColumn === undefined)
    missing.push('amount');
  return { mapping, missing };
}
