import { showDate } from '../../components/display-preferences.tsx';
import type { TagColor } from '../../../shared/contacts.schema.ts';

/** SPEC §9: dates in drawers read like 'Mar 04, 2025' (or in the user's date format). */
export function formatCreatedDate(iso: string): string {
  return showDate(iso);
}

/** Mantine has no 'purple'; grape is its purple. */
const TAG_MANTINE_COLORS: Record<TagColor, string> = {
  blue: 'blue',
  red: 'red',
  green: 'green',
  purple: 'grape',
  orange: 'orange',
  yellow: 'yellow',
};

export function tagMantineColor(color: TagColor): string {
  return TAG_MANTINE_COLORS[color];
}

/** SPEC §9: initials of up to two letters. */
export function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

const AVATAR_COLORS = ['blue', 'cyan', 'teal', 'green', 'orange', 'red', 'grape', 'violet'];

/** SPEC §9: the avatar colour is one of eight, chosen by the length of the name. */
export function avatarColorOf(name: string): string {
  return AVATAR_COLORS[name.length % AVATAR_COLORS.length] ?? 'blue';
}

/** How many contacts or organizations one page of a table shows (DESIGN §7: ≤ 100 rows). */
export const PAGE_SIZE = 50;

/** SPEC §9: drawers are 450 px wide. */
export const DRAWER_SIZE = 450;
