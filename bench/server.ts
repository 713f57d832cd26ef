/**
 * The server benchmark (issue 10, items 2 to 4): autocannon against Keel's REST routes,
 * Keel's tRPC procedures and a bare Fastify + SQL handler (bench/bare.ts) doing the same
 * work, at 1 and 20 connections, on the embedded database and on PostgreSQL. Then the noisy
 * neighbour (issue 15, item 4): another workspace's GET /api/auth/me alone, and while one
 * member of the big workspace runs unpaged lists and exports in a loop.
 *
 *   npx tsx bench/server.ts     prints the table; `npm run bench` also writes results.json
 *
 * Environment: BENCH_DURATION (seconds per run, default 5), BENCH_PG_URL (a PostgreSQL
 * server where a scratch database may be created and dropped; default
 * postgres://postgres@127.0.0.1:5432/postgres; PostgreSQL is skipped when unreachable),
 * BENCH_DATABASES (e.g. "pglite" to run one), BENCH_SCENARIOS (e.g. "contacts list,sign-in";
 * "noisy neighbour" names the last one).
 *
 * Both servers run as child processes, one at a time (PGlite admits one process), with a
 * sign-in rate limits raised (AUTH_RATE_LIMIT and AUTH_ACCOUNT_RATE_LIMIT=1000000) so the
 * sign-in scenario measures sign-in, and LOG_LEVEL=warn so neither writes a log line per request.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDb, migrateToLatest } from '../src/server/db/create-db.ts';
import { seedBench, type BenchSeedResult } from '../scripts/seed/bench.ts';
import { progressBar } from '../scripts/seed/common.ts';

const ROOT = resolve(import.meta.dirname, '..');
const SECRET = randomBytes(32).toString('hex');

export interface Measure {
  rps: number;
  p50: number;
  p99: number;
  /**
   * The server process's CPU time per request (user + system): steadier than throughput on
   * a busy machine. With PostgreSQL the database's own CPU is not included.
   */
  cpuMs: number;
  /** Answers that were not 2xx, and socket errors: a run with any is not comparable. */
  bad: number;
}

export interface ScenarioResult {
  scenario: string;
  connections: number;
  rest: Measure;
  trpc: Measure;
  bare: Measure;
  /** Keel's throughput over the bare handler's, for the same work. */
  restRatio: number;
  trpcRatio: number;
}

export interface ProcessFigures {
  /** Spawn → first healthy answer, in ms (median of the starts made). */
  startMs: number;
  rssIdleMb: number;
  rssPeakMb: number;
}

/**
 * Issue 15, item 4: another workspace's `GET /api/auth/me` alone, then while one member of
 * the big workspace runs unpaged lists and exports in a loop on several connections.
 */
export interface NoisyNeighbourResult {
  connections: number;
  noiseConnections: number;
  idle: Measure;
  noisy: Measure;
  /** p99 under noise over p99 idle: the goal is at most 2. Null when nothing was answered. */
  p99Ratio: number | null;
  /** What the noisy member got meanwhile: answers, 429 refusals, bytes received. */
  noise: { answered: number; refused: number; failed: number; megabytes: number };
}

export interface DatabaseResult {
  seedSeconds: number;
  keel: ProcessFigures;
  bare: ProcessFigures;
  scenarios: ScenarioResult[];
  noisyNeighbour?: NoisyNeighbourResult;
}

export interface ServerBenchResult {
  durationSeconds: number;
  notes: string[];
  databases: Partial<Record<'pglite' | 'postgres', DatabaseResult>>;
}

interface Request {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Sends the session cookie. */
  authed: boolean;
}

interface Scenario {
  name: string;
  rest: Request;
  trpc: Request;
}

const trpcQuery = (procedure: string, input: unknown) =>
  `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`;

