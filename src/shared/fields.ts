import { z } from 'zod';
import { CurrencySchema } from './currencies.ts';
import { IsoDateSchema } from './dates.ts';
import { IdSchema, requiredId } from './ids.ts';
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

// Fields of every kind (expenses, tasks, time entries, projects, clients). Additive to the
// text fields above: a text field of these entities is one of those, wrapped by `textOf`.

/** A NumberInput's value: a number, or '' when emptied (a string while half typed). */
const numberInputValue = z.union([z.number(), z.string()]);

/**
 * One field of an entity of any kind, described once: what messages call it (`label`),
 * what the form and the CSV export title it (`title`), the API's rule, the form's rule
 * (what react-hook-form holds: a string, a NumberInput's value, an id or null, a flag),
 * the form's value for a new record and the form's value of a saved one (from the API's
 * answer). The entity's API schema, form schema, form defaults and CSV columns are
 * derived from its list of these.
 */
export interface Described<Api extends z.ZodType, Form extends z.ZodType, Out> {
  kind: 'text' | 'rule' | 'date' | 'decimal' | 'ref' | 'flag' | 'currency';
  label: string;
  title: string;
  api: Api;
  form: Form;
  empty: z.input<Form>;
  toForm: (value: Out) => z.input<Form>;
}

export type DescribedFields = Readonly<Record<string, Described<z.ZodType, z.ZodType, never>>>;

/** A text field (see TextField) among fields of other kinds. */
export function textOf<F extends TextField>(field: F) {
  return {
    ...field,
    kind: 'text' as const,
    api: optionalText(field.max, tooLong(field)),
    form: z.string().trim().max(field.max, tooLong(field)),
    empty: '',
    toForm: (value: string | null) => value ?? '',
  };
}

/** A day (YYYY-MM-DD) the record must have; the form holds '' until one is chosen. */
export function dateOf(label: string) {
  return {
    kind: 'date' as const,
    label,
    title: label,
    api: IsoDateSchema,
    form: z
      .string()
      .refine((v) => v !== '', `${label} is required`)
      .pipe(IsoDateSchema),
    empty: '',
    toForm: (value: string) => value,
  };
}

/**
 * A decimal the API takes as a number or as text and answers as text ("12.50"); its rule
 * is `api`. With a `fallback` it may be left out (an emptied input sends the fallback),
 * otherwise it is required. The form holds a NumberInput's value.
 */
export function decimalOf<A extends z.ZodType>(
  label: string,
  api: A,
  { title = label, fallback }: { title?: string; fallback?: string | null } = {},
) {
  return {
    kind: 'decimal' as const,
    label,
    title,
    api,
    form: numberInputValue
      .refine((v) => fallback !== undefined || String(v).trim() !== '', `${label} is required`)
      .transform((v) => String(v).trim() || (fallback === undefined ? '' : fallback)),
    empty: fallback === undefined || fallback === null ? '' : Number(fallback),
    toForm: (value: string | null): number | string => (value === null ? '' : Number(value)),
  };
}

/** A day (YYYY-MM-DD) or none (null); the form holds '' for none. */
export function optionalDateOf(label: string) {
  return {
    kind: 'date' as const,
    label,
    title: label,
    api: IsoDateSchema.nullable().optional(),
    form: z
      .string()
      .transform((v) => (v === '' ? null : v))
      .pipe(IsoDateSchema.nullable()),
    empty: '',
    toForm: (value: string | null) => value ?? '',
  };
}

/**
 * A field whose rule is its own (a required name, a status key): the form applies the
 * same rule to the string it holds, '' (or `empty`) for a new record.
 */
export function ruleOf<A extends z.ZodType>(
  label: string,
  api: A,
  { title = label, empty = '' }: { title?: string; empty?: string } = {},
) {
  return {
    kind: 'rule' as const,
    label,
    title,
    api,
    form: api,
    empty,
    toForm: (value: string) => value,
  };
}

/** Another record of the workspace the record must name; the form holds its id or null. */
export function requiredRefOf(label: string) {
  return {
    kind: 'ref' as const,
    label,
    title: label,
    api: requiredId(`${label} is required`),
    form: z
      .number()
      .nullable()
      .refine((v) => v !== null, `${label} is required`),
    empty: null as number | null,
    toForm: (value: number) => value,
  };
}

/** Another record of the workspace, by id, or none; the form holds the id or null. */
export function refOf(label: string) {
  return {
    kind: 'ref' as const,
    label,
    title: label,
    api: IdSchema.nullable().optional(),
    form: z.number().nullable(),
    empty: null as number | null,
    toForm: (value: number | null) => value,
  };
}

/** Yes or no, no when left out. */
export function flagOf(label: string) {
  return {
    kind: 'flag' as const,
    label,
    title: label,
    api: z.boolean().default(false),
    form: z.boolean(),
    empty: false,
    toForm: (value: boolean) => value,
  };
}

