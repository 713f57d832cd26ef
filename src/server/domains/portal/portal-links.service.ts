import { randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/create-db.ts';
import { scopedToken, workspaceOfToken } from '../../db/tenancy.ts';
import { hashToken } from '../auth/identity.ts';
import * as repo from './portal.repository.ts';

/*
 * Client portal links: a secret URL per client that opens its documents without a Keel
 * account. A token is 256 random bits (base64url); only its SHA-256 is stored, so the
 * database never holds a working link, and an emailed invoice cannot reuse a link it does
 * not know: each email mints its own, which works for PORTAL_LINK_DAYS days. A link made on
 * the client page works until it is revoked. Rotating or revoking ends every link of the
 * client.
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
export const clientNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: CLIENT_NOT_FOUND });

async function assertClient(db: Database, workspaceId: number, clientId: number) {
  if (!(await repo.clientExists(db, workspaceId, clientId))) throw clientNotFound();
}

/**
 * Adds a live link for the client, beside any it already has, working for `expiresInDays`
 * days or, when null, until revoked. Throws NOT_FOUND when the client is not of the workspace.
 */
async function addPortalLink(
  db: Database,
  appUrl: string,
  workspaceId: number,
  clientId: number,
  userId: number | null,
  expiresInDays: number | null,
): Promise<PortalLink> {
  await assertClient(db, workspaceId, clientId);
  const token = scopedToken(workspaceId, randomBytes(32).toString('base64url'));
  await repo.insertLink(db, workspaceId, {
    clientId,
    tokenHash: hashToken(token),
    createdBy: userId,
    expiresInDays,
  });
  return { token, url: portalUrl(appUrl, token) };
}

/**
 * A link for an invoice email (or to pass on by hand when the server sends no mail): it
 * works for config.portalLinkDays days, beside the client's other links. Pass the
 * transaction as `db` to make the link exist only if it commits.
 */
export function createEmailedPortalLink(
  db: Database,
  config: Pick<Config, 'appUrl' | 'portalLinkDays'>,
  workspaceId: number,
  clientId: number,
  userId: number | null,
): Promise<PortalLink> {
  return addPortalLink(db, config.appUrl, workspaceId, clientId, userId, config.portalLinkDays);
}

/** Ends every link of the client; answers how many were not revoked yet. */
export async function revokePortalLinks(
  db: Database,
  workspaceId: number,
  clientId: number,
): Promise<number> {
  await assertClient(db, workspaceId, clientId);
  return repo.revokeLinks(db, workspaceId, clientId);
}

/**
 * The client page's link: ends every link of the client and makes one that works until
 * revoked, in one transaction.
 */
export async function rotatePortalLink(
  db: Database,
  appUrl: string,
  workspaceId: number,
  clientId: number,
  userId: number | null = null,
): Promise<PortalLink> {
  const run = async (trx: Database) => {
    await revokePortalLinks(trx, workspaceId, clientId);
    return addPortalLink(trx, appUrl, workspaceId, clientId, userId, null);
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/**
 * Tokens are 43 base64url characters after their workspace's id and a dot, or alone in links
 * made before tokens named their workspace; anything else cannot be one (no lookup needed).
 */
const TOKEN_SHAPE = /^(?:[1-9]\d{0,9}\.)?[A-Za-z0-9_-]{43}$/;

/** What a token is: a live link, an expired one (of that workspace), or nothing known. */
export type PortalTokenState =
  | { state: 'live'; target: PortalTarget }
  | { state: 'expired'; workspaceId: number }
  | { state: 'unknown' };

/**
 * What a token opens. Unknown, revoked and malformed tokens, and a suspended or deleted
 * workspace's, are all `unknown`, so callers answer them alike; only a real link past its
 * expiry is told apart (whoever holds it was given it). A live link's use is recorded (at
 * most once a minute).
 */
export async function openPortalToken(db: Database, token: string): Promise<PortalTokenState> {
  if (!TOKEN_SHAPE.test(token)) return { state: 'unknown' };
  const link = await repo.findLinkByTokenHash(db, hashToken(token), workspaceOfToken(token));
  if (!link) return { state: 'unknown' };
  if (link.expired) return { state: 'expired', workspaceId: link.workspaceId };
  await repo.touchLink(db, link.workspaceId, link.linkId);
  return {
    state: 'live',
    target: { workspaceId: link.workspaceId, clientId: link.clientId, linkId: link.linkId },
  };
}

/** Whose documents a token opens now, or null for anything else (expired included). */
export async function resolvePortalToken(
  db: Database,
  token: string,
): Promise<PortalTarget | null> {
  const opened = await openPortalToken(db, token);
  return opened.state === 'live' ? opened.target : null;
}
