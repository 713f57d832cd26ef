import { z } from 'zod';
import { emailOrEmpty, optionalEmail, optionalText } from './list.schema.ts';

/**
 * One optional text field of an entity, described once. From this description come the
 * API rule, the form's rule and input, the output, the CSV import's column and header
 * spellings and the export column, so a new field is one entry here (and its column).
 */
export interface TextField {
  /** As a sentence names it: validation messages and the import wizard ("Job title"). */
  label: string;
  /** As the form and the CSV export title it ("Job Title"). */
  title: string;
  /** Most characters once trimmed. */
  max: number;
  /** The input that edits it; a `textarea` is long text (after the other columns in CSV). */
  input: 'text' | 'email' | 'tel' | 'url' | 'textarea';
  placeholder: string;
  /** Header spellings an import maps to this field, as lower-case letters and digits. */
  headers: readonly string[];
}

export type TextFields = Readonly<Record<string, TextField>>;

/** Fields several entities have, described once; an entity may change the placeholder. */
export const EMAIL_FIELD = {
  label: 'Email',
  title: 'Email',
  max: 254,
  input: 'email',
  placeholder: 'jane@example.com',
  headers: ['email', 'emailaddress', 'mail', 'email1', 'workemail', 'primaryemail'],
} as const satisfies TextField;

export const PHONE_FIELD = {
  label: 'Phone',
  title: 'Phone',
  max: 50,
  input: 'tel',
  placeholder: '+1 555 010 0000',
  headers: [
    'phone',
    'phonenumber',
    'telephone',
    'tel',
    'mobile',
    'mobilephone',
    'cell',
    'workphone',
  ],
} as const satisfies TextField;

export const NOTES_FIELD = {
  label: 'Notes',
  title: 'Notes',
  max: 5000,
  input: 'textarea',
  placeholder: 'Anything worth remembering',
  headers: ['notes', 'note', 'comments', 'comment', 'description'],
} as const satisfies TextField;

/** SPEC §5's wording for a field that is too long. */
export function tooLong(field: TextField): string {
  return `${field.label} must be less than ${field.max} characters`;
}

/** The API's rules: trimmed, at most `max`, '' stored as null, an email checked as one. */
export function apiShape<F extends TextFields>(fields: F) {
  return mapFields(fields, (field) =>
    field.input === 'email' ? optionalEmail : optionalText(field.max, tooLong(field)),
  );
}

/** The form's rules: react-hook-form keeps strings, '' for none, with the API's messages. */
export function formShape<F extends TextFields>(fields: F) {
  return mapFields(fields, (field) =>
    field.input === 'email' ? emailOrEmpty : z.string().trim().max(field.max, tooLong(field)),
  );
}

/** What the API answers: the text, or null when there is none. */
export function outputShape<F extends TextFields>(fields: F) {
  return mapFields(fields, () => z.string().nullable());
}

/** A CSV row's cells as the file had them: bounded, checked by the import itself. */
export function importShape<F extends TextFields>(fields: F) {
  return mapFields(fields, (field) =>
    z
      .string()
      .max(field.input === 'textarea' ? 10_000 : 1000)
      .optional(),
  );
}

/** An imported cell as stored: trimmed, cut to `max`, null when empty. */
export function importedText(field: TextField, cell: string | undefined): string | null {
  return cell?.trim().slice(0, field.max) || null;
}

/** Field names in their order, typed. */
export function fieldNames<F extends TextFields>(fields: F): (keyof F & string)[] {
  return Object.keys(fields);
}

/**
 * Single-line fields and long text apart, each in order: forms put long text below the
 * grid, and CSV exports put it after the other columns, where a spreadsheet row stays
 * readable.
 */
export function byLength<F extends TextFields>(fields: F) {
  const names = fieldNames(fields);
  return {
    short: names.filter((name) => fields[name]!.input !== 'textarea'),
    long: names.filter((name) => fields[name]!.input === 'textarea'),
  };
}

function mapFields<F extends TextFields, S extends z.ZodType>(
  fields: F,
  rule: (field: TextField) => S,
): { [K in keyof F]: S } {
  return Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, rule(field)])) as {
    [K in keyof F]: S;
  };
}
