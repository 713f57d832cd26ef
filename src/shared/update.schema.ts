import { z } from 'zod';

/**
 * `field` without what it fills in for an absent value. zod 4 runs `.default()` and
 * `.prefault()` inside `.partial()`, so an update built that way reset the fields it was
 * not given (a project's status to active, a time entry's isTimer to false).
 */
function withoutDefault(field: z.ZodType): z.ZodType {
  if (field instanceof z.ZodDefault || field instanceof z.ZodPrefault) {
    return withoutDefault(field.unwrap() as z.ZodType);
  }
  // The update adds its own `.optional()` around the field.
  if (field instanceof z.ZodOptional) return withoutDefault(field.unwrap() as z.ZodType);
  if (field instanceof z.ZodNullable) {
    const inner = withoutDefault(field.unwrap() as z.ZodType);
    return inner === field.unwrap() ? field : inner.nullable();
  }
  if (field instanceof z.ZodPipe) {
    const inner = withoutDefault(field.in as z.ZodType);
    return inner === field.in ? field : z.pipe(inner, field.out as z.ZodType);
  }
  return field;
}

/**
 * The update of a create schema: every field may be left out, and a field left out stays as
 * it is (its rules still apply when it is sent). Use it, never `.partial()`, for PUT bodies.
 */
export function updateSchemaOf<S extends z.ZodRawShape>(input: z.ZodObject<S>) {
  const shape = Object.fromEntries(
    Object.entries(input.shape).map(([key, field]) => [
      key,
      withoutDefault(field as z.ZodType).optional(),
    ]),
  );
  // The same fields as `.partial()` gives, whose types already let each one be absent.
  return z.object(shape) as unknown as z.ZodObject<{ [K in keyof S]: z.ZodOptional<S[K]> }>;
}
