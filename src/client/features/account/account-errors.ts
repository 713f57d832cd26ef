import { isApiError, messageOf } from '../../trpc.ts';

type Detail = { path: string; message: string };

function isDetailList(value: unknown): value is Detail[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((d) => typeof d === 'object' && d !== null && 'path' in d && 'message' in d)
  );
}

/** SPEC §8 Account: 'Validation failed: path: message, ...' from a details list. */
export function describeDetails(details: Detail[]): string {
  return `Validation failed: ${details.map((d) => `${d.path}: ${d.message}`).join(', ')}`;
}

/**
 * The text of a failed account call (SPEC §8): the validation details when the server
 * sent some, else its message, else the fallback of that form.
 */
export function accountErrorMessage(error: unknown, fallback: string): string {
  if (isApiError(error)) {
    const details: unknown = error.data?.details;
    if (isDetailList(details)) return describeDetails(details);
  }
  return messageOf(error) || fallback;
}

/** The same rule for a plain fetch (uploads): the JSON error body of a non-OK reply. */
export async function responseErrorMessage(response: Response, fallback: string): Promise<string> {
  const body: unknown = await response.json().catch(() => null);
  if (body && typeof body === 'object') {
    const { details, error } = body as { details?: unknown; error?: unknown };
    if (isDetailList(details)) return describeDetails(details);
    if (typeof error === 'string' && error) return error;
  }
  return fallback;
}
