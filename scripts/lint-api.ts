/**
 * `npm run lint:api`: the OpenAPI document as a built app serves it (`GET /api/openapi.json`
 * of buildApp's server on a scratch embedded database), written to a temporary file and
 * linted by Redocly's CLI with the rules of redocly.yaml. Offline: no telemetry and no
 * update check. Exits with Redocly's status.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { createDb, migrateToLatest } from '../src/server/db/create-db.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'keel-lint-api-'));
let status = 0;
try {
  const handle = await createDb({ dataDir: dir });
  await migrateToLatest(handle.db);
  const config = loadConfig({
    // A server as configured by default: its document names http://127.0.0.1:3000.
    NODE_ENV: 'development',
    DATA_DIR: dir,
    SESSION_SECRET: 'x'.repeat(40),
    LOG_LEVEL: 'silent',
    JOB_SCHEDULES: 'false',
  });
  const app = await buildApp(config, handle.db);
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  await app.close();
  await handle.close();
  if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json: ${res.statusCode}`);
  const file = join(dir, 'openapi.json');
  writeFileSync(file, res.body);
  try {
    execFileSync(
      process.execPath,
      [
        join(root, 'node_modules/@redocly/cli/bin/cli.js'),
        'lint',
        '--config',
        join(root, 'redocly.yaml'),
        '--format',
        'stylish',
        '--max-problems',
        '10000',
        file,
      ],
      {
        stdio: 'inherit',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
  } catch {
    status = 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
