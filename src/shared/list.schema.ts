import { z } from 'zod';

/**
 * The most rows one list answer may hold, and what a list without `limit` answers: one
 * request must not cost the server (and every other workspace) a whole table.
 */
export const MAX_PAGE_SIZE = 500;

/**
 * Paging and search on every list. `limit` defaults to the maximum, so a list asked for
 * without it answers its first page; the size of the whole list is the page's `total`
 * (`X-Total-Count` on REST).
 */
export const ListQuerySchema = z.object({
  search: z.string().trim().max(200, 'Search must be less than 200 characters').optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(MAX_PAGE_SIZE)
    .meta({
      description: `Rows in this page, at most ${MAX_PAGE_SIZE} (the default). The X-Total-Count header tells how many rows the whole list holds; page on with offset.`,
    }),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;

/**
 * A list's `sort` parameter: one of `sorts`, each a key ascending or `-key` descending, the
 * first being the default. `labels` names them for people (the sort select, the docs).
 */
export function sortParam<Sort extends string>(labels: Readonly<Record<Sort, string>>) {
  const sorts = Object.keys(labels) as [Sort, ...Sort[]];
  return z
    .enum(sorts)
    .optional()
    .meta({
      description: `Order: ${sorts.map((sort) => `${sort} (${labels[sort]})`).join(', ')}; the first is the default. The id breaks ties.`,
    });
}

/** An export's filter: the list's search, never a page (an export streams every row). */
export const ExportQuerySchema = ListQuerySchema.pick({ search: true });

/** A page of a list and the size of the whole (filtered) list. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number() });
}

/** Optional text: empty strings are stored as null. */
export function optionalText(max: number, message?: string) {
  return z
    .string()
    .trim()
    .max(max, message ?? `Must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));
}

const anEmail = z.email();

/**
 * An email or nothing (''), trimmed. One refinement rather than a union, so that whatever is
 * wrong (a missing @, 300 characters) the message is SPEC §5's 'Invalid email'.
 */
export const emailOrEmpty = z
  .string()
  .trim()
  .refine((v) => v === '' || (v.length <= 254 && anEmail.safeParse(v).success), 'Invalid email')
  .meta({ description: 'An email address, or empty for none.' });

/** An email that may be left empty (SPEC §5: 'Invalid email' otherwise); stored as null. */
export const optionalEmail = emailOrEmpty
  .nullable()
  .optional()
  .transform((v) => (v === '' ? null : v));
