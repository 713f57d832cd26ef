import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createDb, migrateToLatest } from './db/create-db.ts';
import { vacuumEmbedded } from './db/embedded.ts';
import { analyzeStaleTables, STATISTICS_CHECK_MS } from './db/statistics.ts';
import { purgeOldLogs } from './domains/admin/admin.repository.ts';
import { deleteUnusedFiles } from './domains/files/files.repository.ts';
import { purgeExpiredWorkspaces } from './domains/workspaces/workspaces.repository.ts';
import { deleteExpiredRateLimits } from './plugins/rate-limit.ts';
import { deleteExpiredSessions } from './plugins/session.ts';
import { exitForStartupError } from './startup-errors.ts';

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

  const vacuum = (options?: { onlyWithoutStatistics: boolean }) =>
    vacuumEmbedded(handle.db, options).catch((error: unknown) =>
      app.log.error({ err: error }, 'vacuum failed'),
    );
  const timer = setInterval(
    () => void housekeeping().then(() => vacuum()),
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

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // Closed before the process ends, so the embedded database's directory is let go.
    clearInterval(timer);
    clearInterval(statisticsTimer);
    await app.close().catch(() => {});
    await handle.close().catch(() => {});
    throw error;
  }
  // After listening, not before: it must not delay the start (expired sessions are refused
  // and deleted workspaces hidden by every request anyway), and it can take a while.
  void housekeeping();
  void vacuum({ onlyWithoutStatistics: true }).then(refreshStatistics);
  app.log.info(
    `Keel is ready on http://${config.host}:${config.port} (${handle.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

// A mistake of the set-up (busy port, data directory in use, bad settings) is one line an
// operator can act on; anything else is a bug and keeps its stack trace.
main().catch(exitForStartupError);
