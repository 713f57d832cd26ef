import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError, messageOf } from '../../trpc.ts';

/**
 * Puts the server's refusal on the fields it names (`weekly.mon.0.end` → that input) and
 * answers what no field took (a slug taken, a 404), for the dialog to show above its foot.
 */
export function showServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: (path: string) => boolean,
): string | null {
  const details = isApiError(error)
    ? (error.data as { details?: { path: string; message: string }[] } | undefined)?.details
    : undefined;
  let rest: string | null = null;
  for (const detail of details ?? []) {
    if (known(detail.path)) setError(detail.path as FieldPath<T>, { message: detail.message });
    else rest ??= detail.message;
  }
  return details?.length ? rest : messageOf(error) || 'Something went wrong. Please try again.';
}
