import { sql } from 'kysely';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDb, migrateToLatest } from './db/create-db.ts';
import { analyzeStaleTables, STATISTICS_CHECK_MS } from './db/statistics.ts';
import { purgeOldLogs } from './domains/admin/admin.repository.ts';
import { deleteUnusedFiles } from './domains/files/files.repository.ts';
import { purgeExpiredWorkspaces } from './domains/workspaces/workspaces.repository.ts';
import { deleteExpiredRateLimits } from './plugins/rate-limit.ts';
import { deleteExpiredSessions } from './plugins/session.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const handle = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(handle.db);
  const app = await buildApp(config, handle.db);

  // Housekeeping every server may do: the deletes are idempotent and the purge takes an
  // advisory lock, so servers sharing a database never purge the same workspace twice.
  // A round that outlasts the interval is not overlapped by the next one.
  let housekeepingRunning = false;
  const housekeeping = async () => {
    if (housekeepingRunning) return;
    housekeepingRunning = true;
    try {
      await deleteExpiredSessions(handle.db);
      await deleteExpiredRateLimits(handle.db);
      await purgeOldLogs(handle.db, config.logRetentionDays);
      await deleteUnusedFiles(handle.db);
      const purged = await purgeExpiredWorkspaces(handle.db);
      if (purged > 0)
        app.log.info({ purged }, 'removed workspaces past their deletion grace period');
    } catch (error) {
      app.log.error({ err: error }, 'housekeeping failed');
    } finally {
      housekeepingRunning = false;
    }
  };

  // PGlite runs no autovacuum, so this stands in for it. Without statistics the planner
  // guesses a few rows per table and joins whole tables to answer a page (50 of 5,000
  // deals: 145 ms instead of 1 ms); without the visibility map VACUUM keeps, every
  // index-only scan reads the table too (a count of 10,000 contacts: 5.6 ms instead of 1.3).
  // PGlite runs in this thread: an ANALYZE of the bench data set holds it for 0.75 s,
  // answering nothing. Statistics persist in the data directory, so at start only a
  // database with a table never analyzed needs it; the housekeeping rounds keep them fresh.
  const vacuumEmbedded = async ({ onlyWithoutStatistics = false } = {}) => {
    if (handle.kind !== 'pglite') return;
    try {
      if (onlyWithoutStatistics) {
        const { rows } = await sql<{ missing: boolean }>`select exists (
          select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r' and c.reltuples < 0) as missing`.execute(
          handle.db,
        );
        if (!rows[0]?.missing) return;
      }
      await sql`vacuum analyze`.execute(handle.db);
    } catch (error) {
      app.log.error({ err: error }, 'vacuum failed');
    }
  };
  const timer = setInterval(
    () => void housekeeping().then(() => vacuumEmbedded()),
    config.housekeepingIntervalMs,
  );
  timer.unref();
  // Autovacuum's analyze rule, on both databases (statistics.ts): PGlite has no autovacuum,
  // and PostgreSQL's may be off or a minute late.
  const refreshStatistics = () =>
    analyzeStaleTables(handle.db).catch((error: unknown) =>
      app.log.error({ err: error }, 'analyze failed'),
    );
  const statisticsTimer = setInterval(() => void refreshStatistics(), STATISTICS_CHECK_MS);
  statisticsTimer.unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(timer);
    clearInterval(statisticsTimer);
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // After listening, not before: it must not delay the start (expired sessions are refused
  // and deleted workspaces hidden by every request anyway), and it can take a while.
  void housekeeping();
  void vacuumEmbedded({ onlyWithoutStatistics: true }).then(refreshStatistics);
  app.log.info(
    `Keel is ready on http://${config.host}:${config.port} (${handle.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
