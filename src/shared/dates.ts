import { z } from 'zod';

/** PostgreSQL has no year 0 (1 BC comes right before AD 1), though ISO 8601 and zod do. */
const notYearZero = (value: string) => !value.startsWith('0000-');

/** A calendar date, YYYY-MM-DD, that PostgreSQL can store. */
export const IsoDateSchema = z.iso.date('Invalid date').refine(notYearZero, 'Invalid date');

/** An instant with its offset (ISO 8601) that PostgreSQL can store. */
export const IsoDateTimeSchema = z.iso
  .datetime({ offset: true })
  .refine(notYearZero, 'Invalid date');
