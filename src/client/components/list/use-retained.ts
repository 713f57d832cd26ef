import { useState } from 'react';

/**
 * The last non-null value: a drawer or dialog closes with an animation, and its content
 * should stay on screen until the animation ends instead of vanishing first.
 */
export function useRetained<T>(value: T | null): T | null {
  const [retained, setRetained] = useState(value);
  if (value !== null && value !== retained) setRetained(value);
  return value ?? retained;
}
