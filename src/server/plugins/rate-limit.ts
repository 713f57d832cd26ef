import { TRPCError } from '@trpc/server';
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../db/create-db.ts';

/*
 * Rate limits counted in the database (`rate_limits`), so every server sharing it counts the
 * same attempts: with N servers the limit is still the setting, not N times it. Each key
 * holds a fixed window; all times come from the database clock, so servers whose clocks
 * differ still agree on when a window ends.
 */

/** At most `limit` hits on `key` per window of `windowSeconds`. */
export interface RateLimit {
  key: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitHit {
  /** False when the key was already full: the hit was refused and not counted. */
  allowed: boolean;
  /** The end of the key's current window (whole seconds, so it compares exactly later). */
  resetAt: Date;
  /** Whole seconds until then, at least 1: the `Retry-After` of a refusal. */
  retryAfterSeconds: number;
}

const secondsLeft = sql<number>`greatest(1, ceil(extract(epoch from reset_at - now())))::int`;

/**
 * Counts one hit on the key unless it is full, in one atomic statement (concurrent hits,
 * from any server, queue on the row). An expired window starts over. A full key stays at
 * limit + 1, so refusals never push the count further.
 */
export async function hitRateLimit(db: Database, rule: RateLimit): Promise<RateLimitHit> {
  const row = await db
    .insertInto('rateLimits')
    .values({
      key: rule.key,
      count: 1,
      resetAt: sql`date_trunc('second', now()) + make_interval(secs => ${rule.windowSeconds}::int)`,
    })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when rate_limits.reset_at <= now() then 1
          else least(rate_limits.count + 1, ${rule.limit + 1}::int) end`,
        resetAt: sql`case when rate_limits.reset_at <= now() then excluded.reset_at
          else rate_limits.reset_at end`,
      }),
    )
    .returning(['count', 'resetAt', secondsLeft.as('retryAfterSeconds')])
    .executeTakeFirstOrThrow();
  return {
    allowed: row.count <= rule.limit,
    resetAt: row.resetAt,
    retryAfterSeconds: row.retryAfterSeconds,
  };
}

/**
 * Seconds until the last of these keys that is full (its next hit would be refused) frees
 * up; 0 when none is. Reads only, so it may run inside another transaction.
 */
export async function rateLimitWait(db: Database, rules: RateLimit[]): Promise<number> {
  if (rules.length === 0) return 0;
  const rows = await db
    .selectFrom('rateLimits')
    .select(['key', 'count', secondsLeft.as('retryAfterSeconds')])
    .where(
      'key',
      'in',
      rules.map((rule) => rule.key),
    )
    .where('resetAt', '>', sql<Date>`now()`)
    .execute();
  let wait = 0;
  for (const row of rows) {
    const rule = rules.find((r) => r.key === row.key)!;
    if (row.count >= rule.limit) wait = Math.max(wait, row.retryAfterSeconds);
  }
  return wait;
}

/**
 * Gives back one hit counted in the window that ends at `resetAt`; nothing once that window
 * is over (the hit is gone with it, and the new window's hits are others').
 */
export async function releaseRateLimitHit(db: Database, key: string, resetAt: Date): Promise<void> {
  await db
    .updateTable('rateLimits')
    .set({ count: sql`count - 1` })
    .where('key', '=', key)
    .where('resetAt', '=', resetAt)
    .where('count', '>', 0)
    .execute();
}

/** Forgets every hit on the key. */
export async function resetRateLimit(db: Database, key: string): Promise<void> {
  await db.deleteFrom('rateLimits').where('key', '=', key).execute();
}

/** Housekeeping: rows whose window is over count for nothing. */
export async function deleteExpiredRateLimits(db: Database): Promise<number> {
  const result = await db
    .deleteFrom('rateLimits')
    .where('resetAt', '<=', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** "1 minute" under a minute and at one; otherwise whole minutes rounded up. */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * The one refusal of every throttled attempt: the real wait in the message, and in
 * `Retry-After` for scripts (REST answers carry the header set on the reply here).
 */
export function tooManyAttempts(reply: FastifyReply, retryAfterSeconds: number): TRPCError {
  void reply.header('retry-after', String(retryAfterSeconds));
  return new TRPCError({
    code: 'TOO_MANY_REQUESTS',
    message: `Too many attempts. Please try again in ${waitText(retryAfterSeconds)}.`,
  });
}

/**
 * A counter of failed password checks, and what a correct password does to it: `reset`
 * forgets the failures (the counter of this client, who just proved they know the
 * password); `release` only gives this attempt's hit back (a ceiling others share).
 */
export interface FailureLimit extends RateLimit {
  onSuccess: 'reset' | 'release';
}

/**
 * Runs a password check against which only failures count, and answers whether it passed.
 *
 * Each limit takes its hit before the check, atomically, rather than being read first and
 * counted after a failure: then a burst of concurrent guesses cannot all pass a count read
 * before any of them failed. A full limit refuses with 429 before any hashing, and the
 * limits already taken are given back, so a refused attempt counts nowhere (an attacker
 * blocked on their own address cannot go on filling a shared ceiling). A correct password
 * undoes its hits; a check that throws counts as no attempt.
 */
export async function checkWithFailureLimits(
  ctx: { db: Database; reply: FastifyReply },
  limits: FailureLimit[],
  check: () => Promise<boolean>,
): Promise<boolean> {
  const taken: { limit: FailureLimit; resetAt: Date }[] = [];
  // After a correct password each limit does as it says; otherwise (a refusal, an error)
  // the attempt never happened and every hit goes back.
  const undo = (passed: boolean) =>
    Promise.all(
      taken.map(({ limit, resetAt }) =>
        passed && limit.onSuccess === 'reset'
          ? resetRateLimit(ctx.db, limit.key)
          : releaseRateLimitHit(ctx.db, limit.key, resetAt),
      ),
    );
  for (const limit of limits) {
    const hit = await hitRateLimit(ctx.db, limit);
    if (!hit.allowed) {
      await undo(false);
      throw tooManyAttempts(ctx.reply, hit.retryAfterSeconds);
    }
    taken.push({ limit, resetAt: hit.resetAt });
  }
  let passed: boolean;
  try {
    passed = await check();
  } catch (error) {
    await undo(false);
    throw error;
  }
  if (passed) await undo(true);
  return passed;
}

/**
 * For a password check that runs inside a transaction, where the counters cannot be written
 * (the rollback would undo them, and the embedded database has a single connection): refuses
 * with 429 when a limit is full. Record the failure with `recordFailure` once the
 * transaction is over, and clear with `recordSuccess` inside it (then it commits with it).
 */
export async function refuseWhenFull(
  db: Database,
  reply: FastifyReply,
  limits: FailureLimit[],
): Promise<void> {
  const wait = await rateLimitWait(db, limits);
  if (wait > 0) throw tooManyAttempts(reply, wait);
}

export async function recordFailure(db: Database, limits: FailureLimit[]): Promise<void> {
  for (const limit of limits) await hitRateLimit(db, limit);
}

export async function recordSuccess(db: Database, limits: FailureLimit[]): Promise<void> {
  for (const limit of limits) {
    if (limit.onSuccess === 'reset') await resetRateLimit(db, limit.key);
  }
}
