import { z } from 'zod';

/** The dialogs send a file in batches of this many rows, so they can show progress. */
export const IMPORT_BATCH_SIZE = 500;

/** One batch of a CSV import of `row`s (contacts, organizations): the same call shape. */
export function importInputOf<Row extends z.ZodType>(row: Row) {
  return z.object({
    rows: z.array(row).min(1).max(1000, 'Send at most 1000 rows at a time'),
    /** Row number of the first row in the file, so reports name file rows. */
    firstRowNumber: z.number().int().min(1).default(1),
    /**
     * Names the file (the dialog sends the SHA-256 of its bytes): rows this file already
     * created in the workspace are skipped, so sending it again creates nothing twice.
     */
    importId: z
      .string()
      .regex(
        /^[A-Za-z0-9._:-]{1,100}$/,
        'Import id must be 1 to 100 letters, digits, dots, colons, dashes or underscores',
      )
      .optional(),
  });
}

const rowReports = z.array(z.object({ row: z.number(), reason: z.string() }));

export const ImportResultSchema = z.object({
  created: z.number(),
  skipped: rowReports,
  rejected: rowReports,
  warnings: rowReports.optional().meta({
    description:
      'Rows created without a value that could not be used (an assignee who is no active ' +
      'member of the workspace, a tag name too long); only when there are some.',
  }),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;
