import {
  CONTACT_FIELDS,
  type ContactField,
  type ImportRow,
} from '../../../shared/contacts.schema.ts';
import { byLength, fieldNames, type TextFields } from '../../../shared/fields.ts';
import { restoreFormulas } from '../../../shared/csv-formulas.ts';

/** A field a CSV column can fill, with the header spellings seen in other CRMs and address books. */
export interface ImportFieldSpec<F extends string> {
  value: F;
  label: string;
  headers: readonly string[];
}

/** One entry per file column: the field it fills, or null when it is not imported. */
export type ColumnMapping<F extends string = ImportField> = (F | null)[];

/**
 * What one CSV import fills (contacts, organizations): its fields, whether a mapping names
 * what a row cannot go without, and how a record's mapped cells become the row sent.
 */
export interface ImportKind<F extends string, Row> {
  fields: readonly ImportFieldSpec<F>[];
  mapsRequired(mapping: ColumnMapping<F>): boolean;
  toRow(values: Partial<Record<F, string>>): Row;
}

/** An entity's own text fields as import fields: single-line ones, then long text. */
export function textFieldSpecs<Fields extends TextFields>(fields: Fields) {
  const spec = (name: keyof Fields & string) => ({
    value: name,
    label: fields[name]!.label,
    headers: fields[name]!.headers,
  });
  const { short, long } = byLength(fields);
  return { short: short.map(spec), long: long.map(spec) };
}

const CONTACT_TEXT = textFieldSpecs(CONTACT_FIELDS);

/** What a CSV column can become. First and last name columns are joined into the full name. */
export type ImportField =
  'fullName' | 'firstName' | 'lastName' | ContactField | 'organization' | 'assignee' | 'tags';

/** In the order of the contacts export's columns, so an exported file maps in order. */
const CONTACT_IMPORT_FIELDS: ImportFieldSpec<ImportField>[] = [
  {
    value: 'fullName',
    label: 'Full name',
    headers: ['name', 'fullname', 'contactname', 'contact', 'personname', 'displayname'],
  },
  {
    value: 'firstName',
    label: 'First name',
    headers: ['firstname', 'givenname', 'first', 'forename'],
  },
  { value: 'lastName', label: 'Last name', headers: ['lastname', 'surname', 'familyname', 'last'] },
  ...CONTACT_TEXT.short,
  {
    value: 'organization',
    label: 'Organization',
    headers: [
      'organization',
      'organisation',
      'company',
      'companyname',
      'organizationname',
      'organisationname',
      'account',
      'accountname',
      'employer',
    ],
  },
  {
    value: 'assignee',
    label: 'Assigned to (member email or name)',
    headers: ['assignedto', 'assignee', 'assigneduser', 'owner', 'contactowner'],
  },
  { value: 'tags', label: 'Tags', headers: ['tags', 'tag', 'labels', 'label'] },
  ...CONTACT_TEXT.long,
];

/** The contacts import: a name (full, or first and last) is what a row needs. */
export const CONTACT_IMPORT: ImportKind<ImportField, ImportRow> = {
  fields: CONTACT_IMPORT_FIELDS,
  mapsRequired: (mapping) =>
    mapping.some((f) => f === 'fullName' || f === 'firstName' || f === 'lastName'),
  toRow(values) {
    const fullName =
      values.fullName ?? [values.firstName, values.lastName].filter(Boolean).join(' ');
    const row: ImportRow = {
      fullName: fullName || undefined,
      organization: values.organization,
      assignee: values.assignee,
      tags: values.tags,
    };
    for (const name of fieldNames(CONTACT_FIELDS)) row[name] = values[name];
    return row;
  },
};

export const IMPORT_FIELDS = CONTACT_IMPORT_FIELDS.map(({ value, label }) => ({ value, label }));

