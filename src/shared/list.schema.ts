import { z } from 'zod';

/**
 * Optional paging and search on every list: without `limit` the whole list is answered,
 * as the original API did; the client always pages.
 */
export const ListQuerySchema = z.object({
  search: z.string().trim().max(200, 'Search must be less than 200 characters').optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;

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

/** An email that may be left empty (SPEC §5: 'Invalid email' otherwise). */
export const optionalEmail = z
  .union([
    z.literal(''),
    z.string().trim().max(254, 'Invalid email').pipe(z.email('Invalid email')),
  ])
  .nullable()
  .optional()
  .transform((v) => (v === '' ? null : v));
