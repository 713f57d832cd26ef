/** Up to two letters from the first words that start with a letter or digit (SPEC §9). */
export function initials(text: string): string {
  return text
    .split(/\s+/)
    .map((word) => word.match(/[\p{L}\p{N}]/u)?.[0] ?? '')
    .filter(Boolean)
    .slice(0, 2)
    .join('')
    .toUpperCase();
}
