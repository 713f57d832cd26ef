/** An ILIKE pattern matching `text` anywhere, with the user's % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Dates leave the database as Date objects and the API as ISO strings. */
export function iso(value: Date): string;
export function iso(value: Date | null): string | null;
export function iso(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

/** Applies the optional `limit` and `offset` of a list query (the whole list without them). */
export function paginate<Q extends { limit(n: number): Q; offset(n: number): Q }>(
  query: Q,
  { limit, offset }: { limit?: number; offset?: number },
): Q {
  let result = query;
  if (limit !== undefined) result = result.limit(limit);
  if (offset) result = result.offset(offset);
  return result;
}
