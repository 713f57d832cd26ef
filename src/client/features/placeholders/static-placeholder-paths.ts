/**
 * The paths of SPEC §2's static placeholders. Kept apart from their page so the router
 * (in the first bundle) can register them without loading the page's code.
 */
export const STATIC_PLACEHOLDER_PATHS = ['/scheduling'] as const;

export type StaticPlaceholderPath = (typeof STATIC_PLACEHOLDER_PATHS)[number];
