import { isApiError, messageOf, noticeFailedRequest, RequestFailed } from '../../trpc.ts';

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

/**
 * The same rule for a plain fetch (uploads): the refusal of a non-OK reply, its message
 * from the JSON error body, with the status and the body's machine code. A lost session
 * is reported at once (it ends the page's session, as a tRPC call's does).
 */
export async function responseError(response: Response, fallback: string): Promise<RequestFailed> {
  const body: unknown = await response.json().catch(() => null);
  const { details, error, code } = (body && typeof body === 'object' ? body : {}) as {
    details?: unknown;
    error?: unknown;
    code?: unknown;
  };
  const message = isDetailList(details)
    ? describeDetails(details)
    : typeof error === 'string' && error
      ? error
      : fallback;
  const failed = new RequestFailed(
    message,
    response.status,
    typeof code === 'string' ? code : undefined,
  );
  noticeFailedRequest(failed);
  return failed;
}
