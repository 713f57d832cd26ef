/**
 * Prints the SQL Keel runs for each benchmark scenario, one request each, on a seeded
 * embedded data dir: `DATA_DIR=… tsx bench/trace.ts <email> <password>`. The bare handler
 * (bench/bare.ts) compiles the same repository query builders.
 */
import type { InjectOptions } from 'fastify';
import type { CompiledQuery } from 'kysely';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { createDb } from '../src/server/db/create-db.ts';

const [email, password] = process.argv.slice(2);
const config = { ...loadConfig(), logLevel: 'silent', authRateLimit: 1_000_000 };
const handle = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const queries: string[] = [];
// Every statement as it is sent, read from the executor: a plugin's transformQuery would
// also see the subqueries it transforms.
const base = Object.getPrototypeOf(Object.getPrototypeOf(handle.db.getExecutor())) as {
  executeQuery(query: CompiledQuery): Promise<unknown>;
};
const execute = base.executeQuery;
base.executeQuery = function (this: unknown, query: CompiledQuery) {
  queries.push(query.sql);
  return execute.call(this, query);
};
const app = await buildApp(config, handle.db);

const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { email, password },
});
const cookie = login.cookies.find((c) => c.name === 'keel.sid')!;
const headers = { cookie: `keel.sid=${cookie.value}` };
const trpcInput = (input: unknown) => encodeURIComponent(JSON.stringify(input));
const scenarios: [string, InjectOptions][] = [
  ['contacts REST', { method: 'GET', url: '/api/persons?limit=50', headers }],
  [
    'contacts tRPC',
    { method: 'GET', url: `/trpc/contacts.list?input=${trpcInput({ limit: 50 })}`, headers },
  ],
  ['leads REST', { method: 'GET', url: '/api/leads?limit=50', headers }],
  ['search REST', { method: 'GET', url: '/api/persons?limit=50&search=garcia', headers }],
  [
    'create REST',
    {
      method: 'POST',
      url: '/api/persons',
      headers,
      payload: { fullName: 'Trace Person', email: 'trace@example.com' },
    },
  ],
  ['login REST', { method: 'POST', url: '/api/auth/login', payload: { email, password } }],
];
for (const [name, request] of scenarios) {
  queries.length = 0;
  const res = await app.inject(request);
  console.log(
    `\n## ${name}: ${res.statusCode}, ${res.body.length} bytes, ${queries.length} queries`,
  );
  for (const q of queries) console.log(`  ${q}`);
}
await app.close();
await handle.close();
