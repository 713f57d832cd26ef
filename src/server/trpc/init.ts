import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { WorkspaceRole } from '../../shared/roles.ts';
import { NOT_AUTHENTICATED } from '../../shared/auth.schema.ts';
import { WORKSPACE_ACCESS_REVOKED } from '../../shared/workspace-access.ts';
import { isLsn, PRIMARY_NOW, WRITTEN_COOKIE, type WriteMark } from '../db/replica.ts';
import { requireIdentity, requireSession } from '../domains/auth/identity.ts';
import { holdHeavySlot, isLargeImport, isLargePage } from '../plugins/heavy-requests.ts';
import { hitRateLimit, tooManyAttempts } from '../plugins/rate-limit.ts';
import type { Context } from './context.ts';
import { EinvoiceRefusal } from './einvoice-refusal.ts';
import { GoneCause } from './gone-cause.ts';
import { NotAuthenticatedCause } from './not-authenticated.ts';
import { accessRevoked, findRevokedWorkspace, WorkspaceAccessRevoked } from './workspace-access.ts';

/**
 * Problems a service finds in input the schema let through (a form's answers, checked
 * against fields stored in the database), told like a schema's: one `details` entry each.
 * A cause of its own, since tRPC keeps only an Error as a cause, and a zod 4 ZodError is none.
 */
export class InvalidFields extends Error {
  constructor(readonly issues: { path: (string | number)[]; message: string }[]) {
    super(issues[0]?.message ?? 'Invalid input');
  }
}

/** Validation problems, one per field, as the REST error body's `details`. */
export function zodDetails(error: unknown): { path: string; message: string }[] | undefined {
  if (!(error instanceof ZodError) && !(error instanceof InvalidFields)) return undefined;
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

/**
 * What the API document says of a procedure: who may call it and which refusals it can
 * meet. Set by the builders below with tRPC's `.meta()`, which merges down the chain, so a
 * procedure built on `workspaceProcedure` says so without anyone writing it again.
 */
export interface ProcedureMeta {
  /**
   * 'public': anyone; 'account': a signed-in user (session or API token); 'session': a
   * browser session only; 'workspace': a member of the current workspace; 'platform': a
   * platform administrator.
   */
  access?: 'public' | 'account' | 'session' | 'workspace' | 'platform';
  /** Refused (403) to members whose role is not among the allowed ones. */
  roleChecked?: boolean;
  /** Counted per client address before it runs (429 with Retry-After past the limit). */
  rateLimited?: boolean;
  /** Takes one of the workspace's heavy-request slots, always or past a size (429 when full). */
  heavy?: boolean;
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // Never send stacks to clients, whatever NODE_ENV says.
    isDev: false,
    errorFormatter({ shape, error }) {
      const details = zodDetails(error.cause);
      const internal = error.code === 'INTERNAL_SERVER_ERROR';
      return {
        ...shape,
        // The first problem is the message a person reads; 5xx never shows SQL or internals.
        message: internal ? 'Internal server error' : (details?.[0]?.message ?? shape.message),
        data: {
          code: shape.data.code,
          // gone(): 410 as on REST, so a client can tell "void for good" from "not found".
          httpStatus: error.cause instanceof GoneCause ? 410 : shape.data.httpStatus,
          details,
          // A member whose access was removed: the client shows a screen naming the workspace.
          ...(error.cause instanceof WorkspaceAccessRevoked
            ? { reason: WORKSPACE_ACCESS_REVOKED, workspace: error.cause.workspace }
            : {}),
          // A lost session (or a bad token), told apart from a wrong password or code.
          ...(error.cause instanceof NotAuthenticatedCause ? { reason: NOT_AUTHENTICATED } : {}),
          // E-invoicing's refusal: every rule broken, with the field to fix.
          ...(error.cause instanceof EinvoiceRefusal ? { errors: error.cause.errors } : {}),
        },
      };
    },
  });

export const router = t.router;

export const createCallerFactory = t.createCallerFactory;

/** True when any string in the input holds a NUL character (depth-limited: zod refuses deeper). */
function hasNulCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || typeof value !== 'object' || value === null) return false;
  return Object.values(value).some((item) => hasNulCharacter(item, depth + 1));
}

