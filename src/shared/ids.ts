import { z } from 'zod';

/** The largest PostgreSQL integer: a larger id can name no row. */
const MAX_ID = 2_147_483_647;
const INVALID = 'Invalid id';

const idNumber = z.number({ error: INVALID }).int(INVALID).min(1, INVALID).max(MAX_ID, INVALID);

/**
 * A row id: a JSON integer, or its canonical decimal spelling as paths and query strings
 * carry it. Number() coercion read '0x1', '+1', ' 1', '1e0', '01', '1.0' and `true` as id 1,
 * so one row had many names and a typo could act on another row.
 */
function idSchema(missing: string) {
  return z.union(
    [
      idNumber,
      z
        .string({ error: INVALID })
        .regex(/^[1-9][0-9]{0,9}$/, INVALID)
        .transform(Number)
        .pipe(idNumber),
    ],
    { error: (issue) => (issue.input === undefined || issue.input === null ? missing : INVALID) },
  );
}

export const IdSchema = idSchema(INVALID);

/** An id that must be given, with the form's message when it is missing or null. */
export function requiredId(missing: string) {
  return idSchema(missing);
}
