import { sql } from 'kysely';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDb, migrateToLatest } from './db/create-db.ts';
import { purgeOldLogs } from './domains/admin/admin.repository.ts';
import { purgeExpiredWorkspaces } from './domains/workspaces/workspaces.repository.ts';
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
      await purgeOldLogs(handle.db, config.logRetentionDays);
      const purged = await purgeExpiredWorkspaces(handle.db);
      if (purged > 0)
        app.log.info({ purged }, 'removed workspaces past their deletion grace period');
    } catch (error) {
      app.log.error({ err: error }, 'housekeeping failed');
    } finally {
      housekeepingRunning = false;
    }
  };
  await housekeeping();

  // PGlite runs no autovacuum, so nothing else ever gathers planner statistics: without
  // them the planner guesses a few rows per table and joins whole tables to answer a page
  // (50 of 5,000 deals: 145 ms instead of 1 ms). Not awaited at start: it must not delay it.
  const analyzeEmbedded = async () => {
    if (handle.kind !== 'pglite') return;
    try {
      await sql`analyze`.execute(handle.db);
    } catch (error) {
      app.log.error({ err: error }, 'analyze failed');
    }
  };
  const timer = setInterval(
    () => void housekeeping().then(analyzeEmbedded),
    config.housekeepingIntervalMs,
  );
  timer.unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(timer);
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  void analyzeEmbedded();
  app.log.info(
    `Keel is ready on http://${config.host}:${config.port} (${handle.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
