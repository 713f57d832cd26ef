import { useDeferredValue, type ReactNode } from 'react';

/**
 * Renders `children` in a background render that React splits into slices of a few
 * milliseconds, showing `fallback` until it is done, so that drawing a big subtree (a page,
 * a list's first rows) never holds the main thread in one long task (issue 39).
 *
 * Why it is needed: the updates that mount a page or its data come from external stores
 * (the router's, React Query's), and React renders those synchronously, in one task; a
 * deferred value is the public way to move the work to a transition, which React time-slices.
 * On mount the value is `false` first (the cheap fallback is committed), then `true` in a
 * transition. Later renders of a mounted `DeferredRender` are not deferred again.
 */
export function DeferredRender({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const ready = useDeferredValue(true, false);
  return ready ? children : fallback;
}
