import type { BankImportResult, CsvMapping } from '../../../shared/banking.schema.ts';
import { responseError } from '../account/account-errors.ts';

/** The server's cap on a statement file: 5 MB (413 above it). */
export const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;
export const STATEMENT_ACCEPT = '.csv,.txt,.ofx,.qfx,.xml,.sta,.mt940,.940';

/**
 * POST /api/bank-accounts/{id}/imports (multipart: `mapping` first, then `file`);
 * `preview` answers what would be imported and saves nothing.
 */
export async function importStatement(
  accountId: number,
  file: File,
  options: { mapping?: Partial<CsvMapping> | null; preview: boolean },
): Promise<BankImportResult> {
  const body = new FormData();
  if (options.mapping) body.append('mapping', JSON.stringify(options.mapping));
  body.append('file', file);
  const response = await fetch(
    `/api/bank-accounts/${accountId}/imports${options.preview ? '?preview=true' : ''}`,
    { method: 'POST', body, credentials: 'same-origin' },
  );
  if (!response.ok) {
    if (response.status === 413)
      throw await responseError(response, 'The file is over 5 MB: split the statement');
    throw await responseError(response, 'The file could not be read. Please try again.');
  }
  return (await response.json()) as BankImportResult;
}
