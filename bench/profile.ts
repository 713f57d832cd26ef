/**
 * Where a server's CPU goes under load: starts Keel (or the bare handler) with `--cpu-prof`
 * on an already seeded database, signs in, runs autocannon against one path, stops the
 * server and summarises the profile by package and by function (self time).
 *
 *   DATABASE_URL=… | DATA_DIR=…  tsx bench/profile.ts run <keel|bare> <path> <email> <password>
 *   tsx bench/profile.ts show <file.cpuprofile>
 *   DATABASE_URL=… | DATA_DIR=…  tsx bench/profile.ts startup     (where start-up time goes)
 *
 * Environment: PROFILE_BODY (POST this JSON), PROFILE_SECONDS (default 10), PROFILE_CONNECTIONS (default 20), TOP (rows, 40),
 * PROFILE=0 (no profile: only throughput and the process's CPU per request, for A/B runs).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Keeps the samples taken from `fromEndUs` to `toEndUs` microseconds before the profile's end. */
function window(profile: CpuProfile, fromEndUs: number, toEndUs: number): CpuProfile {
  const at: number[] = [];
  let t = 0;
  for (const delta of profile.timeDeltas) at.push((t += delta));
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  profile.samples.forEach((id, i) => {
    const before = t - at[i]!;
    if (before <= fromEndUs && before >= toEndUs) {
      samples.push(id);
      timeDeltas.push(profile.timeDeltas[i]!);
    }
  });
  return { ...profile, samples, timeDeltas };
}

/** `node_modules/@fastify/session/…` → `@fastify/session`; our own files by folder. */
function packageOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = url.slice(modules + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (url.startsWith('node:')) return 'node:*';
  const src = url.indexOf('/src/');
  if (src >= 0)
    return url
      .slice(src + 1)
      .split('/')
      .slice(0, 3)
      .join('/');
  return url.replace(/^file:\/\//, '');
}

const INCLUSIVE =
  /\/(src|bench)\/[^/]|@fastify\/session|camel-case-plugin|zod\/v4\/core\/parse|kysely\/dist\/esm\/query-compiler/;
const INCLUSIVE_NAMES =
  /^(compileQuery|executeQuery|transformQuery|transformResult|serialize|parse|safeParse|callProcedure|resolveResponse|fastifyRequestHandler|onRequest|preHandler)$/;

export function summarise(profile: CpuProfile, top = 40): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + profile.timeDeltas[i]!));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = [...self.entries()]
    .filter(([id]) => byId.get(id)!.callFrame.functionName === '(idle)')
    .reduce((a, [, t]) => a + t, 0);
  const busy = total - idle;
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, time] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') continue;
    const pkg = packageOf(url, functionName);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + time);
    const fn = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/src\//, 'src/')}:${lineNumber + 1}` : ''}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + time);
  }
  const rows = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(
        ([key, t]) =>
          `${((t / busy) * 100).toFixed(1).padStart(5)}%  ${(t / 1000).toFixed(0).padStart(6)} ms  ${key}`,
      );
  // Inclusive time of our own functions and of chosen library entry points: each sample
  // counts once for every distinct function on its stack.
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const inclusive = new Map<string, number>();
  for (const [id, time] of self) {
    // Socket writes: kernel time that a loaded machine inflates; shown on their own above.
    if (byId.get(id)!.callFrame.functionName === 'writev') continue;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { functionName, url, lineNumber } = byId.get(at)!.callFrame;
      if (!INCLUSIVE.test(url) && !INCLUSIVE_NAMES.test(functionName)) continue;
      const key = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(src|bench)\//, '$1/')}:${lineNumber + 1}`;
      if (!seen.has(key)) {
        seen.add(key);
        inclusive.set(key, (inclusive.get(key) ?? 0) + time);
      }
    }
  }
  return [
    `busy ${(busy / 1000).toFixed(0)} ms of ${(total / 1000).toFixed(0)} ms sampled`,
    '\ninclusive (our code and library entry points)',
    ...rows(inclusive),
    '\nby package (self time, % of busy)',
    ...rows(byPackage),
    '\nby function (self time)',
    ...rows(byFunction),
  ].join('\n');
}

