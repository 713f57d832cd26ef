import type { BankImportResult, CsvMapping } from '../../../shared/banking.schema.ts';
import { responseError } from '../account/account-errors.ts';

/** The server's cap on a statement file: 5 MB (413 above it). */
export const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;
export const STATEMENT_ACCEPT = '.csv,.txt,.ofx,.qfx,.xml,.sta,.mt940,.940';

/**
 * Where an import is: its bytes going up (what the browser measured, so a real fraction),
 * then the server saving them, which tells nothing until it answers.
 */
export type ImportProgress =
  { phase: 'upload'; loaded: number; total: number } | { phase: 'saving' };

/**
 * POST /api/bank-accounts/{id}/imports (multipart: `mapping` first, then `file`);
 * `preview` answers what would be imported and saves nothing. Sent with XMLHttpRequest
 * rather than fetch, which reports no upload progress; `onProgress` hears the bytes sent,
 * then that the server has them all and is saving.
 */
export function importStatement(
  accountId: number,
  file: File,
  options: {
    mapping?: Partial<CsvMapping> | null;
    preview: boolean;
    onProgress?: (progress: ImportProgress) => void;
  },
): Promise<BankImportResult> {
  const body = new FormData();
  if (options.mapping) body.append('mapping', JSON.stringify(options.mapping));
  body.append('file', file);
  const url = `/api/bank-accounts/${accountId}/imports${options.preview ? '?preview=true' : ''}`;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    const { onProgress } = options;
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable)
          onProgress({ phase: 'upload', loaded: event.loaded, total: event.total });
      };
      xhr.upload.onload = () => onProgress({ phase: 'saving' });
    }
    xhr.onerror = () => reject(new Error('The connection was lost. Please try again.'));
    xhr.onabort = () => reject(new Error('The upload was cancelled'));
    xhr.onload = () => {
      // The same reading of an answer as a fetch's, so the errors say the same.
      const response = new Response(xhr.status === 204 ? null : xhr.responseText, {
        status: xhr.status,
        headers: { 'content-type': xhr.getResponseHeader('content-type') ?? 'application/json' },
      });
      if (response.ok) {
        resolve(response.json() as Promise<BankImportResult>);
        return;
      }
      const fallback =
        response.status === 413
          ? 'The file is over 5 MB: split the statement'
          : 'The file could not be read. Please try again.';
      void responseError(response, fallback).then(reject, reject);
    };
    xhr.send(body);
  });
}
