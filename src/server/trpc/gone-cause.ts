/**
 * Marks a refusal of something that existed and is now void for good (`gone()` in
 * plugins/errors.ts): tRPC has no such code, so the error stays NOT_FOUND while REST answers
 * 410 and tRPC's error data says `httpStatus: 410`. Apart from errors.ts so that init.ts can
 * read it without importing errors.ts, which imports init.ts.
 */
export class GoneCause extends Error {}