/**
 * PostgreSQL text cannot hold NUL characters: a search or a name with one would fail in SQL
 * as a 500. Every procedure refuses them up front, whatever the field.
 */
const refuseNul = t.procedure.use(async ({ getRawInput, next }) => {
  if (hasNulCharacter(await getRawInput())) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Text must not contain NUL characters' });
  }
  return next();
});

/** The mutations of each batched request still running, chained in call order. */
const runningMutations = new WeakMap<object, Promise<unknown>>();

/**
 * tRPC runs the calls of a batch at once, but a mutation may end or replace the session
 * (sign-out, sign-in, switching workspace) that the next one reads: a batch's mutations run
 * one after another, in order. Queries never touch the session and stay parallel.
 */
const procedure = refuseNul.use(({ ctx, type, next }) => {
  if (type !== 'mutation') return next();
  const previous = runningMutations.get(ctx.req) ?? Promise.resolve();
  const result = previous.then(
    () => next(),
    () => next(),
  );
  runningMutations.set(ctx.req, result);
  return result;
});

export const publicProcedure = procedure.meta({ access: 'public' });

/**
 * Sign-in, sign-up and invitation acceptance: every call counted per client address and
 * procedure, in the database shared by all servers, before any hashing.
 */
export const rateLimitedProcedure = procedure
  .use(async ({ ctx, path, next }) => {
    const hit = await hitRateLimit(ctx.db, {
      key: `address:${path}:${ctx.req.ip}`,
      limit: ctx.config.authRateLimit,
      windowSeconds: 60,
    });
    if (!hit.allowed) throw tooManyAttempts(ctx.reply, hit.retryAfterSeconds);
    return next();
  })
  .meta({ access: 'public', rateLimited: true });

/**
 * An active, signed-in user (session cookie or API token), reloaded on every call so
 * deactivation takes effect at once. A read-only token's scope is enforced here, where every
 * REST route and tRPC call passes, so no procedure can forget it.
 */
export const authedProcedure = procedure
  .use(async ({ ctx, type, next }) => {
    const identity = await requireIdentity(ctx, type !== 'query');
    return next({ ctx: { ...ctx, user: identity.user, identity } });
  })
  .meta({ access: 'account' });

/**
 * A signed-in browser session, never an API token: what would let a leaked token outlive its
 * revocation or lock its owner out (new tokens, the password, the email, ending sessions).
 */
export const sessionProcedure = authedProcedure
  .use(({ ctx, next }) => next({ ctx: { ...ctx, identity: requireSession(ctx.identity) } }))
  .meta({ access: 'session' });

/**
 * The session's current workspace: it must exist, not be deleted or suspended, and hold an
 * active membership of this user. The workspace id never comes from input.
 */
export const workspaceProcedure = authedProcedure
  .use(async ({ ctx, next }) => {
    // Looked up with the user, in the same statement.
    const membership = ctx.identity.membership;
    if (!membership) {
      // A member deactivated or removed is told so (403), not that nothing is selected.
      const { workspaceId, via } = ctx.identity;
      const revoked =
        workspaceId !== null &&
        (await findRevokedWorkspace(ctx.db, ctx.user.id, workspaceId, via === 'session'));
      if (revoked) throw accessRevoked(revoked);
      throw new TRPCError({ code: 'NOT_FOUND', message: 'No workspace selected' });
    }
    if (!membership.workspace.isActive) {
      throw new TRPCError({
        code: 'FORBIDDEN',
        message: 'This workspace has been suspended by the platform administrator.',
      });
    }
    return next({ ctx: { ...ctx, workspace: membership.workspace, role: membership.role } });
  })
  .meta({ access: 'workspace' });

export function requireRole(...roles: WorkspaceRole[]) {
  return workspaceProcedure
    .use(({ ctx, next }) => {
      if (!roles.includes(ctx.role)) {
        throw new TRPCError({ code: 'FORBIDDEN', message: "You don't have permission to do this" });
      }
      return next();
    })
    .meta({ roleChecked: true });
}

