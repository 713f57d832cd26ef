import { randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { Database } from '../../db/create-db.ts';
import { hashToken } from '../auth/identity.ts';

/*
 * Client portal links: a secret URL per client that opens its documents without a Keel
 * account. A token is 256 random bits (base64url); only its SHA-256 is stored, so the
 * database never holds a working link. A client may hold several live links (each emailed
 * invoice may carry its own); rotating or revoking ends every live link of the client.
 */

export interface PortalLink {
  /** The secret itself: shown once, never stored. */
  token: string;
  /** `${APP_URL}/portal/${token}`. */
  url: string;
}

export interface PortalTarget {
  workspaceId: number;
  clientId: number;
  linkId: number;
}

/** The portal page of a token, on this server's public URL (config.appUrl). */
export function portalUrl(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}/portal/${token}`;
}

const CLIENT_NOT_FOUND = 'Client not found';

async function assertClient(db: Database, workspaceId: number, clientId: number) {
  const client = await db
    .selectFrom('clients')
    .select('id')
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', clientId)
    .executeTakeFirst();
  if (!client) throw new TRPCError({ code: 'NOT_FOUND', message: CLIENT_NOT_FOUND });
}

/**
 * Adds a live link for the client, beside any it already has. Pass the transaction as `db`
 * to make the link exist only if it commits. Throws NOT_FOUND when the client is not of the
 * workspace. `appUrl` is config.appUrl (ctx.config.appUrl in a procedure).
 */
export async function createPortalLink(
  db: Database,
  appUrl: string,
  workspaceId: number,
  clientId: number,
  userId: number | null = null,
): Promise<PortalLink> {
  await assertClient(db, workspaceId, clientId);
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('clientPortalLinks')
    .values({ workspaceId, clientId, tokenHash: hashToken(token), createdBy: userId })
    .execute();
  return { token, url: portalUrl(appUrl, token) };
}

/** Ends every live link of the client; answers how many were live. */
export async function revokePortalLinks(
  db: Database,
  workspaceId: number,
  clientId: number,
): Promise<number> {
  await assertClient(db, workspaceId, clientId);
  const result = await db
    .updateTable('clientPortalLinks')
    .set({ revokedAt: sql`now()` })
    .where('workspaceId', '=', workspaceId)
    .where('clientId', '=', clientId)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Ends every live link of the client and makes one new link, in one transaction. */
export async function rotatePortalLink(
  db: Database,
  appUrl: string,
  workspaceId: number,
  clientId: number,
  userId: number | null = null,
): Promise<PortalLink> {
  const run = async (trx: Database) => {
    await revokePortalLinks(trx, workspaceId, clientId);
    return createPortalLink(trx, appUrl, workspaceId, clientId, userId);
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/** Tokens are 43 base64url characters; anything else cannot be one (no lookup needed). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Whose documents a token opens: its live link, of a client of a workspace that is neither
 * deleted nor suspended. Null for anything else (unknown, revoked, malformed), so callers
 * answer every failure alike. Records when the link was last used (at most once a minute).
 */
export async function resolvePortalToken(
  db: Database,
  token: string,
): Promise<PortalTarget | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const link = await db
    .selectFrom('clientPortalLinks as l')
    .innerJoin('workspaces as w', 'w.id', 'l.workspaceId')
    .select(['l.id as linkId', 'l.workspaceId', 'l.clientId'])
    .where('l.tokenHash', '=', hashToken(token))
    .where('l.revokedAt', 'is', null)
    .where('w.isActive', '=', true)
    .where('w.isDeleted', '=', false)
    .executeTakeFirst();
  if (!link) return null;
  await db
    .updateTable('clientPortalLinks')
    .set({ lastUsedAt: sql`now()` })
    .where('workspaceId', '=', link.workspaceId)
    .where('id', '=', link.linkId)
    .where((eb) =>
      eb.or([
        eb('lastUsedAt', 'is', null),
        eb('lastUsedAt', '<', sql<Date>`now() - interval '1 minute'`),
      ]),
    )
    .execute();
  return link;
}

/** The client's live links, for the client page: how many, since when, last used. */
export async function portalLinkState(db: Database, workspaceId: number, clientId: number) {
  const row = await db
    .selectFrom('clientPortalLinks')
    .select([
      sql<number>`count(*)::int`.as('liveLinks'),
      sql<Date | null>`max(created_at)`.as('createdAt'),
      sql<Date | null>`max(last_used_at)`.as('lastUsedAt'),
    ])
    .where('workspaceId', '=', workspaceId)
    .where('clientId', '=', clientId)
    .where('revokedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return row;
}
