import { addDays, format } from 'date-fns';
import {
  API_TOKEN_EXPIRY_DAYS,
  API_TOKEN_SCOPE_LABELS,
  DATE_FORMATS,
  LANGUAGES,
  TIMEZONES,
  TIME_FORMATS,
  type ApiTokenScope,
  type NOTIFICATION_FLAGS,
} from '../../../shared/account.schema.ts';

/** 'GMT-5' for a zone right now (daylight saving included), or '' if the browser can't tell. */
function offsetOf(timeZone: string): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName');
    return parts?.value ?? '';
  } catch {
    return '';
  }
}

/** 'America/New_York' → 'New York (GMT-4)'; the value stays the IANA name. */
export function timezoneOptions() {
  return TIMEZONES.map((zone) => {
    const city = zone.split('/').pop()?.replaceAll('_', ' ') ?? zone;
    const offset = offsetOf(zone);
    return { value: zone, label: offset ? `${city} (${offset})` : city };
  });
}

const DATE_FNS_PATTERNS: Record<(typeof DATE_FORMATS)[number], string> = {
  'MM/DD/YYYY': 'MM/dd/yyyy',
  'DD/MM/YYYY': 'dd/MM/yyyy',
  'YYYY-MM-DD': 'yyyy-MM-dd',
};

export const DATE_FORMAT_OPTIONS = DATE_FORMATS.map((value) => ({ value, label: value }));

/** Today's date in a format, to show what the choice looks like. */
export function dateExample(value: string, today = new Date()): string {
  const pattern = DATE_FNS_PATTERNS[value as (typeof DATE_FORMATS)[number]];
  return pattern ? format(today, pattern) : '';
}

export const TIME_FORMAT_OPTIONS = TIME_FORMATS.map((value) => ({
  value,
  label: value === '12h' ? '12-hour' : '24-hour',
}));

const LANGUAGE_NAMES: Record<(typeof LANGUAGES)[number], string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  pt: 'Português',
};

export const LANGUAGE_OPTIONS = LANGUAGES.map((value) => ({
  value,
  label: LANGUAGE_NAMES[value],
}));

export const NOTIFICATION_LABELS: Record<
  (typeof NOTIFICATION_FLAGS)[number],
  { label: string; description: string }
> = {
  emailNotifications: {
    label: 'Email Notifications',
    description: 'Updates about your work, sent to your email address.',
  },
  pushNotifications: {
    label: 'Push Notifications',
    description: 'Alerts in your browser while Keel is open.',
  },
  taskReminders: {
    label: 'Task Reminders',
    description: 'A reminder before a task assigned to you is due.',
  },
  projectUpdates: {
    label: 'Project Updates',
    description: 'Changes to the projects you work on.',
  },
  teamInvites: {
    label: 'Team Invitations',
    description: 'When someone invites you to a workspace.',
  },
  securityAlerts: {
    label: 'Security Alerts',
    description: 'Sign-ins from new devices and password changes.',
  },
};

/** The current time in a format, to show what the choice looks like. */
export function timeExample(value: string, now = new Date()): string {
  return format(now, value === '24h' ? 'HH:mm' : 'h:mm a');
}

/** '7 days' … '1 year'; the value is the number of days, as a Select needs a string. */
export const TOKEN_EXPIRY_OPTIONS = API_TOKEN_EXPIRY_DAYS.map((days) => ({
  value: String(days),
  label: days === 365 ? '1 year' : `${days} days`,
}));

/** The date a token made today with this lifetime stops working. */
export function tokenExpiryExample(days: number, today = new Date()): string {
  return format(addDays(today, days), 'MMM d, yyyy');
}

/** The default first. */
export const TOKEN_SCOPE_OPTIONS = (['read_write', 'read'] as const).map((value) => ({
  value,
  label: API_TOKEN_SCOPE_LABELS[value],
}));

export const TOKEN_SCOPE_DESCRIPTIONS: Record<ApiTokenScope, string> = {
  read_write: 'Reads and changes data with your permissions.',
  read: 'Reads data only; every change is refused.',
};
