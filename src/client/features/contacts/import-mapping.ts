import {
  CONTACT_FIELDS,
  type ContactField,
  type ImportRow,
} from '../../../shared/contacts.schema.ts';
import { byLength, fieldNames } from '../../../shared/fields.ts';
import { restoreFormulas } from '../../../shared/csv-formulas.ts';

const { short: SHORT_FIELDS, long: LONG_FIELDS } = byLength(CONTACT_FIELDS);

/** What a CSV column can become. First and last name columns are joined into the full name. */
export type ImportField = 'fullName' | 'firstName' | 'lastName' | ContactField | 'organization';

/** Each field with its label and the header spellings seen in other CRMs and address books. */
const FIELDS: { value: ImportField; label: string; headers: readonly string[] }[] = [
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
  ...SHORT_FIELDS.map((name) => ({ value: name, ...CONTACT_FIELDS[name] })),
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
  ...LONG_FIELDS.map((name) => ({ value: name, ...CONTACT_FIELDS[name] })),
];

export const IMPORT_FIELDS = FIELDS.map(({ value, label }) => ({ value, label }));

/** One entry per file column: the field it fills, or null when it is not imported. */
export type ColumnMapping = (ImportField | null)[];

function normalizeHeader(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Guesses each column's field from its header; a field is given to one column at most. */
export function autoMap(headers: string[]): ColumnMapping {
  const used = new Set<ImportField>();
  return headers.map((header) => {
    const key = normalizeHeader(header);
    const match = FIELDS.find((field) => !used.has(field.value) && field.headers.includes(key));
    if (!match) return null;
    used.add(match.value);
    return match.value;
  });
}

/** Without a name column every row would be rejected, so the wizard asks for one. */
export function mapsAName(mapping: ColumnMapping): boolean {
  return mapping.some((f) => f === 'fullName' || f === 'firstName' || f === 'lastName');
}

/** Gives `field` to `column`, taking it from any other column that had it. */
export function assignField(
  mapping: ColumnMapping,
  column: number,
  field: ImportField | null,
): ColumnMapping {
  return mapping.map((current, index) => {
    if (index === column) return field;
    return field !== null && current === field ? null : current;
  });
}

export function isBlankRecord(record: string[]): boolean {
  return record.every((cell) => cell.trim() === '');
}

function toImportRow(record: string[], mapping: ColumnMapping): ImportRow {
  const values: Partial<Record<ImportField, string>> = {};
  mapping.forEach((field, index) => {
    // A Keel export put an apostrophe before text a spreadsheet would run as a formula.
    const cell = restoreFormulas(record[index]?.trim() ?? '');
    if (field && cell) values[field] = cell;
  });
  const fullName = values.fullName ?? [values.firstName, values.lastName].filter(Boolean).join(' ');
  const row: ImportRow = { fullName: fullName || undefined, organization: values.organization };
  for (const name of fieldNames(CONTACT_FIELDS)) row[name] = values[name];
  return row;
}

export type ImportBatch = { rows: ImportRow[]; firstRowNumber: number };

/**
 * Cuts the data records into calls of at most `size` rows. The server numbers a batch's
 * rows from `firstRowNumber` on, so a blank line (skipped, not sent) starts a new batch
 * and every reported row number stays the row number in the file.
 */
export function buildBatches(
  records: string[][],
  mapping: ColumnMapping,
  firstRowNumber: number,
  size: number,
): ImportBatch[] {
  const batches: ImportBatch[] = [];
  let current: ImportBatch | null = null;
  records.forEach((record, index) => {
    if (isBlankRecord(record)) {
      current = null;
      return;
    }
    if (!current || current.rows.length >= size) {
      current = { rows: [], firstRowNumber: firstRowNumber + index };
      batches.push(current);
    }
    current.rows.push(toImportRow(record, mapping));
  });
  return batches;
}
