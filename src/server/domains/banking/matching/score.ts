/** Scores are whole numbers from 0 to 100. */
export function clampScore(score: number): number {
  return Math.max(0, Math.min(100, Math.round(score)));
}

/** Highest score first; equal scores by id, so the order never depends on the input's. */
export function bySuggestionOrder<T extends { score: number }>(id: (s: T) => number) {
  return (a: T, b: T) => b.score - a.score || id(a) - id(b);
}
