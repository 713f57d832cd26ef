import { sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/create-db.ts';
import type { AppServices } from '../../trpc/context.ts';
import {
  NOTIFICATION_EMAIL_QUEUE,
  notify,
  platformAdmins,
  workspaceManagers,
} from '../notifications/notifications.service.ts';
import { bossDb, JOBS_SCHEMA } from './job-schema.ts';
import { queues, type QueueDefinition } from './queues.ts';

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

/**
 * Creates the queue, or brings its options (retries, expiry) in line with the code. Servers
 * starting together on a new database may deadlock creating the same queue's partition; the
 * loser finds it made when it looks again.
 */
async function ensureQueue(boss: PgBoss, definition: QueueDefinition<never>): Promise<void> {
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
 * periodic work.
 */
export function createJobs(
  { db, config }: Pick<AppServices, 'db' | 'config'>,
  /** What handlers are given: the app's services, which include this queue. */
  services: () => AppServices,
  log: FastifyBaseLogger,
  definitions: QueueDefinition<never>[] = queues,
): Jobs {
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

  const sendNext = (definition: QueueDefinition<never>) =>
    boss.send(definition.name, {}, { startAfter: Math.max(1, definition.everySeconds!(config)) });

  /**
   * A job failed with no attempt left: the workspace's owners and administrators hear of it
   * when its data names a workspace, the platform's administrators otherwise. A failed
   * notification email tells nobody (a mail server down would feed on itself).
   */
  async function tellFailure(
    definition: QueueDefinition<never>,
    job: PgBoss.JobWithMetadata<unknown>,
  ) {
    if (definition.name === NOTIFICATION_EMAIL_QUEUE || job.retryCount < job.retryLimit) return;
    const { db, jobs } = services();
    const data = job.data as { workspaceId?: unknown } | null;
    const workspaceId = typeof data?.workspaceId === 'number' ? data.workspaceId : null;
    try {
      await notify(db, jobs, {
        workspaceId,
        userIds:
          workspaceId === null
            ? await platformAdmins(db)
            : await workspaceManagers(db, workspaceId),
        kind: 'job_failed',
        category: 'update',
        title: `Background work failed: ${definition.name}`,
        body: `It failed ${job.retryCount + 1} times and will not be tried again. It is listed under failed jobs in the admin console.`,
        link: workspaceId === null ? '/admin' : null,
      });
    } catch (error) {
      log.warn({ err: error, queue: definition.name, job: job.id }, 'job failure not notified');
    }
  }

  async function run(definition: QueueDefinition<never>, job: PgBoss.JobWithMetadata<unknown>) {
    // The next round is queued before this one runs, so a failure or a kill cannot end
    // the chain (the queue's stately policy keeps at most one waiting).
    if (definition.everySeconds && config.jobSchedules) await sendNext(definition);
    try {
      await definition.handle(services(), job.data as never);
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
