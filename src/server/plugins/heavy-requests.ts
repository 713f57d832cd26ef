import { TRPCError } from '@trpc/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MAX_PAGE_SIZE } from '../../shared/list.schema.ts';

/**
 * A page larger than this is a heavy request. The screens page by 50 or fewer; a list asked
 * for without `limit` answers MAX_PAGE_SIZE rows and is heavy.
 */
export const HEAVY_LIST_ROWS = 100;

/**
 * The longest a heavy-request slot rests after use. On the embedded database every
 * statement runs on the server's one thread: without the rest, one workspace's exports and
 * large lists in a loop kept it busy all the time, and every other request waited behind
 * them (bench: another workspace's GET /api/auth/me p99 ×13 of idle).
 */
export const HEAVY_REST_MAX_MS = 1000;

/** What a refused heavy request tells the client to wait before trying again. */
export const HEAVY_RETRY_AFTER_SECONDS = 5;

export const HEAVY_REQUESTS_BUSY =
  'This workspace is already running several exports, imports or large lists. Please try again in a few seconds.';

interface Waiter {
  grant: () => void;
}

/**
 * At most `limit` holders per key at once (a key is a workspace), then at most `queueLimit`
 * waiters served in arrival order; past that, `acquire` refuses at once. A slot given back
 * rests as long as it was held (at most `maxRestMs`) before the next holder gets it. In
 * memory, per server: it bounds what one server's CPU and database spend on one workspace.
 * A few lines of its own rather than a library: p-limit and p-queue neither key their
 * limits nor bound their queues.
 */
export class KeyedSemaphore {
  private readonly keys = new Map<string, { active: number; waiting: Waiter[] }>();
  private waitingTotal = 0;

  /**
   * `othersServed` says whether the server is serving anything besides heavy requests
   * waiting for a slot: only then does a slot rest. Alone, a workspace's next heavy request
   * (the board's second page of deals) takes the slot at once; nobody is kept waiting.
   */
  constructor(
    readonly limit: number,
    readonly queueLimit: number,
    readonly maxRestMs = 0,
    private readonly othersServed: (waitingForSlots: number) => boolean = () => true,
  ) {}

  /**
   * Resolves with the function that gives the slot back once one is free; undefined at once
   * when the key's queue is full. Aborting `signal` while waiting gives up the place in the
   * queue (the promise then rejects).
   */
  acquire(key: string, signal?: AbortSignal): Promise<() => void> | undefined {
    const entry = this.keys.get(key) ?? { active: 0, waiting: [] };
    this.keys.set(key, entry);
    if (entry.active < this.limit) {
      entry.active += 1;
      return Promise.resolve(this.releaser(key, entry));
    }
    if (entry.waiting.length >= this.queueLimit) return undefined;
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          signal?.removeEventListener('abort', giveUp);
          resolve(this.releaser(key, entry));
        },
      };
      const giveUp = () => {
        entry.waiting.splice(entry.waiting.indexOf(waiter), 1);
        this.waitingTotal -= 1;
        this.forgetIfIdle(key, entry);
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the abort's own reason, as fetch rejects with
        reject(signal?.reason ?? new Error('aborted'));
      };
      if (signal?.aborted) return giveUp();
      signal?.addEventListener('abort', giveUp, { once: true });
      entry.waiting.push(waiter);
      this.waitingTotal += 1;
    });
  }

  /** Holders of `key`'s slots right now. */
  inFlight(key: string): number {
    return this.keys.get(key)?.active ?? 0;
  }

  /** Waiters in `key`'s queue right now. */
  queued(key: string): number {
    return this.keys.get(key)?.waiting.length ?? 0;
  }

  private releaser(key: string, entry: { active: number; waiting: Waiter[] }) {
    let released = false;
    const grantedAt = performance.now();
    return () => {
      if (released) return;
      released = true;
      // The slot rests as long as it was held while the server serves others: a key's heavy
      // work takes at most half of the time, and other requests find the server free the
      // other half. With nobody else to serve, resting would only keep this key waiting.
      const rest = Math.min(performance.now() - grantedAt, this.maxRestMs);
      if (rest >= 1 && this.othersServed(this.waitingTotal)) {
        setTimeout(() => this.handOn(key, entry), rest);
      } else this.handOn(key, entry);
    };
  }

  private handOn(key: string, entry: { active: number; waiting: Waiter[] }) {
    const next = entry.waiting.shift();
    // The slot passes straight to the first waiter: no newcomer can take it in between.
    if (next) {
      this.waitingTotal -= 1;
      next.grant();
    } else {
      entry.active -= 1;
      this.forgetIfIdle(key, entry);
    }
  }

  private forgetIfIdle(key: string, entry: { active: number; waiting: Waiter[] }) {
    if (entry.active === 0 && entry.waiting.length === 0) this.keys.delete(key);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The heavy-request slots (tests hold them to fill a workspace's queue at will). */
    heavyRequests: KeyedSemaphore;
  }
}

/** The slot each request holds (a tRPC batch is one request, whatever its calls). */
const held = new WeakMap<FastifyRequest, Promise<void>>();

/**
 * Holds one of `key`'s slots until the response is sent or the connection drops: a streamed
 * export holds it while it streams. Several heavy calls in one request (a tRPC batch) share
 * its slot. A client that leaves while queued gives up its place; a full queue answers 429
 * with Retry-After.
 */
export function holdHeavySlot(
  ctx: { heavyRequests: KeyedSemaphore; req: FastifyRequest; reply: FastifyReply },
  key: string,
): Promise<void> {
  const already = held.get(ctx.req);
  if (already) return already;
  const response = ctx.reply.raw;
  // A client that left before this call (while it was signed in, say) will send no 'close'
  // again: the slot it took would never come back.
  if (response.destroyed) return Promise.reject(clientLeft());
  const left = new AbortController();
  let closed = false;
  const onClose = () => {
    closed = true;
    left.abort();
  };
  response.once('close', onClose);
  const acquired = ctx.heavyRequests.acquire(key, left.signal);
  if (!acquired) {
    response.off('close', onClose);
    ctx.reply.header('retry-after', String(HEAVY_RETRY_AFTER_SECONDS));
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: HEAVY_REQUESTS_BUSY });
  }
  const slot = acquired.then(
    (release) => {
      if (closed) return release();
      response.off('close', onClose);
      response.once('close', release);
    },
    () => {
      throw clientLeft();
    },
  );
  held.set(ctx.req, slot);
  return slot;
}

function clientLeft() {
  return new TRPCError({ code: 'CLIENT_CLOSED_REQUEST', message: 'The client left' });
}

/** Whether a list's raw input asks for more than HEAVY_LIST_ROWS rows (no limit: the maximum). */
export function isLargePage(input: unknown): boolean {
  const limit =
    typeof input === 'object' && input !== null ? (input as { limit?: unknown }).limit : undefined;
  const rows =
    limit === undefined || limit === null || limit === '' ? MAX_PAGE_SIZE : Number(limit);
  // An invalid limit is refused by the input check that follows; it costs nothing.
  return Number.isFinite(rows) && rows > HEAVY_LIST_ROWS;
}

/**
 * Whether an import's raw input carries more than HEAVY_LIST_ROWS rows. A few rows cost what
 * as many single creates cost; queueing them behind an export only refused small imports.
 */
export function isLargeImport(input: unknown): boolean {
  const rows =
    typeof input === 'object' && input !== null ? (input as { rows?: unknown }).rows : undefined;
  // Rows that are not a list are refused by the input check that follows; they cost nothing.
  return Array.isArray(rows) && rows.length > HEAVY_LIST_ROWS;
}
