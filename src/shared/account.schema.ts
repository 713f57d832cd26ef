import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { singleLine } from './text.schema.ts';

/** The 26 time zones of the preferences form (SPEC §5). */
export const TIMEZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Toronto',
  'America/Vancouver',
  'America/Mexico_City',
  'America/Sao_Paulo',
  'America/Buenos_Aires',
  'Europe/London',
  'Europe/Dublin',
  'Europe/Paris',
  'Europe/Berlin',
  'Europe/Madrid',
  'Europe/Amsterdam',
  'Europe/Stockholm',
  'Europe/Athens',
  'Africa/Johannesburg',
  'Asia/Dubai',
  'Asia/Kolkata',
  'Asia/Singapore',
  'Asia/Tokyo',
  'Australia/Sydney',
] as const;

export const DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD'] as const;
export const TIME_FORMATS = ['12h', '24h'] as const;
/** The first day of the user's week (calendars, "this week"). */
export const WEEK_STARTS = ['sunday', 'monday', 'saturday'] as const;
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'pt'] as const;

export const NOTIFICATION_FLAGS = [
  'emailNotifications',
  'pushNotifications',
  'taskReminders',
  'projectUpdates',
  'teamInvites',
  'securityAlerts',
] as const;

export const AccountSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.string().nullable(),
  createdAt: z.string(),
  profileImageUrl: z.string().nullable(),
  timezone: z.string(),
  dateFormat: z.string(),
  timeFormat: z.string(),
  weekStart: z.string(),
  language: z.string(),
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  taskReminders: z.boolean(),
  projectUpdates: z.boolean(),
  teamInvites: z.boolean(),
  securityAlerts: z.boolean(),
});
export type Account = z.infer<typeof AccountSchema>;

/** SPEC §5 Account profile. */
export const ProfileInputSchema = z.object({
  firstName: singleLine('First name', { error: 'First name is required' })
    .trim()
    .min(1, 'First name is required')
    .max(50, 'First name must be less than 50 characters'),
  lastName: singleLine('Last name', { error: 'Last name is required' })
    .trim()
    .min(1, 'Last name is required')
    .max(50, 'Last name must be less than 50 characters'),
  email: z
    .string({ error: 'Invalid email address' })
    .trim()
    .max(100, 'Email must be less than 100 characters')
    .pipe(z.email('Invalid email address')),
  phone: z
    .string()
    .trim()
    .max(50, 'Phone must be less than 50 characters')
    .nullable()
    .optional()
    // Not sent: kept as it is; sent empty: cleared.
    .transform((v) => (v === undefined ? undefined : v || null)),
  /** Checked only when the email changes: the email is what the account signs in with. */
  currentPassword: z
    .string()
    .max(200, 'Current password is incorrect')
    .optional()
    .meta({ description: 'Required when the email changes; ignored otherwise.' }),
});

/**
 * SPEC §5 Password change: the policy of every password a user chooses for an account they
 * already have (a change, or a reset from an emailed link).
 */
export const NewPasswordSchema = z
  .string({ error: 'Password must be at least 8 characters' })
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password must be at most 200 characters')
  .regex(/[a-z]/, 'Password must contain at least one lowercase letter')
  .regex(/[A-Z]/, 'Password must contain at least one uppercase letter')
  .regex(/[0-9]/, 'Password must contain at least one number');

/** SPEC §5 Password change. */
export const PasswordChangeSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required'),
    newPassword: NewPasswordSchema,
    confirmPassword: z
      .string({ error: 'Please confirm your password' })
      .min(1, 'Please confirm your password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

export const PreferencesInputSchema = z.object({
  timezone: z.enum(TIMEZONES, { error: 'Please select a timezone' }),
  dateFormat: z.enum(DATE_FORMATS),
  timeFormat: z.enum(TIME_FORMATS),
  /** Not sent: kept as it is (older clients send the three SPEC fields only). */
  weekStart: z.enum(WEEK_STARTS).optional(),
  language: z.enum(LANGUAGES).optional(),
});

export const NotificationsInputSchema = z.object(
  Object.fromEntries(NOTIFICATION_FLAGS.map((flag) => [flag, z.boolean()])) as Record<
    (typeof NOTIFICATION_FLAGS)[number],
    z.ZodBoolean
  >,
);

export const ActiveSessionSchema = z.object({
  id: z.string(),
  deviceName: z.string().nullable(),
  ipAddress: z.string().nullable(),
  location: z.string().nullable(),
  lastActive: z.string(),
  isCurrent: z.boolean(),
});

export const SessionIdSchema = z.object({
  id: z.string().regex(/^[a-f0-9]{32}$/, 'Session not found'),
});

/** What a personal API token may do: 'read' runs queries only, 'read_write' what its user may. */
export const API_TOKEN_SCOPES = ['read', 'read_write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: 'Read only',
  read_write: 'Read and write',
};

/** The lifetimes offered at creation; a token never lives longer than a year. */
export const API_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;
export const DEFAULT_API_TOKEN_EXPIRY_DAYS = 90;

export const ApiTokenSchema = z.object({
  id: z.number(),
  name: z.string(),
  prefix: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  expiresAt: z.string().meta({ description: 'After this moment the token is refused (401).' }),
  expired: z.boolean(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
});
export const ApiTokenCreateSchema = z.object({
  name: z
    .string({ error: 'Token name is required' })
    .trim()
    .min(1, 'Token name is required')
    .max(100),
  expiresInDays: z
    .literal(API_TOKEN_EXPIRY_DAYS, { error: 'Expiry must be 7, 30, 90 or 365 days' })
    .default(DEFAULT_API_TOKEN_EXPIRY_DAYS)
    .meta({ description: 'Days until the token expires: 7, 30, 90 (default) or 365.' }),
  scope: z
    .enum(API_TOKEN_SCOPES, { error: 'Scope must be read or read_write' })
    .default('read_write')
    .meta({
      description:
        "'read': queries only, every change is refused with 403; 'read_write' (default): " +
        'what the user may do, except managing tokens, the password and the email.',
    }),
});
export const ApiTokenIdSchema = z.object({ id: IdSchema });