/** An ISO 4217 code; the API takes the workspace's when it is left out. */
export function currencyOf(label = 'Currency', description?: string) {
  return {
    kind: 'currency' as const,
    label,
    title: label,
    // The API document says what an omitted currency becomes.
    api: description ? CurrencySchema.optional().meta({ description }) : CurrencySchema.optional(),
    form: z.string().min(1, `${label} is required`),
    /** The form starts with the workspace's (the caller's `fresh` value). */
    empty: '',
    toForm: (value: string) => value,
  };
}

/** The API's rules of described fields, for a z.object. */
export function apiRulesOf<F extends DescribedFields>(fields: F) {
  return mapDescribed(fields, (field) => field.api) as { [K in keyof F]: F[K]['api'] };
}

/** The form's rules of described fields, for a z.object. */
export function formRulesOf<F extends DescribedFields>(fields: F) {
  return mapDescribed(fields, (field) => field.form) as { [K in keyof F]: F[K]['form'] };
}

/** What a form of described fields holds. */
export type FormValuesOf<F extends DescribedFields> = { [K in keyof F]: z.input<F[K]['form']> };

/** A saved record's values of described fields, as the API answers them. */
export type SavedValuesOf<F extends DescribedFields> = {
  [K in keyof F]: Parameters<F[K]['toForm']>[0];
};

/**
 * A form's default values: a saved record's own, or each field's empty value for a new
 * one, `fresh` overriding those (today's date, the workspace's currency).
 */
export function formDefaultsOf<F extends DescribedFields>(
  fields: F,
  record: SavedValuesOf<F> | null,
  fresh: Partial<FormValuesOf<F>> = {},
): FormValuesOf<F> {
  return mapDescribed(fields, (field, name) =>
    record
      ? (field.toForm as (value: unknown) => unknown)(record[name])
      : (fresh[name] ?? field.empty),
  ) as FormValuesOf<F>;
}

/**
 * The form's schema: the form's shapes, then `api`'s rules (the API's own schema, with its
 * checks across fields), their messages on the form's fields; its output is the API's input.
 */
export function formSchemaOf<F extends DescribedFields, A extends z.ZodType>(fields: F, api: A) {
  return z
    .object(formRulesOf(fields) as { [K in keyof F]: F[K]['form'] })
    .transform((values, ctx): z.output<A> => {
      const parsed = api.safeParse(values);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return z.NEVER;
    });
}

/** The names of the described text fields, single-line ones and long text apart. */
export function textNamesOf<F extends DescribedFields>(fields: F) {
  const text = Object.keys(fields).filter((name) => fields[name]!.kind === 'text');
  const long = (name: string) => (fields[name] as unknown as TextField).input === 'textarea';
  return {
    all: text as TextNamesOf<F>[],
    short: text.filter((name) => !long(name)) as TextNamesOf<F>[],
    long: text.filter(long) as TextNamesOf<F>[],
  };
}

/** The names of the described text fields, as a type. */
export type TextNamesOf<F extends DescribedFields> = {
  [K in keyof F]: F[K]['kind'] extends 'text' ? K & string : never;
}[keyof F];

/** What the API answers for the described text fields: the text, or null when there is none. */
export function textOutputOf<F extends DescribedFields>(fields: F) {
  return Object.fromEntries(
    textNamesOf(fields).all.map((name) => [name, z.string().nullable()]),
  ) as { [K in TextNamesOf<F>]: z.ZodNullable<z.ZodString> };
}

/**
 * A CSV export's columns: each described field's title, the long text ones last (after
 * `extra`, the columns computed from several fields), where a spreadsheet row stays
 * readable.
 */
export function csvColumnsOf<F extends DescribedFields>(fields: F, extra: readonly string[]) {
  const long: string[] = textNamesOf(fields).long;
  const first = Object.keys(fields).filter((name) => !long.includes(name));
  return [
    ...first.map((name) => fields[name]!.title),
    ...extra,
    ...long.map((name) => fields[name]!.title),
  ];
}

/**
 * One record as a CSV row of csvColumnsOf: a field's value as text ('' for none) unless
 * `cells` writes it (a related record's name, Yes or No), and the `extra` columns' cells.
 */
export function csvRowOf<F extends DescribedFields, R extends SavedValuesOf<F>>(
  fields: F,
  record: R,
  cells: { [K in keyof F]?: (record: R) => string },
  extra: Record<string, string>,
): Record<string, string> {
  const row: Record<string, string> = { ...extra };
  for (const name of Object.keys(fields) as (keyof F & string)[]) {
    const value: unknown = record[name];
    row[fields[name]!.title] =
      cells[name]?.(record) ?? (value === null || value === undefined ? '' : String(value));
  }
  return row;
}

function mapDescribed<F extends DescribedFields>(
  fields: F,
  rule: (field: F[keyof F], name: keyof F & string) => unknown,
) {
  return Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [name, rule(field as F[keyof F], name)]),
  );
}
