import type { ContractAudit, ContractEventType } from '../../../shared/contracts.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { iso } from '../../db/search.ts';
import { canonicalJson, sha256Hex } from '../estimates/acceptance.service.ts';
import * as repo from './contracts.repository.ts';

/*
 * A contract's audit trail: one row per event, each holding the SHA-256 of the previous
 * event's (prev_hash) and its own over its canonical form and prev_hash (a hash chain). An
 * edit of any stored event, or a deleted or reordered one, breaks the chain from there on,
 * which `verifyChain` reports. Events are appended with the contract's row locked (the
 * caller's transaction), so one contract's chain never forks.
 */

/** Who did it: a member (user id and name) or the client in the portal, from where. */
export interface EventActor {
  userId: number | null;
  /** The member's name, or the name the client typed (when it typed one). */
  name: string | null;
  ip: string | null;
  userAgent: string | null;
  /** True for the client in the portal. */
  portal?: boolean;
}

/** The text an event's hash is over: its canonical JSON, then the previous hash. */
export function eventHash(contractId: number, event: Omit<repo.StoredEvent, 'hash'>): string {
  const canonical = canonicalJson({
    contractId,
    seq: event.seq,
    type: event.type,
    at: event.at.toISOString(),
    actor: event.actor,
    userId: event.userId,
    actorName: event.actorName,
    ip: event.ip,
    userAgent: event.userAgent,
    details: event.details,
  });
  return sha256Hex(`${event.prevHash ?? ''}\n${canonical}`);
}

/** Appends an event to the contract's chain; run with the contract's row locked. */
export async function appendEvent(
  trx: Database,
  workspaceId: number,
  contractId: number,
  type: ContractEventType,
  actor: EventActor,
  details: Record<string, unknown> = {},
) {
  const last = await repo.lastEvent(trx, workspaceId, contractId);
  const event = {
    seq: (last?.seq ?? 0) + 1,
    type,
    // Milliseconds, as the database keeps and answers them: the hash is checked again later.
    at: new Date(),
    actor: actor.portal ? 'client via portal' : 'user',
    userId: actor.userId,
    actorName: actor.name,
    ip: actor.ip,
    userAgent: actor.userAgent?.slice(0, 500) ?? null,
    details,
    prevHash: last?.hash ?? null,
  };
  await repo.insertEvent(trx, workspaceId, contractId, {
    ...event,
    hash: eventHash(contractId, event),
  });
}

/** The contract's events and whether their chain verifies (else the first seq that does not). */
export async function auditTrail(
  db: Database,
  workspaceId: number,
  contractId: number,
): Promise<ContractAudit> {
  const events = await repo.listEvents(db, workspaceId, contractId);
  let brokenAt: number | undefined;
  let previous: string | null = null;
  for (const [index, event] of events.entries()) {
    const ok =
      event.seq === index + 1 &&
      event.prevHash === previous &&
      event.hash === eventHash(contractId, event);
    if (!ok) {
      brokenAt = event.seq;
      break;
    }
    previous = event.hash;
  }
  return {
    events: events.map((e) => ({ ...e, at: iso(e.at) })),
    verified: brokenAt === undefined,
    ...(brokenAt !== undefined ? { brokenAt } : {}),
  };
}
