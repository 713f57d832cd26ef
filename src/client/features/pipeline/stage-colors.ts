/** The colours a stage may take: Mantine palette names, which the server stores as they are. */
export const STAGE_COLORS = [
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

const KNOWN = new Set<string>(STAGE_COLORS);

/** A stage's Mantine colour; anything unknown (a script may have stored it) shows gray. */
export function stageColor(color: string | null | undefined): string {
  return color && KNOWN.has(color) ? color : 'gray';
}
