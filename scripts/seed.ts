/**
 * Sample data: `npm run db:seed -- --demo` (a small agency to try Keel with) or
 * `npm run db:seed -- --bench` (the benchmark's data set). Uses the same configuration as
 * the server (DATABASE_URL or DATA_DIR) and migrates first. With the embedded database,
 * stop the server first: only one process may open its directory.
 */
import { loadConfig } from '../src/server/config.ts';
import { createDb, migrateToLatest } from '../src/server/db/create-db.ts';
import { exitForStartupError, orExit, startupProblem } from '../src/server/startup-errors.ts';
import { adminHint } from './seed/admin-hint.ts';
import { seedBench } from './seed/bench.ts';
import { progressBar } from './seed/common.ts';
import { seedDemo } from './seed/demo.ts';

const mode = process.argv.slice(2).find((arg) => arg === '--bench' || arg === '--demo');
if (!mode) {
  console.error('Usage: npm run db:seed -- --demo | --bench');
  process.exit(2);
}

const config = orExit(() => loadConfig());
// A server holding the embedded database's directory is told in one line.
const handle = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch(
  exitForStartupError,
);
const started = performance.now();
try {
  await migrateToLatest(handle.db);
  const where = handle.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  if (mode === '--bench') {
    const result = await seedBench(handle.db, { onProgress: progressBar() });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Seeded ${result.workspaceIds.length} workspaces (${where}) in ${seconds} s.\n` +
        `Sign in as ${result.email} / ${result.password} (workspace ${result.workspaceId}).`,
    );
  } else {
    const result = await seedDemo(handle.db);
    console.log(
      `Seeded the demo workspace "${result.workspaceName}" (${where}).\n` +
        `Sign in as ${result.email} / ${result.password}`,
    );
  }
  // Seeded before anyone signed up, the server has no administrator: say how to get one.
  const hint = await adminHint(handle.db, handle.kind);
  if (hint) console.log(`\n${hint}`);
} catch (error) {
  console.error(startupProblem(error) ?? (error instanceof Error ? error.message : error));
  process.exitCode = 1;
} finally {
  await handle.close();
}