function scenarios(seed: BenchSeedResult): Scenario[] {
  const search = seed.searchTerms[0]!;
  const person = { fullName: 'Bench Person', email: 'bench.person@example.com' };
  const login = { email: seed.email, password: seed.password };
  return [
    {
      name: 'contacts list',
      rest: { method: 'GET', path: '/api/persons?limit=50', authed: true },
      trpc: { method: 'GET', path: trpcQuery('contacts.list', { limit: 50 }), authed: true },
    },
    {
      name: 'leads list',
      rest: { method: 'GET', path: '/api/leads?limit=50', authed: true },
      trpc: { method: 'GET', path: trpcQuery('leads.list', { limit: 50 }), authed: true },
    },
    {
      name: 'search',
      rest: { method: 'GET', path: `/api/persons?limit=50&search=${search}`, authed: true },
      trpc: {
        method: 'GET',
        path: trpcQuery('contacts.list', { limit: 50, search }),
        authed: true,
      },
    },
    {
      name: 'create',
      rest: { method: 'POST', path: '/api/persons', body: person, authed: true },
      trpc: { method: 'POST', path: '/trpc/contacts.create', body: person, authed: true },
    },
    {
      name: 'sign-in',
      rest: { method: 'POST', path: '/api/auth/login', body: login, authed: false },
      trpc: { method: 'POST', path: '/trpc/auth.login', body: login, authed: false },
    },
  ];
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

function rssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

/** utime + stime of a process, in ms (clock ticks are 10 ms on Linux). */
function cpuTimeMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

interface Running {
  child: ChildProcess;
  url: string;
  startMs: number;
  stop(): Promise<void>;
}

/** Starts a server process (one node process, so its pid is the server's) and waits for health. */
async function start(kind: 'keel' | 'bare', db: DbTarget): Promise<Running> {
  const port = await freePort();
  const script = kind === 'keel' ? 'src/server/main.ts' : 'bench/bare.ts';
  const started = performance.now();
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: {
      ...env,
      ...db.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SESSION_SECRET: SECRET,
      AUTH_RATE_LIMIT: '1000000',
      AUTH_ACCOUNT_RATE_LIMIT: '1000000',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${kind} exited: ${stderr}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 60_000) throw new Error(`${kind} did not start: ${stderr}`);
    await sleep(20);
  }
  const startMs = Math.round(performance.now() - started);
  return {
    child,
    url,
    startMs,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

async function signIn(url: string, seed: BenchSeedResult): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: seed.email, password: seed.password }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('keel.sid='));
  if (!res.ok || !cookie) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return cookie.split(';')[0]!;
}

/**
 * Waits until the server has worked off what the last run left queued: autocannon stops
 * at its deadline, but requests already sent (20 sign-ins, each an argon2 hash) still run,
 * and would otherwise be charged to the next run (the sign-in runs measured nothing).
 */
async function settle(pid: number): Promise<void> {
  const deadline = performance.now() + 60_000;
  let before = cpuTimeMs(pid);
  while (performance.now() < deadline) {
    await sleep(300);
    const now = cpuTimeMs(pid);
    if (now - before <= 30) return;
    before = now;
  }
}

