import { z } from 'zod';

/** What a change with nothing more to tell answers: `{ "success": true }`. */
export const SuccessSchema = z.object({ success: z.literal(true) });
