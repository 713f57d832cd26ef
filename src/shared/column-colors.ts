/**
 * The colours a board column (a pipeline stage, a task status) may take: Mantine palette
 * names, stored as they are.
 */
export const COLUMN_COLORS = [
  'gray',
  'blue',
  'cyan',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
] as const;

const KNOWN = new Set<string>(COLUMN_COLORS);

/** A column's Mantine colour; anything unknown (a script may have stored it) shows gray. */
export function columnColor(color: string | null | undefined): string {
  return color && KNOWN.has(color) ? color : 'gray';
}
