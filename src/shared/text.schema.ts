import { z } from 'zod';

/**
 * C0 and C1 control characters (CR, LF and tab among them) and the Unicode line and paragraph
 * separators. A name travels into email headers and subjects, file names, PDFs and CSV rows,
 * where a line break starts a new header or row.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const WITHOUT_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$/;

/**
 * A one-line text such as a name: a string without control characters, checked before any
 * trim so that a trailing line break is refused rather than silently cut. Chain the field's
 * own rules after it, e.g. `singleLine('Full name').trim().min(1, …).max(100, …)`.
 * Multi-line fields (notes, descriptions) use plain strings.
 */
export function singleLine(label: string, params?: { error?: string }) {
  return z
    .string(params)
    .regex(
      WITHOUT_CONTROL_CHARACTERS,
      `${label} must not contain line breaks or control characters`,
    );
}
