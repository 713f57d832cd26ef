import type { Expense } from '../../../shared/expenses.schema.ts';
import { responseError } from '../account/account-errors.ts';

/** The server's cap (the files table's): 5 MiB. */
export const MAX_RECEIPT_BYTES = 5 * 1024 * 1024;
export const RECEIPT_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,application/pdf';

/** What is wrong with a chosen file before it is sent; null when it may go. */
export function receiptProblem(file: File): string | null {
  if (file.size >= MAX_RECEIPT_BYTES) return 'File size must be less than 5MB';
  if (file.type && !RECEIPT_ACCEPT.split(',').includes(file.type))
    return 'A receipt must be an image (PNG, JPEG, GIF or WebP) or a PDF';
  return null;
}

/** POST /api/expenses/{id}/receipt (multipart, field `receipt`) → the expense. */
export async function uploadReceipt(expenseId: number, file: File): Promise<Expense> {
  const body = new FormData();
  body.append('receipt', file);
  const response = await fetch(`/api/expenses/${expenseId}/receipt`, {
    method: 'POST',
    body,
    credentials: 'same-origin',
  });
  if (!response.ok) throw await responseError(response, 'Please try again.');
  return (await response.json()) as Expense;
}
