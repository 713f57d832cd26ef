import { addDays } from 'date-fns';
import { showDate } from '../../components/display-preferences.tsx';
import {
  API_TOKEN_EXPIRY_DAYS,
  API_TOKEN_SCOPE_LABELS,
  DATE_FORMATS,
  LANGUAGES,
  TIMEZONES,
  TIME_FORMATS,
  WEEK_STARTS,
  type ApiTokenScope,
  type NOTIFICATION_FLAGS,
} from '../../../shared/account.schema.ts';
import {
  DEFAULT_DISPLAY,
  formatInstantDate,
  formatTime,
  type DisplayPreferences,
} from '../../../shared/datetime.ts';

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

export const DATE_FORMAT_OPTIONS = DATE_FORMATS.map((value) => ({ value, label: value }));

export const WEEK_START_OPTIONS = WEEK_STARTS.map((value) => ({
  value,
  label: value[0]!.toUpperCase() + value.slice(1),
}));

/** Today in a zone and format, as lists will show it, to preview the choice. */
export function dateExample(
  dateFormat: DisplayPreferences['dateFormat'],
  timezone: string,
  now = new Date(),
): string {
  return formatInstantDate(now, { ...DEFAULT_DISPLAY, timezone, dateFormat });
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
    description:
      'Emails of your notifications, as the switches below choose. Off: none, whatever they say (the bell still lists them).',
  },
  pushNotifications: {
    label: 'Push Notifications',
    description:
      'Alerts from your browser: Keel sends none yet (the bell lists every notification). Never an email.',
  },
  taskReminders: {
    label: 'Task Reminders',
    description: 'An email when a task, a contact or a deal is assigned to you.',
  },
  projectUpdates: {
    label: 'Project Updates',
    description:
      'Emails about timesheets (submitted, approved, rejected), invoices viewed or paid, proposals and estimates accepted or declined, and recurring invoices created.',
  },
  teamInvites: {
    label: 'Team Invitations',
    description: 'An email when someone accepts an invitation you sent.',
  },
  securityAlerts: {
    label: 'Security Alerts',
    description:
      'An email when background work fails for good (an invoice email, a recurring invoice), for owners and administrators.',
  },
};

/** The time now in the chosen zone and format, to preview the choice. */
export function timeExample(
  timeFormat: DisplayPreferences['timeFormat'],
  timezone: string,
  now = new Date(),
): string {
  return formatTime(now, { ...DEFAULT_DISPLAY, timezone, timeFormat });
}

/** '7 days' … '1 year'; the value is the number of days, as a Select needs a string. */
export const TOKEN_EXPIRY_OPTIONS = API_TOKEN_EXPIRY_DAYS.map((days) => ({
  value: String(days),
  label: days === 365 ? '1 year' : `${days} days`,
}));

/** The date a token made today with this lifetime stops working. */
export function tokenExpiryExample(days: number, today = new Date()): string {
  return showDate(addDays(today, days));
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
