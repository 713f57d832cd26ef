import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The token a public form page carries back with its submission: the form's id and the time
 * the page was served, signed with the server's secret. It proves the page was loaded from
 * Keel at least MIN_FILL_SECONDS before (bots that post at once are refused) and at most
 * MAX_AGE_SECONDS ago, without storing anything per visit. The secret is the session
 * secret under a purpose of its own, so a token of another kind can never pass as this one.
 */

export const MIN_FILL_SECONDS = 3;
export const MAX_AGE_SECONDS = 24 * 3600;

const PURPOSE = 'keel:form-token:v1';

function signature(secret: string, payload: string) {
  return createHmac('sha256', secret).update(`${PURPOSE}:${payload}`).digest('base64url');
}

/** `{formId}.{issuedAtSeconds}.{signature}` */
export function issueFormToken(secret: string, formId: number, now = Date.now()) {
  const payload = `${formId}.${Math.floor(now / 1000)}`;
  return `${payload}.${signature(secret, payload)}`;
}

export type FormTokenCheck = 'ok' | 'invalid' | 'too_fast' | 'expired';

export function checkFormToken(
  secret: string,
  token: string | undefined,
  formId: number,
  now = Date.now(),
): FormTokenCheck {
  const match = /^([0-9]{1,10})\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
  if (!match) return 'invalid';
  const expected = Buffer.from(signature(secret, `${match[1]}.${match[2]}`));
  const given = Buffer.from(match[3]!);
  if (!timingSafeEqual(expected, given) || Number(match[1]) !== formId) return 'invalid';
  const age = now / 1000 - Number(match[2]);
  if (age < MIN_FILL_SECONDS) return 'too_fast';
  if (age > MAX_AGE_SECONDS) return 'expired';
  return 'ok';
}