async function load(
  url: string,
  request: Request,
  cookie: string,
  connections: number,
  duration: number,
  pid: number,
): Promise<Measure> {
  await settle(pid);
  const cpuBefore = cpuTimeMs(pid);
  const result = await autocannon({
    url: `${url}${request.path}`,
    method: request.method,
    connections,
    duration,
    headers: {
      ...(request.authed ? { cookie } : {}),
      ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: request.body !== undefined ? JSON.stringify(request.body) : undefined,
  });
  // Steady state: CPU to the deadline over the answers to the deadline.
  return measureOf(result, cpuTimeMs(pid) - cpuBefore);
}

/** An autocannon result as the bench reports it, with the server's CPU time meanwhile. */
function measureOf(result: autocannon.Result, cpuMs: number): Measure {
  // Total over elapsed time: autocannon's per-second average misses partial seconds.
  return {
    rps: Math.round((result.requests.total / result.duration) * 10) / 10,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMs: result.requests.total > 0 ? Math.round((cpuMs / result.requests.total) * 100) / 100 : 0,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

interface DbTarget {
  kind: 'pglite' | 'postgres';
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

async function prepare(
  kind: 'pglite' | 'postgres',
  pgUrl: string,
  log: (line: string) => void,
): Promise<{ target: DbTarget; seed: BenchSeedResult; seedSeconds: number }> {
  let target: DbTarget;
  let handleOptions: { databaseUrl?: string; dataDir?: string };
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'keel-bench-'));
    target = {
      kind,
      env: { DATA_DIR: dir },
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    };
    handleOptions = { dataDir: dir };
  } else {
    const name = `keel_bench_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    target = {
      kind,
      env: { DATABASE_URL: url.toString() },
      cleanup: async () => {
        const client = new pg.Client({ connectionString: pgUrl });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
    handleOptions = { databaseUrl: url.toString() };
  }
  const handle = await createDb(handleOptions);
  try {
    await migrateToLatest(handle.db);
    log(`Seeding ${kind}…`);
    const started = performance.now();
    const seed = await seedBench(handle.db, { onProgress: progressBar() });
    const seedSeconds = Math.round((performance.now() - started) / 100) / 10;
    log(`Seeded ${kind} in ${seedSeconds} s`);
    return { target, seed, seedSeconds };
  } finally {
    await handle.close();
  }
}

/** Keel or bare: starts (several times, for the start time), measures and stops. */
async function benchProcess(
  kind: 'keel' | 'bare',
  target: DbTarget,
  seed: BenchSeedResult,
  list: Scenario[],
  duration: number,
  log: (line: string) => void,
  startCount = 3,
): Promise<{ figures: ProcessFigures; measures: Map<string, Measure> }> {
  const starts: number[] = [];
  for (let i = 0; i < startCount - 1; i++) {
    const server = await start(kind, target);
    starts.push(server.startMs);
    await server.stop();
  }
  const server = await start(kind, target);
  starts.push(server.startMs);
  starts.sort((a, b) => a - b);
  const measures = new Map<string, Measure>();
  let peak = 0;
  const pid = server.child.pid!;
  try {
    await sleep(1000);
    const rssIdleMb = rssMb(pid);
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 250);
    try {
      const cookie = await signIn(server.url, seed);
      const paths = kind === 'keel' ? (['rest', 'trpc'] as const) : (['rest'] as const);
      for (const scenario of list) {
        for (const path of paths) {
          const request = scenario[path];
          // A short warm-up: JIT, connection pool and the database's caches.
          await load(server.url, request, cookie, 20, 1, pid);
          for (const connections of [1, 20]) {
            const measure = await load(server.url, request, cookie, connections, duration, pid);
            const label = kind === 'keel' ? path.toUpperCase().replace('TRPC', 'tRPC') : 'bare';
            log(
              `  ${target.kind} ${scenario.name} ${label} ×${connections}: ${measure.rps} req/s, p50 ${measure.p50} ms, p99 ${measure.p99} ms, ${measure.cpuMs} ms CPU/request${measure.bad ? `, ${measure.bad} failed` : ''}`,
            );
            measures.set(`${scenario.name}|${path}|${connections}`, measure);
          }
        }
      }
    } finally {
      clearInterval(sampler);
    }
    return {
      figures: { startMs: starts[Math.floor(starts.length / 2)]!, rssIdleMb, rssPeakMb: peak },
      measures,
    };
  } finally {
    await server.stop();
  }
}

/** The noisy member's loop: lists without `limit` and CSV exports of the big workspace. */
const NOISE_PATHS = [
  '/api/persons',
  '/api/contacts/export',
  '/api/leads',
  '/api/time-entries',
  '/api/organizations/export',
  '/api/contacts/with-tags',
];
const NOISE_CONNECTIONS = 4;
const VICTIM_CONNECTIONS = 4;

/**
 * Requests `NOISE_PATHS` in turn on `connections` loops until `signal` aborts, reading every
 * body whole. A refusal (429) is retried at once, as a careless script would.
 */
async function makeNoise(url: string, cookie: string, connections: number, signal: AbortSignal) {
  const stats = { answered: 0, refused: 0, failed: 0, bytes: 0 };
  await Promise.all(
    Array.from({ length: connections }, async (_, loop) => {
      for (let n = loop; !signal.aborted; n++) {
        try {
          const res = await fetch(`${url}${NOISE_PATHS[n % NOISE_PATHS.length]}`, {
            headers: { cookie },
            signal,
          });
          const body = await res.arrayBuffer();
          if (res.status === 429) stats.refused += 1;
          else if (res.ok) {
            stats.answered += 1;
            stats.bytes += body.byteLength;
          } else stats.failed += 1;
        } catch {
          if (!signal.aborted) stats.failed += 1;
        }
      }
    }),
  );
  return stats;
}

/** A new account with a workspace of its own, signed in: the neighbour. */
async function signUpNeighbour(url: string): Promise<string> {
  const email = `neighbour-${Date.now().toString(36)}@example.com`;
  const signup = await fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fullName: 'Quiet Neighbour', email, password: 'quiet-neighbour-9' }),
  });
  const cookie = signup.headers.getSetCookie().find((c) => c.startsWith('keel.sid='));
  if (signup.status !== 201 || !cookie) throw new Error(`sign-up failed: ${signup.status}`);
  const session = cookie.split(';')[0]!;
  const workspace = await fetch(`${url}/api/workspaces`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: session },
    body: JSON.stringify({ name: 'Quiet Neighbour Studio' }),
  });
  if (workspace.status !== 201) throw new Error(`workspace failed: ${workspace.status}`);
  return session;
}

/**
 * The noisy-neighbour scenario on a fresh Keel process: the neighbour's `GET /api/auth/me`
 * at VICTIM_CONNECTIONS alone, then again while the big workspace's owner makes noise.
 */
async function noisyNeighbour(
  target: DbTarget,
  seed: BenchSeedResult,
  duration: number,
  log: (line: string) => void,
): Promise<NoisyNeighbourResult> {
  const server = await start('keel', target);
  const pid = server.child.pid!;
  try {
    const noisyCookie = await signIn(server.url, seed);
    const neighbourCookie = await signUpNeighbour(server.url);
    const me: Request = { method: 'GET', path: '/api/auth/me', authed: true };
    await load(server.url, me, neighbourCookie, VICTIM_CONNECTIONS, 1, pid);
    const idle = await load(server.url, me, neighbourCookie, VICTIM_CONNECTIONS, duration, pid);
    const stop = new AbortController();
    const noise = makeNoise(server.url, noisyCookie, NOISE_CONNECTIONS, stop.signal);
    // The noise gets going (the first exports are under way) before measuring.
    await sleep(1000);
    let noisy: Measure;
    try {
      noisy = await autocannonWhile(server.url, me, neighbourCookie, duration, pid);
    } finally {
      stop.abort();
    }
    const made = await noise;
    const result: NoisyNeighbourResult = {
      connections: VICTIM_CONNECTIONS,
      noiseConnections: NOISE_CONNECTIONS,
      idle,
      noisy,
      p99Ratio: idle.p99 && noisy.rps > 0 ? Math.round((noisy.p99 / idle.p99) * 100) / 100 : null,
      noise: {
        answered: made.answered,
        refused: made.refused,
        failed: made.failed,
        megabytes: Math.round(made.bytes / 1e5) / 10,
      },
    };
    log(
      `  ${target.kind} noisy neighbour: GET /api/auth/me ×${VICTIM_CONNECTIONS} idle p50 ${idle.p50} / p99 ${idle.p99} ms, under noise ${result.p99Ratio === null ? 'no answer at all' : `p50 ${noisy.p50} / p99 ${noisy.p99} ms (×${result.p99Ratio})`}; noise ${made.answered} answered, ${made.refused} refused (429), ${result.noise.megabytes} MB`,
    );
    return result;
  } finally {
    await server.stop();
  }
}

/** `load` without waiting for the server to go quiet first: the noise keeps it busy. */
async function autocannonWhile(
  url: string,
  request: Request,
  cookie: string,
  duration: number,
  pid: number,
): Promise<Measure> {
  const cpuBefore = cpuTimeMs(pid);
  const result = await autocannon({
    url: `${url}${request.path}`,
    method: request.method,
    connections: VICTIM_CONNECTIONS,
    duration,
    headers: { cookie },
  });
  return measureOf(result, cpuTimeMs(pid) - cpuBefore);
}

async function pgReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

export async function runServerBench(
  options: { duration?: number; log?: (line: string) => void } = {},
): Promise<ServerBenchResult> {
  const log = options.log ?? ((line: string) => console.error(line));
  const duration = options.duration ?? Number(process.env.BENCH_DURATION ?? 5);
  const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const wanted = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
  const notes = [
    'Servers run one at a time as child processes with AUTH_RATE_LIMIT=1000000 and AUTH_ACCOUNT_RATE_LIMIT=1000000 (sign-in is otherwise limited per address and per account) and LOG_LEVEL=warn.',
    'Each run is preceded by a 1 s warm-up at 20 connections and waits until the server has finished what the previous run left queued.',
    'On the embedded database Keel answers the session, the caller and a list total from memory until the next write (src/server/db/read-cache.ts), and the bare handler does the same; on PostgreSQL both read them every time.',
    'Reads (contacts list, leads list, search) run for Keel then bare on the seeded rows; then create and sign-in run for Keel then bare (creates add thousands of contacts, so the creates of the two servers do not insert into equal tables either, a small difference).',
    `Noisy neighbour: on a fresh Keel process, a new account's GET /api/auth/me at ${VICTIM_CONNECTIONS} connections alone, then while the big workspace's owner requests ${NOISE_PATHS.join(', ')} in turn on ${NOISE_CONNECTIONS} connections, reading every body and retrying a 429 at once.`,
  ];
  const result: ServerBenchResult = { durationSeconds: duration, notes, databases: {} };
  for (const kind of ['pglite', 'postgres'] as const) {
    if (!wanted.includes(kind)) continue;
    if (kind === 'postgres' && !(await pgReachable(pgUrl))) {
      notes.push(`PostgreSQL skipped: ${pgUrl.replace(/\/\/[^@]*@/, '//…@')} unreachable.`);
      continue;
    }
    const { target, seed, seedSeconds } = await prepare(kind, pgUrl, log);
    try {
      const only = process.env.BENCH_SCENARIOS?.split(',');
      const list = scenarios(seed).filter((s) => !only || only.includes(s.name));
      // Reads first, for both servers, on the seeded rows alone: the create runs add
      // thousands of contacts, and whichever server read after them would count and search
      // a table twice as big (the bare handler did, which flattered Keel's read ratios).
      const reads = list.filter((scenario) => scenario.rest.method === 'GET');
      const writes = list.filter((scenario) => scenario.rest.method !== 'GET');
      const keel = await benchProcess('keel', target, seed, reads, duration, log);
      const bare = await benchProcess('bare', target, seed, reads, duration, log);
      for (const [kind, into] of [
        ['keel', keel],
        ['bare', bare],
      ] as const) {
        if (writes.length === 0) break;
        const more = await benchProcess(kind, target, seed, writes, duration, log, 1);
        for (const [key, measure] of more.measures) into.measures.set(key, measure);
        into.figures.rssPeakMb = Math.max(into.figures.rssPeakMb, more.figures.rssPeakMb);
      }
      const rows: ScenarioResult[] = [];
      for (const scenario of list) {
        for (const connections of [1, 20]) {
          const get = (m: typeof keel.measures, path: string) =>
            m.get(`${scenario.name}|${path}|${connections}`)!;
          const b = get(bare.measures, 'rest');
          const rest = get(keel.measures, 'rest');
          const trpc = get(keel.measures, 'trpc');
          rows.push({
            scenario: scenario.name,
            connections,
            rest,
            trpc,
            bare: b,
            restRatio: b.rps ? Math.round((rest.rps / b.rps) * 100) / 100 : 0,
            trpcRatio: b.rps ? Math.round((trpc.rps / b.rps) * 100) / 100 : 0,
          });
        }
      }
      result.databases[kind] = {
        seedSeconds,
        keel: keel.figures,
        bare: bare.figures,
        scenarios: rows,
        ...(!only || only.includes('noisy neighbour')
          ? { noisyNeighbour: await noisyNeighbour(target, seed, duration, log) }
          : {}),
      };
    } finally {
      await target.cleanup();
    }
  }
  return result;
}

/** The table for the terminal and the report. */
export function formatServerTable(result: ServerBenchResult): string {
  const lines: string[] = [];
  const cell = (m: Measure) =>
    `${m.rps.toFixed(0).padStart(6)} ${String(m.p50).padStart(4)}/${String(m.p99).padEnd(4)}${m.bad ? '!' : ' '}`;
  for (const [kind, db] of Object.entries(result.databases)) {
    lines.push(
      `\n${kind}: seed ${db.seedSeconds} s; Keel start ${db.keel.startMs} ms, RSS idle ${db.keel.rssIdleMb} MB, under load ${db.keel.rssPeakMb} MB; bare RSS idle ${db.bare.rssIdleMb} MB, under load ${db.bare.rssPeakMb} MB`,
    );
    lines.push(
      'scenario        conns |  REST req/s p50/p99 |  tRPC req/s p50/p99 |  bare req/s p50/p99 | REST/bare tRPC/bare | CPU ms/req REST tRPC bare',
    );
    for (const r of db.scenarios) {
      lines.push(
        `${r.scenario.padEnd(15)} ${String(r.connections).padStart(5)} | ${cell(r.rest)} | ${cell(r.trpc)} | ${cell(r.bare)} | ${r.restRatio.toFixed(2).padStart(9)} ${r.trpcRatio.toFixed(2).padStart(9)} | ${[r.rest, r.trpc, r.bare].map((m) => m.cpuMs.toFixed(2).padStart(5)).join(' ')}`,
      );
    }
    const n = db.noisyNeighbour;
    if (n) {
      lines.push(
        `noisy neighbour: another workspace's GET /api/auth/me ×${n.connections}: idle ${cell(n.idle)}, under noise ${cell(n.noisy)}, p99 ${n.p99Ratio === null ? 'no answer' : `×${n.p99Ratio}`} (goal ≤ 2); noise on ${n.noiseConnections} connections: ${n.noise.answered} answered, ${n.noise.refused} refused (429), ${n.noise.failed} failed, ${n.noise.megabytes} MB`,
      );
    }
  }
  lines.push('\nLatencies in ms; "!" marks a run with failed requests.');
  for (const note of result.notes) lines.push(`- ${note}`);
  return lines.join('\n');
}

export function machine() {
  const cpu = cpus();
  return {
    cpu: cpu[0]?.model ?? 'unknown',
    cores: cpu.length,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}

if (import.meta.filename === process.argv[1]) {
  const result = await runServerBench();
  console.log(formatServerTable(result));
}
