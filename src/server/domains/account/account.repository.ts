import { sql } from 'kysely';
import type { ApiTokenScope } from '../../../shared/account.schema.ts';
import type { DisplayPreferences } from '../../../shared/datetime.ts';
import type { Database } from '../../db/create-db.ts';
import { iso } from '../../db/search.ts';

export async function findAccount(db: Database, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'fullName',
      'email',
      'phone',
      'createdAt',
      'profileImageUrl',
      'timezone',
      'dateFormat',
      'timeFormat',
      'weekStart',
      'language',
      'emailNotifications',
      'pushNotifications',
      'taskReminders',
      'projectUpdates',
      'teamInvites',
      'securityAlerts',
    ])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** How the user reads dates and times; the database's checks keep the values in range. */
export async function findDisplayPreferences(
  db: Database,
  userId: number,
): Promise<DisplayPreferences> {
  const row = await db
    .selectFrom('users')
    .select(['timezone', 'dateFormat', 'timeFormat', 'weekStart'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row as DisplayPreferences;
}

export async function updateUser(
  db: Database,
  userId: number,
  values: Partial<{
    fullName: string;
    email: string;
    phone: string | null;
    passwordHash: string;
    isActive: boolean;
    profileImageUrl: string | null;
    timezone: string;
    dateFormat: string;
    timeFormat: string;
    weekStart: string;
    language: string;
    emailNotifications: boolean;
    pushNotifications: boolean;
    taskReminders: boolean;
    projectUpdates: boolean;
    teamInvites: boolean;
    securityAlerts: boolean;
  }>,
) {
  await db
    .updateTable('users')
    .set({ ...values, updatedAt: new Date() })
    .where('id', '=', userId)
    .execute();
}

export async function findPasswordHash(db: Database, userId: number) {
  const row = await db
    .selectFrom('users')
    .select('passwordHash')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.passwordHash;
}

/** Ends every session of the user except `keepSid` (none when it is undefined). */
/** Ends the user's sessions (but `keepSid`); answers how many. */
export async function deleteSessions(db: Database, userId: number, keepSid?: string) {
  let q = db.deleteFrom('sessions').where('userId', '=', userId);
  if (keepSid) q = q.where('sid', '!=', keepSid);
  const result = await q.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function listActiveSessions(db: Database, userId: number, currentSid: string) {
  const rows = await db
    .selectFrom('activeSessions as a')
    .innerJoin('sessions as s', 's.sid', 'a.sessionSid')
    .select(['a.id', 'a.sessionSid', 'a.deviceName', 'a.ipAddress', 'a.location', 'a.lastActive'])
    .where('a.userId', '=', userId)
    .where('s.expire', '>', new Date())
    .orderBy('a.lastActive', 'desc')
    .execute();
  return rows.map(({ sessionSid, ...r }) => ({
    ...r,
    lastActive: iso(r.lastActive),
    isCurrent: sessionSid === currentSid,
  }));
}

/** Ends one of the user's sessions by its public id; false when there is none. */
export async function deleteActiveSession(db: Database, userId: number, id: string) {
  const row = await db
    .selectFrom('activeSessions')
    .select('sessionSid')
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return false;
  await db
    .deleteFrom('sessions')
    .where('sid', '=', row.sessionSid)
    .where('userId', '=', userId)
    .execute();
  return true;
}

// API tokens

/** The columns a token is listed with; `expired` on the database's clock, as the check is. */
const tokenColumns = [
  'id',
  'name',
  'prefix',
  'scope',
  'expiresAt',
  sql<boolean>`expires_at <= now()`.as('expired'),
  'lastUsedAt',
  'createdAt',
] as const;

function tokenView(row: {
  id: number;
  name: string;
  prefix: string;
  scope: string;
  expiresAt: Date;
  expired: boolean;
  lastUsedAt: Date | null;
  createdAt: Date;
}) {
  return {
    ...row,
    scope: row.scope as ApiTokenScope,
    expiresAt: iso(row.expiresAt),
    lastUsedAt: iso(row.lastUsedAt),
    createdAt: iso(row.createdAt),
  };
}

export async function listApiTokens(db: Database, userId: number) {
  const rows = await db
    .selectFrom('apiTokens')
    .select(tokenColumns)
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(tokenView);
}

export async function insertApiToken(
  db: Database,
  values: {
    userId: number;
    name: string;
    tokenHash: string;
    prefix: string;
    scope: ApiTokenScope;
    expiresInDays: number;
  },
) {
  const { expiresInDays, ...columns } = values;
  const row = await db
    .insertInto('apiTokens')
    .values({ ...columns, expiresAt: sql<Date>`now() + make_interval(days => ${expiresInDays})` })
    .returning(tokenColumns)
    .executeTakeFirstOrThrow();
  return tokenView(row);
}

export async function deleteApiToken(db: Database, userId: number, id: number) {
  const result = await db
    .deleteFrom('apiTokens')
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Revokes every API token of the user; answers how many. */
export async function deleteApiTokens(db: Database, userId: number) {
  const result = await db.deleteFrom('apiTokens').where('userId', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
