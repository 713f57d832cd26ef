import { sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/create-db.ts';
import { bossDb, JOBS_SCHEMA } from './job-schema.ts';

/** The key of the system actor: a symbol of this module, so no other code can write one. */
const SYSTEM = Symbol('keel.system');

/**
 * Keel's own background work as the one who acts: no user and no role, shown as "System"
 * wherever the app says who did something. The runner gives it to every job it runs; a job
 * acts in a workspace with a `SystemScope` built on it (trpc/context.ts), which only the
 * services that jobs call accept. Every other service takes a member's `WorkspaceScope` (a
 * user and a role), so a job cannot reach them, nor pass a role check it was never given.
 */
export interface SystemActor {
  readonly kind: 'system';
  readonly [SYSTEM]: true;
}

const SYSTEM_ACTOR: SystemActor = Object.freeze({ kind: 'system', [SYSTEM]: true } as const);

/**
 * The system actor, for the runner and for tests that run a job's work by hand. ESLint
 * keeps it out of the domains (eslint.config.js), which get it only from the runner.
 */
export function systemActor(): SystemActor {
  return SYSTEM_ACTOR;
}

/** What a job's handler is given: the app's services, and the system actor to act as. */
export type JobServices<Services> = Services & { readonly system: SystemActor };

/**
 * A kind of background work: what runs it, how often it is retried, and, for periodic
 * work, when it runs. Each domain defines its own beside its code; the app lists them
 * (src/server/queues.ts) and gives the list to the runner.
 */
export interface QueueDefinition<Services, Data extends object = object> {
  /** The pg-boss queue name: lowercase words and dashes. */
  name: string;
  /**
   * The work, given the app's services and the system actor. Delivery is at least once (a
   * server killed mid-job leaves the job to be run again once it expires), so a handler
   * must be idempotent: look at what it did before doing it again.
   */
  handle(services: JobServices<Services>, data: Data): Promise<void>;
  /**
   * 'short': at most one job waits per singleton key (sent with `singletonKey`, which every
   * send must then give), so a burst of work for one key is done by one run.
   */
  policy?: 'short';
  /** Retries after a failure, spaced by exponential backoff from `retryDelaySeconds`. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** How long a run may take before it counts as failed (and is retried). */
  expireInSeconds?: number;
  /** A cron expression (UTC, one-minute resolution): pg-boss sends one job per tick, whichever server sees it first. */
  cron?: string;
  /**
   * Periodic work at an interval finer than cron's minute, from the config: each run
   * queues the next before it starts, and the queue holds at most one waiting, so a round
   * is never run twice at once, nor lost when a server dies during it.
   */
  everySeconds?: (config: Config) => number;
}

/** A job that failed with no attempt left. */
export interface JobFailure {
  queue: string;
  id: string;
  /** What it was sent with. */
  data: unknown;
  attempts: number;
}

export interface JobsOptions<Services> {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  /** Every queue this server works and schedules. */
  queues: readonly QueueDefinition<Services, never>[];
  /** What handlers are given besides the system actor: read at each run. */
  services: () => Services;
  /**
   * Told of a job that failed with no attempt left (after it is logged); its own failure
   * is logged and goes no further.
   */
  onFailure?: (failure: JobFailure) => Promise<void>;
}

export interface SendOptions {
  /**
   * The transaction the job belongs to: it is queued only if that commits (an email is
   * never sent for an invoice whose change was rolled back, nor lost for one that was not).
   */
  db?: Database;
  /**
   * With a singleton key, a second job with the same key is not queued while one waits, on
   * a queue whose policy keeps one per key (`policy: 'short'`, or a periodic queue).
   */
  singletonKey?: string;
  /** Not before this time (or this many seconds from now). */
  startAfter?: Date | number;
}

export interface QueueState {
  name: string;
  /** Queued, or failed and waiting for its next attempt. */
  waiting: number;
  active: number;
  /** Failed with no attempt left: shown in the admin console until retried or removed. */
  failed: number;
}

export interface FailedJob {
  id: string;
  queue: string;
  error: string;
  attempts: number;
  failedAt: Date;
}

/** Durable background work in the database (pg-boss), on both databases. */
export interface Jobs {
  send(queue: string, data: object, options?: SendOptions): Promise<string | null>;
  states(): Promise<QueueState[]>;
  failed(limit?: number): Promise<FailedJob[]>;
  /** Queues a failed job again; false when there is no failed job of that id. */
  retry(queue: string, id: string): Promise<boolean>;
  /** Waits until no job that is due is waiting or running (for tests and shutdown). */
  idle(timeoutMs?: number): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** A queue of any services, for what the runner does with every queue alike. */
type AnyQueue = Omit<QueueDefinition<never>, 'handle'>;

/**
 * Creates the queue, or brings its options (retries, expiry) in line with the code. Servers
 * starting together on a new database may deadlock creating the same queue's partition; the
 * loser finds it made when it looks again.
 */
async function ensureQueue(boss: PgBoss, definition: AnyQueue): Promise<void> {
  const options: PgBoss.Queue = {
    name: definition.name,
    policy: definition.everySeconds ? 'stately' : (definition.policy ?? 'standard'),
    retryLimit: definition.retryLimit ?? 3,
    retryDelay: definition.retryDelaySeconds ?? 10,
    retryBackoff: true,
    expireInSeconds: definition.expireInSeconds ?? 5 * 60,
  };
  for (let attempt = 1; ; attempt++) {
    try {
      if (await boss.getQueue(definition.name)) await boss.updateQueue(definition.name, options);
      else await boss.createQueue(definition.name, options);
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/**
 * The job queue of one server. Every server sends jobs; workers (JOB_WORKERS) fetch them
 * with `for update skip locked`, so each job runs on one server at a time, and a job
 * whose server died is run again once it expires. Schedules (JOB_SCHEDULES) queue the
 * periodic work. The app gives it its queues and who hears of failures (app.ts), so the
 * runner knows no domain.
 */
export function createJobs<Services>({
  db,
  config,
  log,
  queues: definitions,
  services,
  onFailure,
}: JobsOptions<Services>): Jobs {
  const boss = new PgBoss({
    db: bossDb(db),
    schema: JOBS_SCHEMA,
    supervise: config.jobWorkers,
    schedule: config.jobWorkers && config.jobSchedules,
    // The migrations installed the queue's tables (installJobSchema); starting only checks
    // their version, instead of taking pg-boss's lock and looking again on every start.
    migrate: false,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  const workers = new Map<string, string>();
  let started = false;

  const sendNext = (definition: AnyQueue) =>
    boss.send(definition.name, {}, { startAfter: Math.max(1, definition.everySeconds!(config)) });

  /** A job failed with no attempt left: whoever the app named hears of it. */
  async function tellFailure(definition: AnyQueue, job: PgBoss.JobWithMetadata<unknown>) {
    if (!onFailure || job.retryCount < job.retryLimit) return;
    try {
      await onFailure({
        queue: definition.name,
        id: job.id,
        data: job.data,
        attempts: job.retryCount + 1,
      });
    } catch (error) {
      log.warn({ err: error, queue: definition.name, job: job.id }, 'job failure not notified');
    }
  }

  async function run(
    definition: QueueDefinition<Services, never>,
    job: PgBoss.JobWithMetadata<unknown>,
  ) {
    // The next round is queued before this one runs, so a failure or a kill cannot end
    // the chain (the queue's stately policy keeps at most one waiting).
    if (definition.everySeconds && config.jobSchedules) await sendNext(definition);
    try {
      await definition.handle({ ...services(), system: SYSTEM_ACTOR }, job.data as never);
    } catch (error) {
      log.warn({ err: error, queue: definition.name, job: job.id }, 'job failed');
      await tellFailure(definition, job);
      throw error;
    }
  }

  return {
    async start() {
      await boss.start();
      for (const definition of definitions) await ensureQueue(boss, definition);
      if (config.jobWorkers) {
        for (const definition of definitions) {
          const id = await boss.work(
            definition.name,
            {
              pollingIntervalSeconds: config.jobPollingSeconds,
              batchSize: 1,
              includeMetadata: true,
            },
            async ([job]) => run(definition, job!),
          );
          workers.set(definition.name, id);
        }
      }
      if (config.jobSchedules) {
        for (const definition of definitions) {
          if (definition.cron)
            await boss.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
          // Runs at once unless a round is already waiting (its next one, from another server).
          if (definition.everySeconds) await boss.send(definition.name, {});
        }
      }
      started = true;
    },

    async stop() {
      if (!started) return;
      started = false;
      // Jobs underway may finish (briefly); the rest stay queued for the next server.
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },

    async send(queue, data, options = {}) {
      const id = await boss.send(queue, data, {
        ...(options.db && { db: bossDb(options.db) }),
        ...(options.singletonKey && { singletonKey: options.singletonKey }),
        ...(options.startAfter !== undefined && { startAfter: options.startAfter }),
      });
      // A worker of this server looks at once rather than at its next poll. Sent inside a
      // transaction that has not committed yet, the job is found at that poll instead.
      const worker = workers.get(queue);
      if (worker && !options.db) boss.notifyWorker(worker);
      return id;
    },

    async states() {
      const { rows } = await sql<{ name: string; state: string; count: number }>`
        select name, state, count(*)::int as count from ${sql.table(`${JOBS_SCHEMA}.job`)}
        where state in ('created', 'retry', 'active', 'failed') group by name, state`.execute(db);
      return definitions.map(({ name }) => {
        const count = (state: string) =>
          rows.find((row) => row.name === name && row.state === state)?.count ?? 0;
        return {
          name,
          waiting: count('created') + count('retry'),
          active: count('active'),
          failed: count('failed'),
        };
      });
    },

    async failed(limit = 50) {
      const { rows } = await sql<{
        id: string;
        name: string;
        error: string | null;
        retryCount: number;
        completedOn: Date;
      }>`
        select id, name, output->>'message' as error, retry_count, completed_on
        from ${sql.table(`${JOBS_SCHEMA}.job`)} where state = 'failed'
        order by completed_on desc limit ${limit}`.execute(db);
      return rows.map((row) => ({
        id: row.id,
        queue: row.name,
        error: row.error ?? 'Unknown error',
        attempts: row.retryCount + 1,
        failedAt: row.completedOn,
      }));
    },

    async retry(queue, id) {
      if (!definitions.some((definition) => definition.name === queue)) return false;
      const found = await sql<{ id: string }>`
        select id from ${sql.table(`${JOBS_SCHEMA}.job`)}
        where name = ${queue} and id = ${id}::uuid and state = 'failed'`.execute(db);
      if (found.rows.length === 0) return false;
      await boss.retry(queue, id);
      const worker = workers.get(queue);
      if (worker) boss.notifyWorker(worker);
      return true;
    },

    async idle(timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const { rows } = await sql<{ busy: number }>`
          select count(*)::int as busy from ${sql.table(`${JOBS_SCHEMA}.job`)}
          where (state in ('created', 'retry') and start_after <= now()) or state = 'active'`.execute(
          db,
        );
        if (rows[0]!.busy === 0) return;
        if (Date.now() > until) throw new Error(`jobs still busy after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}
