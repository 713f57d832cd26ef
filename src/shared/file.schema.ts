import { z } from 'zod';

/** A file a procedure answers (a PDF): its name and its bytes. */
export const FileSchema = z.object({
  filename: z.string(),
  content: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
});
