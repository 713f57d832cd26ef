import { TRPCError } from '@trpc/server';
import { MERGE_FIELDS } from '../../../shared/contracts.schema.ts';

/*
 * Merge fields of contract templates and bodies: `{{client.name}}` (spaces inside the braces
 * allowed). Filled when a contract is created (and when a draft's body is edited); an
 * unknown field is refused (400) naming it. Every value is escaped so that it reads as text
 * in Markdown and in HTML: a client called `[x](http://evil)` or `<img onerror=…>` shows
 * as those characters, never as a link or an element.
 */

export { MERGE_FIELDS };
export type MergeField = (typeof MERGE_FIELDS)[number];
export type MergeValues = Record<MergeField, string>;

const FIELD = /\{\{\s*([^{}]*?)\s*\}\}/g;
const KNOWN = new Set<string>(MERGE_FIELDS);

/** The fields a text names, in order of first use. */
export function fieldsOf(text: string): string[] {
  return [...new Set([...text.matchAll(FIELD)].map((m) => m[1]!))];
}

/** The unknown fields of a text (none: it may be saved and filled). */
export function unknownFields(text: string): string[] {
  return fieldsOf(text).filter((f) => !KNOWN.has(f));
}

/** 400 naming the unknown fields of `text`, if any. */
export function assertKnownFields(text: string) {
  const unknown = unknownFields(text);
  if (unknown.length > 0)
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `Unknown merge field${unknown.length > 1 ? 's' : ''}: ${unknown
        .map((f) => `{{${f}}}`)
        .join(', ')}. Known fields: ${MERGE_FIELDS.join(', ')}`,
    });
}

/** The characters that may start or close markup in CommonMark, GFM or HTML. */
const MARKUP = /[\\`*_{}[\]()<>#+\-.!|~&:=]/g;

/**
 * A value as literal text in Markdown and in HTML: every character that can make markup is
 * backslash-escaped (CommonMark reads `\[` as `[`, and `\<` never starts raw HTML, `\&`
 * never an entity), and line breaks are hard breaks (`\` at the end of the line), so that
 * no value can start a heading, list, quote or code block either.
 */
export function escapeMarkdown(value: string): string {
  return (
    value
      .split('')
      // Control characters (but line breaks) make no text a reader sees.
      .filter((c) => c >= ' ' || c === '\n' || c === '\r' || c === '\t')
      .join('')
      .replace(MARKUP, (c) => `\\${c}`)
      .split(/\r\n|\r|\n/)
      .map((line) => line.trim())
      .join('\\\n')
  );
}

/**
 * What an empty field becomes: a line to fill in, as on a paper form. Nothing at all left
 * marks behind ("****" for an empty bold project name, "()" for a missing address) and
 * sentences with a hole ("Work starts on and…"); a blank shows what is missing before the
 * contract is sent.
 */
export const EMPTY_FIELD = '________';

/** Fills the fields of `text` with escaped values; 400 naming an unknown one. */
export function fillMergeFields(text: string, values: MergeValues): string {
  assertKnownFields(text);
  return text.replace(FIELD, (_, name: string) => {
    const value = values[name as MergeField] ?? '';
    return escapeMarkdown(value.trim() === '' ? EMPTY_FIELD : value);
  });
}
