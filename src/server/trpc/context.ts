import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WorkspaceRole } from '../../shared/roles.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/create-db.ts';
import type { Jobs } from '../domains/jobs/jobs.ts';
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

export type AppServices = Omit<Context, 'req' | 'reply'>;

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
