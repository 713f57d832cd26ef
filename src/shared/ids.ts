import { z } from 'zod';

/** Database ids are PostgreSQL integers: anything outside 1..2^31-1 can name no row. */
export const IdSchema = z.coerce
  .number({ error: 'Invalid id' })
  .int('Invalid id')
  .positive('Invalid id')
  .max(2_147_483_647, 'Invalid id');
