/**
 * Marks the refusal of a call with no usable session or API token (`notAuthenticated()` in
 * domains/auth/identity.ts): REST puts `code: NOT_AUTHENTICATED` in the 401's body and tRPC
 * `reason` in the error's data, so a client tells a lost session from a wrong password or
 * code (also 401) by that code, never by the message. Apart, like GoneCause, so that init.ts
 * and plugins/errors.ts can read it without importing each other.
 */
export class NotAuthenticatedCause extends Error {}