async function run(kind: string, path: string, email: string, password: string): Promise<void> {
  const root = resolve(import.meta.dirname, '..');
  const dir = mkdtempSync(join(tmpdir(), 'keel-prof-'));
  const port = 3900 + Math.floor(Math.random() * 90);
  const script = kind === 'bare' ? 'bench/bare.ts' : 'src/server/main.ts';
  const profiling = process.env.PROFILE !== '0';
  const child = spawn(
    process.execPath,
    [...(profiling ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : []), '--import', 'tsx', script],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        SESSION_SECRET: process.env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        NODE_ENV: 'development',
        AUTH_RATE_LIMIT: '1000000',
        AUTH_ACCOUNT_RATE_LIMIT: '1000000',
      },
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (i > 600) throw new Error('server did not start');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not yet listening
    }
    await new Promise((done) => setTimeout(done, 50));
  }
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = login.headers.getSetCookie()[0]?.split(';')[0];
  if (!login.ok || !cookie) throw new Error(`sign-in failed: ${login.status}`);
  // PROFILE_BODY: POST this JSON instead of a GET (creates).
  const body = process.env.PROFILE_BODY;
  const request = body
    ? { method: 'POST' as const, body, headers: { cookie, 'content-type': 'application/json' } }
    : { headers: { cookie } };
  // Warm-up: JIT, connection pool, the database's caches.
  await autocannon({ url: `${url}${path}`, connections: 20, duration: 2, ...request });
  await new Promise((done) => setTimeout(done, 500));
  const cpuBefore = cpuTimeMs(child.pid!);
  const loadStart = performance.now();
  const result = await autocannon({
    url: `${url}${path}`,
    connections: Number(process.env.PROFILE_CONNECTIONS ?? 20),
    duration: Number(process.env.PROFILE_SECONDS ?? 10),
    ...request,
  });
  console.log(
    `${kind} ${path}: ${result.requests.total} requests (${result.non2xx} not 2xx), ${(result.requests.total / result.duration).toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
  );
  const loadEnd = performance.now();
  const cpu = (cpuTimeMs(child.pid!) - cpuBefore) / result.requests.total;
  console.log(`process CPU (all threads, /proc) ${cpu.toFixed(2)} ms per request`);
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGINT');
  await exited;
  const exitAt = performance.now();
  if (!profiling) return;
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('no profile written');
  // Only the load: not start-up, sign-in or shutdown.
  const profile = window(
    JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile,
    (exitAt - loadStart) * 1000,
    (exitAt - loadEnd) * 1000,
  );
  const idle = profile.nodes.find((n) => n.callFrame.functionName === '(idle)')?.id;
  const writev = profile.nodes.find((n) => n.callFrame.functionName === 'writev')?.id;
  const inWritev = profile.samples.reduce(
    (sum, id, i) => sum + (id === writev ? profile.timeDeltas[i]! : 0),
    0,
  );
  const busy = profile.samples.reduce(
    (sum, id, i) => sum + (id === idle ? 0 : profile.timeDeltas[i]!),
    0,
  );
  console.log(
    `profile: ${join(dir, file)}\nmain thread busy ${(busy / 1000 / result.requests.total).toFixed(2)} ms per request, ${((busy - inWritev) / 1000 / result.requests.total).toFixed(2)} ms without socket writes (writev)`,
  );
  console.log(summarise(profile, Number(process.env.TOP ?? 40)));
}

/** utime + stime of a process, in ms (clock ticks are 10 ms on Linux). */
function cpuTimeMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Start-up, split: the process and tsx alone, then main.ts's steps one by one (imports,
 * opening the database, the migrations check, housekeeping, building the app, listening).
 */
async function startup(): Promise<void> {
  const root = resolve(import.meta.dirname, '..');
  const spawnToExit = (args: string[]) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'ignore' });
    return new Promise<number>((done) =>
      child.once('exit', () => done(Math.round(performance.now() - started))),
    );
  };
  console.log(`node alone: ${await spawnToExit(['-e', '0'])} ms`);
  console.log(`node --import tsx: ${await spawnToExit(['--import', 'tsx', '-e', '0'])} ms`);
  const steps: [string, number][] = [];
  let at = performance.now();
  const step = (name: string) => {
    const now = performance.now();
    steps.push([name, Math.round(now - at)]);
    at = now;
  };
  const { loadConfig } = await import('../src/server/config.ts');
  const { createDb, migrateToLatest } = await import('../src/server/db/create-db.ts');
  step('import config and database modules');
  const { buildApp } = await import('../src/server/app.ts');
  step('import the app (routers, plugins)');
  const config = { ...loadConfig(), logLevel: 'warn', port: 0 };
  const handle = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  step(`open the database (${handle.kind})`);
  await migrateToLatest(handle.db);
  step('migrations check');
  const { deleteExpiredSessions } = await import('../src/server/plugins/session.ts');
  await deleteExpiredSessions(handle.db);
  step('housekeeping: expired sessions');
  const app = await buildApp(config, handle.db);
  step('buildApp');
  await app.listen({ port: 0, host: '127.0.0.1' });
  step('listen');
  for (const [name, ms] of steps) console.log(`${String(ms).padStart(6)} ms  ${name}`);
  await app.close();
  await handle.close();
}

const [command, ...args] = process.argv.slice(2);
if (command === 'startup') {
  await startup();
} else if (command === 'show') {
  const profile = JSON.parse(readFileSync(args[0]!, 'utf8')) as CpuProfile;
  console.log(summarise(profile, Number(process.env.TOP ?? 40)));
} else if (command === 'run' && args.length === 4) {
  await run(args[0]!, args[1]!, args[2]!, args[3]!);
} else {
  console.error(
    'Usage: tsx bench/profile.ts run <keel|bare> <path> <email> <password> | show <file>',
  );
  process.exit(2);
}
