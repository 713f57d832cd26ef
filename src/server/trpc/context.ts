import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../shared/activity.ts';
import type { WorkspaceRole } from '../../shared/roles.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/create-db.ts';
import type { HeavyReads } from '../db/replica.ts';
import type { Jobs, QueueDefinition, SystemActor } from '../domains/jobs/jobs.ts';
import type { KeyedSemaphore } from '../plugins/heavy-requests.ts';
import type { Mailer } from '../plugins/mailer.ts';
import type { RequestStats } from '../plugins/request-stats.ts';

/** What every procedure sees. REST adapters build the same context for `createCaller`. */
export interface Context {
  db: Database;
  config: Config;
  req: FastifyRequest;
  reply: FastifyReply;
  mailer: Mailer;
  /** The background job queue (domains/jobs). */
  jobs: Jobs;
  requestStats: RequestStats;
  /** Slots of heavy requests (exports, imports, large lists) per workspace. */
  heavyRequests: KeyedSemaphore;
  /**
   * Where heavy reads (reports, exports, the financial overview, admin lists) go: the read
   * replica when configured and caught up with the caller's writes, else `db` (db/replica.ts).
   * Procedures reach it through the `fromReplica` middleware, never directly.
   */
  heavyReads: HeavyReads;
}

/**
 * What a workspace's services take first, whatever they do: the database (or the
 * transaction) and who acts where. A workspace procedure's context is one, so procedures
 * pass `ctx` on; repositories below take the database and the workspace id instead.
 */
export interface WorkspaceScope {
  db: Database;
  workspace: { id: number };
  user: { id: number };
  role: WorkspaceRole;
}

/**
 * What background work acts with in a workspace: the database and the workspace, as the
 * system (domains/jobs/jobs.ts), with no user and no role. Only a job has the system
 * actor to build one, and only the services that jobs call take one (as an `ActingScope`):
 * it is no `WorkspaceScope`, so nothing a member's role allows is open to it.
 */
export interface SystemScope {
  db: Database;
  workspace: { id: number };
  system: SystemActor;
}

/** Who acts, for the services that both members and jobs call: they record which one did. */
export type ActingScope = WorkspaceScope | SystemScope;

/** Who to record as having done something: the member, or no user and the system. */
export function recordedActor(scope: ActingScope): { userId: number | null; actor: Actor } {
  return 'system' in scope
    ? { userId: null, actor: 'system' }
    : { userId: scope.user.id, actor: 'user' };
}

export type AppServices = Omit<Context, 'req' | 'reply'>;

/**
 * A kind of the app's background work, defined beside its domain's code; its handler gets
 * the app's services and the system actor. src/server/queues.ts lists them.
 */
export type AppQueue<Data extends object = object> = QueueDefinition<AppServices, Data>;

export type { SystemActor };

declare module 'fastify' {
  interface FastifyInstance {
    /** What procedures run with: tests build a context from it for `createCaller`. */
    services: AppServices;
  }
}

export function createContext(
  services: AppServices,
  req: FastifyRequest,
  reply: FastifyReply,
): Context {
  return { ...services, req, reply };
}

/** Client address and agent, as recorded in sessions and the audit log. */
export function clientInfo(ctx: Context): { ipAddress: string; userAgent: string | null } {
  return { ipAddress: ctx.req.ip, userAgent: ctx.req.headers['user-agent']?.slice(0, 500) ?? null };
}
