import { z } from 'zod';

const EARLIEST = Date.parse('1900-01-01T00:00:00Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * Years 1900 to 9999 only. ISO 8601 and zod accept more than the database round-trips:
 * PostgreSQL has no year 0, an instant before AD 1 is read back as an invalid Date, year
 * 0001 came back as 2001, and past 9999 the answer turns into '+010000-…'.
 */
const inRange = (value: string) => {
  const time = Date.parse(value);
  return time >= EARLIEST && time <= LATEST;
};

/** A calendar date, YYYY-MM-DD, that the database stores and answers unchanged. */
export const IsoDateSchema = z.iso.date('Invalid date').refine(inRange, 'Invalid date');

/**
 * An instant with its offset (ISO 8601), handed on in UTC: zod allows offsets up to ±23:59,
 * PostgreSQL only up to ±15:59.
 */
export const IsoDateTimeSchema = z.iso
  .datetime({ offset: true })
  .refine(inRange, 'Invalid date')
  .transform((value) => new Date(value).toISOString());
