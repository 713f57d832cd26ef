/**
 * Workspace slug (SPEC §5): lowercase, keep letters, digits, spaces and hyphens,
 * whitespace to hyphens, collapse repeated hyphens, trim hyphens at the ends.
 */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Stage key (SPEC §5): the lowercased label with whitespace turned to underscores. */
export function stageKey(label: string): string {
  return label.trim().toLowerCase().replace(/\s+/g, '_');
}
