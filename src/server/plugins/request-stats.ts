import type { FastifyInstance } from 'fastify';

/**
 * Answers and server errors per minute over the last hour, in this process: the admin
 * dashboard's error rate. Sixty counters, no per-request allocation.
 */
export class RequestStats {
  private readonly total = new Array<number>(60).fill(0);
  private readonly errors = new Array<number>(60).fill(0);
  private readonly minuteOf = new Array<number>(60).fill(-1);

  record(status: number, now = Date.now()): void {
    const minute = Math.floor(now / 60_000);
    const slot = minute % 60;
    if (this.minuteOf[slot] !== minute) {
      this.minuteOf[slot] = minute;
      this.total[slot] = 0;
      this.errors[slot] = 0;
    }
    this.total[slot]! += 1;
    if (status >= 500) this.errors[slot]! += 1;
  }

  lastHour(now = Date.now()): { requests: number; errors: number } {
    const minute = Math.floor(now / 60_000);
    let requests = 0;
    let errors = 0;
    for (let slot = 0; slot < 60; slot++) {
      if (minute - this.minuteOf[slot]! < 60) {
        requests += this.total[slot]!;
        errors += this.errors[slot]!;
      }
    }
    return { requests, errors };
  }
}

export function registerRequestStats(app: FastifyInstance, stats: RequestStats): void {
  app.addHook('onResponse', async (_req, reply) => stats.record(reply.statusCode));
}
