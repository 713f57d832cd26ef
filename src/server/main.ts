import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createDb, migrateToLatest } from './db/create-db.ts';
import { vacuumEmbedded } from './db/embedded.ts';
import { analyzeStaleTables } from './db/statistics.ts';
import { exitForStartupError } from './startup-errors.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const handle = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(handle.db);
  // Heavy reads' streaming replica (db/replica.ts): never migrated here, it replays the primary.
  const replica = config.databaseReplicaUrl
    ? await createDb({
        databaseUrl: config.databaseReplicaUrl,
        poolSize: 10,
        connectTimeoutMs: 5000,
      })
    : undefined;
  const app = await buildApp(config, handle.db, { replica: replica?.db });

  // Housekeeping (expired sessions, old logs, unused files, purge of deleted workspaces,
  // and the embedded database's vacuum) is a periodic job: src/server/queues.ts.
  const vacuum = (options?: { onlyWithoutStatistics: boolean }) =>
    vacuumEmbedded(handle.db, options).catch((error: unknown) =>
      app.log.error({ err: error }, 'vacuum failed'),
    );
  // Statistics are then kept by a periodic job too (queues.ts); at start a
  // database that never had them gets them at once.
  const refreshStatistics = () =>
    analyzeStaleTables(handle.db).catch((error: unknown) =>
      app.log.error({ err: error }, 'analyze failed'),
    );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await replica?.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // Closed before the process ends, so the embedded database's directory is let go.
    await app.close().catch(() => {});
    await replica?.close().catch(() => {});
    await handle.close().catch(() => {});
    throw error;
  }
  // After listening, not before: it must not delay the start (expired sessions are refused
  // and deleted workspaces hidden by every request anyway), and it can take a while.
  void vacuum({ onlyWithoutStatistics: true }).then(refreshStatistics);
  app.log.info(
    `Keel is ready on http://${config.host}:${config.port} (${handle.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

// A mistake of the set-up (busy port, data directory in use, bad settings) is one line an
// operator can act on; anything else is a bug and keeps its stack trace.
main().catch(exitForStartupError);