function normalizeHeader(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Guesses each column's field from its header; a field is given to one column at most. */
export function guessMapping<F extends string>(
  kind: ImportKind<F, unknown>,
  headers: string[],
): ColumnMapping<F> {
  const used = new Set<F>();
  return headers.map((header) => {
    const key = normalizeHeader(header);
    const match = kind.fields.find(
      (field) => !used.has(field.value) && field.headers.includes(key),
    );
    if (!match) return null;
    used.add(match.value);
    return match.value;
  });
}

/** The contacts import's `guessMapping`. */
export const autoMap = (headers: string[]) => guessMapping(CONTACT_IMPORT, headers);

/** Without a name column every row would be rejected, so the wizard asks for one. */
export const mapsAName = (mapping: ColumnMapping) => CONTACT_IMPORT.mapsRequired(mapping);

/** Gives `field` to `column`, taking it from any other column that had it. */
export function assignField<F extends string>(
  mapping: ColumnMapping<F>,
  column: number,
  field: F | null,
): ColumnMapping<F> {
  return mapping.map((current, index) => {
    if (index === column) return field;
    return field !== null && current === field ? null : current;
  });
}

/** What Keel's exports start with (shared/csv.ts, which is not loaded for this alone). */
const BYTE_ORDER_MARK = '\uFEFF';

export function isBlankRecord(record: string[]): boolean {
  return record.every((cell) => cell.trim() === '');
}

/**
 * A CSV file (as chosen in the dialog, or its text) as records of cells. The parser is
 * loaded only then: the pages need not carry it. Blank lines stay, so row numbers stay
 * those of the file, except the blank records a final line break leaves at the end. A
 * byte-order mark (every Keel export starts with one) is not part of the first heading.
 */
export async function parseCsvRecords(input: File | string): Promise<string[][]> {
  const { default: Papa } = await import('papaparse');
  const records =
    typeof input === 'string'
      ? Papa.parse<string[]>(input, { skipEmptyLines: false }).data
      : await new Promise<string[][]>((resolve, reject) => {
          Papa.parse<string[]>(input, {
            skipEmptyLines: false,
            complete: (results) => resolve(results.data),
            error: (error) => reject(error),
          });
        });
  const first = records[0];
  if (first?.[0]?.startsWith(BYTE_ORDER_MARK)) first[0] = first[0].slice(BYTE_ORDER_MARK.length);
  while (records.length > 0 && isBlankRecord(records[records.length - 1] ?? [])) records.pop();
  return records;
}

function toRow<F extends string, Row>(
  kind: ImportKind<F, Row>,
  record: string[],
  mapping: ColumnMapping<F>,
): Row {
  const values: Partial<Record<F, string>> = {};
  mapping.forEach((field, index) => {
    // A Keel export put an apostrophe before text a spreadsheet would run as a formula.
    const cell = restoreFormulas(record[index]?.trim() ?? '');
    if (field && cell) values[field] = cell;
  });
  return kind.toRow(values);
}

export type ImportBatch<Row = ImportRow> = { rows: Row[]; firstRowNumber: number };

/**
 * Cuts the data records into calls of at most `size` rows. The server numbers a batch's
 * rows from `firstRowNumber` on, so a blank line (skipped, not sent) starts a new batch
 * and every reported row number stays the row number in the file.
 */
export function importBatches<F extends string, Row>(
  kind: ImportKind<F, Row>,
  records: string[][],
  mapping: ColumnMapping<F>,
  firstRowNumber: number,
  size: number,
): ImportBatch<Row>[] {
  const batches: ImportBatch<Row>[] = [];
  let current: ImportBatch<Row> | null = null;
  records.forEach((record, index) => {
    if (isBlankRecord(record)) {
      current = null;
      return;
    }
    if (!current || current.rows.length >= size) {
      current = { rows: [], firstRowNumber: firstRowNumber + index };
      batches.push(current);
    }
    current.rows.push(toRow(kind, record, mapping));
  });
  return batches;
}

/** The contacts import's `importBatches`. */
export const buildBatches = (
  records: string[][],
  mapping: ColumnMapping,
  firstRowNumber: number,
  size: number,
) => importBatches(CONTACT_IMPORT, records, mapping, firstRowNumber, size);
