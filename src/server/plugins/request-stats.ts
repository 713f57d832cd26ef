import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Answers and server errors per minute over the last hour, in this process: the admin
 * dashboard's error rate. Sixty counters, no per-request allocation. Also the requests in
 * progress right now (heavy-request slots rest only while others are being served).
 */
export class RequestStats {
  /** Requests received and not yet answered or abandoned. */
  inProgress = 0;
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

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's request counts (tests read the requests in progress). */
    requestStats: RequestStats;
  }
}

export function registerRequestStats(app: FastifyInstance, stats: RequestStats): void {
  app.decorate('requestStats', stats);
  // Hooks rather than a 'close' listener on each response: a static file's response already
  // carries ten, and an eleventh makes Node warn of a leak. A request counts down once,
  // when answered or when its client leaves first; one missed would only make slots rest
  // more (the rule before they rested only while others were served).
  const counted = new WeakSet<FastifyRequest>();
  const done = async (req: FastifyRequest) => {
    if (counted.delete(req)) stats.inProgress -= 1;
  };
  app.addHook('onRequest', async (req) => {
    stats.inProgress += 1;
    counted.add(req);
  });
  app.addHook('onRequestAbort', done);
  app.addHook('onResponse', async (req, reply) => {
    await done(req);
    stats.record(reply.statusCode);
  });
}
