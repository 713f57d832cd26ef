import { TRPCError } from '@trpc/server';

/**
 * Fixed-window counter per key, in memory. Enough to stop password guessing from one
 * address against one server; with several servers each keeps its own window, so the
 * effective limit is per server.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
  ) {}

  /** Counts one attempt; false when the key is over its limit for this window. */
  consume(key: string, now = Date.now()): boolean {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size > 10_000) this.sweep(now);
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      return true;
    }
    window.count += 1;
    return window.count <= this.limit;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/** The one answer of every throttled sign-in, sign-up or invitation acceptance. */
export function tooManyAttempts(): TRPCError {
  return new TRPCError({
    code: 'TOO_MANY_REQUESTS',
    message: 'Too many attempts. Please wait a minute and try again.',
  });
}