/** Platform administrators (users.isAdmin). */
export const adminProcedure = authedProcedure
  .use(({ ctx, next }) => {
    if (!ctx.user.isAdmin) {
      throw new TRPCError({ code: 'FORBIDDEN', message: "You don't have permission to do this" });
    }
    return next();
  })
  .meta({ access: 'platform' });

/** Whose heavy-request slots a call takes: its workspace's, or a platform admin's own. */
function heavyKey(ctx: { workspace?: { id: number }; user?: { id: number } }): string {
  return ctx.workspace ? `workspace:${ctx.workspace.id}` : `user:${ctx.user?.id ?? 0}`;
}

/**
 * A heavy call (export, import): its request holds one of the workspace's few slots while
 * it runs and streams (plugins/heavy-requests.ts), so one workspace cannot take the whole
 * server. Goes after the access checks: a refused caller never waits for a slot.
 */
const heavyWhen = (isHeavy: (rawInput: unknown) => boolean) =>
  t.middleware(async ({ ctx, getRawInput, next }) => {
    if (isHeavy(await getRawInput())) {
      await holdHeavySlot(ctx, heavyKey(ctx as Parameters<typeof heavyKey>[0]));
    }
    return next();
  });

export const heavyRequest = heavyWhen(() => true);
/** A list: heavy when it asks for more than HEAVY_LIST_ROWS rows (no limit: the maximum page). */
export const heavyWhenLarge = heavyWhen(isLargePage);
/** An import: heavy when it carries more than HEAVY_LIST_ROWS rows (the dialog sends 500). */
const heavyWhenManyRows = heavyWhen(isLargeImport);

export const heavy = { heavy: true };
export const heavyProcedure = workspaceProcedure.use(heavyRequest).meta(heavy);
export const importProcedure = workspaceProcedure.use(heavyWhenManyRows).meta(heavy);
export const listProcedure = workspaceProcedure.use(heavyWhenLarge).meta(heavy);
export const heavyAdminProcedure = adminProcedure.use(heavyRequest).meta(heavy);
export const adminListProcedure = adminProcedure.use(heavyWhenLarge).meta(heavy);

/** What the caller wrote last, as far as a heavy read must see it (db/replica.ts). */
function writeMark(ctx: Context & { identity?: { via: string } }): WriteMark | undefined {
  // A token's script keeps no cookies: the replica must have replayed everything.
  if (ctx.identity?.via === 'token') return PRIMARY_NOW;
  const raw = ctx.req.cookies[WRITTEN_COOKIE];
  if (raw === undefined) return undefined;
  const cookie = ctx.req.unsignCookie(raw);
  // Tampered with, or a mark the primary could not give: as if everything was just written.
  return cookie.valid && isLsn(cookie.value) ? cookie.value : PRIMARY_NOW;
}

/**
 * A heavy read (a report, an export, the financial overview, an admin list): its `ctx.db`
 * is the read replica when one is configured and has replayed the caller's last write,
 * else the primary (db/replica.ts). Goes after the access checks, which read the primary,
 * and only on procedures that never write: a standby refuses writes.
 */
export const fromReplica = t.middleware(async ({ ctx, next }) => {
  if (!ctx.heavyReads.configured) return next();
  const db = await ctx.heavyReads.handle(writeMark(ctx));
  if (db === ctx.db) return next();
  const result = await next({ ctx: { ...ctx, db } });
  // What the replica could not answer, the primary does: a read that would write (a seeded
  // workspace's missing business profile, business.repository.ts), a query cancelled by
  // replay, a replica gone mid-request. Queries only: safe to run again.
  if (!result.ok && replicaCannotServe(result.error)) return next();
  return result;
});

/**
 * PostgreSQL's refusal of a write on a standby (25006), a query cancelled by a conflict
 * with replay (40001) or by the standby shutting down (57P01), or a lost connection,
 * anywhere in the error's causes.
 */
function replicaCannotServe(error: unknown): boolean {
  const codes = new Set(['25006', '40001', '57P01', 'ECONNREFUSED', 'ECONNRESET']);
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const { code } = cause as { code?: unknown };
    if (typeof code === 'string' && codes.has(code)) return true;
    if (cause instanceof Error && /Connection terminated/.test(cause.message)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
