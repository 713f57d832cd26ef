/**
 * Prints every header of a sample of the server's answers (tests/support/header-sample.ts:
 * pages, files, JSON, errors, the portal), in development and in production, as JSON:
 * `npx tsx scripts/response-headers.ts > before.json`, change, run again, and diff. Values
 * that differ from run to run (dates, lengths, ids, cookies' values) are masked.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { createDb, migrateToLatest } from '../src/server/db/create-db.ts';
import { sampleResponses, writeClientBuild } from '../tests/support/header-sample.ts';

const VOLATILE = new Set(['date', 'content-length', 'etag', 'last-modified', 'x-request-id']);

function masked(name: string, value: string | string[] | number | undefined): unknown {
  if (VOLATILE.has(name)) return '…';
  // A cookie's name and attributes are policy; its value is a fresh secret every time.
  if (name === 'set-cookie') {
    return [value].flat().map((cookie) =>
      String(cookie)
        .replace(/=[^;]*/, '=…')
        .replace(/Expires=[^;]*/, 'Expires=…'),
    );
  }
  return value;
}

const root = mkdtempSync(join(tmpdir(), 'keel-headers-'));
const record: Record<string, Record<string, Record<string, unknown>>> = {};
try {
  writeClientBuild(join(root, 'client'));
  for (const env of ['development', 'production'] as const) {
    const handle = await createDb({ dataDir: join(root, env) });
    await migrateToLatest(handle.db);
    const config = loadConfig({
      NODE_ENV: env,
      DATA_DIR: join(root, env),
      SESSION_SECRET: 'x'.repeat(40),
      LOG_LEVEL: 'silent',
      APP_URL: 'https://keel.example.com',
      JOB_SCHEDULES: 'false',
      TRUST_PROXY: 'true',
    });
    const app = await buildApp({ ...config, clientDir: join(root, 'client') }, handle.db);
    try {
      record[env] = {};
      for (const { label, res } of await sampleResponses(app)) {
        const headers = Object.keys(res.headers).sort();
        record[env][`${label} ${res.statusCode}`] = Object.fromEntries(
          headers.map((name) => [name, masked(name, res.headers[name])]),
        );
      }
    } finally {
      await app.close();
      await handle.close();
    }
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
console.log(JSON.stringify(record, null, 2));
