/**
 * The server benchmark (issue 10, items 2 to 4): autocannon against Keel's REST routes,
 * Keel's tRPC procedures and a bare Fastify + SQL handler (bench/bare.ts) doing the same
 * work, at 1 and 20 connections, on the embedded database and on PostgreSQL. Then the noisy
 * neighbour (issue 15, item 4): another workspace's GET /api/auth/me alone, and while one
 * member of the big workspace runs unpaged lists and exports in a loop. Then the states real
 * users reach: "mixed" (one member reads the contacts list while another writes) on the
 * seeded data, and "users' state" (a new account's list at 50 contacts, then right after
 * importing to 10,000) on a fresh database that only Keel itself has written.
 *
 *   npx tsx bench/server.ts     prints the table; `npm run bench` also writes results.json
 *
 * Environment: BENCH_DURATION (seconds per run, default 5), BENCH_PG_URL (a PostgreSQL
 * server where a scratch database may be created and dropped; default
 * postgres://postgres@127.0.0.1:5432/postgres; PostgreSQL is skipped when unreachable),
 * BENCH_DATABASES (e.g. "pglite" to run one), BENCH_SCENARIOS (e.g. "contacts list,sign-in";
 * "noisy neighbour", "mixed" and "users' state" name the last ones; "users' state" alone
 * seeds nothing).
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
import { endOfMonth, format, startOfMonth, subMonths } from 'date-fns';
import pg from 'pg';
import { createDb, migrateToLatest } from '../src/server/db/create-db.ts';
import { seedBench, type BenchSeedResult } from '../scripts/seed/bench.ts';
import { progressBar } from '../scripts/seed/common.ts';
import { IMPORT_BATCH_SIZE } from '../src/shared/contacts.schema.ts';
import { formatTenants, tenantsBench, type TenantsResult } from './tenants.ts';
import {
  contactRows,
  contactTotal,
  createContacts,
  importContacts,
  signUp,
  writeInLoop,
  WRITER_IMPORT_ROWS,
  type Account,
  type ImportFigures,
  type WriterFigures,
} from './rest-user.ts';

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

/**
 * "mixed": one member reads the contacts list at MIXED_CONNECTIONS, alone, then while a
 * second member of the same workspace creates, edits and imports contacts.
 */
export interface MixedResult {
  connections: number;
  alone: Measure;
  mixed: Measure;
  /** Under writes over alone. Null when nothing was answered. */
  rpsRatio: number | null;
  p99Ratio: number | null;
  writer: WriterFigures & { writesPerSecond: number };
}

/** One connection count of "users' state": the list at 50 and at 10,000 contacts. */
export interface UsersStateRow {
  connections: number;
  keelFew: Measure;
  keelMany: Measure;
  bareFew: Measure;
  bareMany: Measure;
  /** 10,000 over 50: the goals are ≥ 0.7 for throughput and ≤ 2 for p99. */
  rpsRatio: number | null;
  p99Ratio: number | null;
  /** Keel's throughput over the bare handler's at 50 and at 10,000: the goal is ≥ 0.6. */
  bareRatioFew: number | null;
  bareRatioMany: number | null;
}

/** "users' state" on one database: a fresh one, written only through Keel's REST API. */
export interface UsersStateResult {
  /** The two sizes measured: contacts made one by one, then the total after the import. */
  contacts: { few: number; many: number };
  import: ImportFigures;
  rows: UsersStateRow[];
}

export interface DatabaseResult {
  seedSeconds: number;
  keel: ProcessFigures;
  bare: ProcessFigures;
  scenarios: ScenarioResult[];
  noisyNeighbour?: NoisyNeighbourResult;
  mixed?: MixedResult;
}

type DbKind = 'pglite' | 'postgres';

export interface ServerBenchResult {
  durationSeconds: number;
  notes: string[];
  databases: Partial<Record<DbKind, DatabaseResult>>;
  /** Apart from `databases`: it runs on fresh databases, not on the seeded ones. */
  usersState?: Partial<Record<DbKind, UsersStateResult>>;
  /** "tenants" (issue 45): 1,000 workspaces on PostgreSQL through PgBouncer. */
  tenants?: TenantsResult;
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
  // The last whole month: the seed spreads its 50,000 entries over the two years before now.
  const lastMonth = subMonths(new Date(), 1);
  const month = {
    from: format(startOfMonth(lastMonth), 'yyyy-MM-dd'),
    to: format(endOfMonth(lastMonth), 'yyyy-MM-dd'),
  };
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
      name: 'time log month',
      rest: {
        method: 'GET',
        path: `/api/time-entries?from=${month.from}&to=${month.to}&limit=50`,
        authed: true,
      },
      trpc: {
        method: 'GET',
        path: trpcQuery('time.list', { from: month.from, to: month.to, limit: 50 }),
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

export async function freePort(): Promise<number> {
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
export function cpuTimeMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export interface Running {
  child: ChildProcess;
  url: string;
  startMs: number;
  stop(): Promise<void>;
}

/** Starts a server process (one node process, so its pid is the server's) and waits for health. */
export async function start(kind: 'keel' | 'bare', db: DbTarget): Promise<Running> {
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

async function signIn(url: string, account: Pick<Account, 'email' | 'password'>): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
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
export async function settle(pid: number): Promise<void> {
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

/** The connection counts every request is measured at: one user, and a busy team. */
const CONNECTIONS = [1, 20] as const;

/**
 * A short warm-up (JIT, connection pool and the database's caches), then a run at each of
 * CONNECTIONS, each logged as `label ×connections` as it ends.
 */
async function measureAt(
  server: Running,
  request: Request,
  cookie: string,
  duration: number,
  label: string,
  log: (line: string) => void,
): Promise<Map<number, Measure>> {
  const pid = server.child.pid!;
  await load(server.url, request, cookie, 20, 1, pid);
  const measures = new Map<number, Measure>();
  for (const connections of CONNECTIONS) {
    const measure = await load(server.url, request, cookie, connections, duration, pid);
    log(
      `  ${label} ×${connections}: ${measure.rps} req/s, p50 ${measure.p50} ms, p99 ${measure.p99} ms, ${measure.cpuMs} ms CPU/request${measure.bad ? `, ${measure.bad} failed` : ''}`,
    );
    measures.set(connections, measure);
  }
  return measures;
}

/** An autocannon result as the bench reports it, with the server's CPU time meanwhile. */
export function measureOf(result: autocannon.Result, cpuMs: number): Measure {
  // Total over elapsed time: autocannon's per-second average misses partial seconds.
  return {
    rps: Math.round((result.requests.total / result.duration) * 10) / 10,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMs: result.requests.total > 0 ? Math.round((cpuMs / result.requests.total) * 100) / 100 : 0,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

export interface DbTarget {
  kind: DbKind;
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

/**
 * An empty data directory or scratch database (`prefix_…`): no tables until someone migrates
 * it.
 */
export async function scratchTarget(
  kind: DbKind,
  pgUrl: string,
  prefix = 'keel_bench',
): Promise<DbTarget> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'keel-bench-'));
    return {
      kind,
      env: { DATA_DIR: dir },
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    env: { DATABASE_URL: url.toString() },
    cleanup: async () => {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function prepare(
  kind: DbKind,
  pgUrl: string,
  log: (line: string) => void,
): Promise<{ target: DbTarget; seed: BenchSeedResult; seedSeconds: number }> {
  const target = await scratchTarget(kind, pgUrl);
  const handle = await createDb(
    kind === 'pglite' ? { dataDir: target.env.DATA_DIR } : { databaseUrl: target.env.DATABASE_URL },
  );
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
          const label = kind === 'keel' ? path.toUpperCase().replace('TRPC', 'tRPC') : 'bare';
          const runs = await measureAt(
            server,
            scenario[path],
            cookie,
            duration,
            `${target.kind} ${scenario.name} ${label}`,
            log,
          );
          for (const [connections, measure] of runs) {
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
function signUpNeighbour(url: string): Promise<string> {
  const email = `neighbour-${Date.now().toString(36)}@example.com`;
  const account = { fullName: 'Quiet Neighbour', email, password: 'quiet-neighbour-9' };
  return signUp(url, account, 'Quiet Neighbour Studio');
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
      noisy = await autocannonWhile(
        server.url,
        me,
        neighbourCookie,
        VICTIM_CONNECTIONS,
        duration,
        pid,
      );
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
  connections: number,
  duration: number,
  pid: number,
): Promise<Measure> {
  const cpuBefore = cpuTimeMs(pid);
  const result = await autocannon({
    url: `${url}${request.path}`,
    method: request.method,
    connections,
    duration,
    headers: { cookie },
  });
  return measureOf(result, cpuTimeMs(pid) - cpuBefore);
}

/** Starts `kind` on `target`, hands it to `work` and stops it, whatever happens. */
async function withServer<T>(
  kind: 'keel' | 'bare',
  target: DbTarget,
  work: (server: Running) => Promise<T>,
): Promise<T> {
  const server = await start(kind, target);
  try {
    return await work(server);
  } finally {
    await server.stop();
  }
}

/** The contacts screen's first page: what both new scenarios read. */
const LIST: Request = { method: 'GET', path: '/api/persons?limit=50', authed: true };

/** a / b to two decimals; null when b is 0 (nothing measured to compare with). */
const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100) / 100 : null);

const MIXED_CONNECTIONS = 20;

/**
 * Another member of the big workspace: the seeder makes its members as
 * `bench-<tag>-w0m<n>@example.com` beside `bench-<tag>-owner@example.com`, all with the same
 * password, and w0m1 is an administrator. A real second member, with a session of their
 * own, rather than a second session of the owner's.
 */
function secondMember(seed: BenchSeedResult): Pick<Account, 'email' | 'password'> {
  return { email: seed.email.replace(/-owner@/, '-w0m1@'), password: seed.password };
}

/**
 * "mixed" on a fresh Keel process over the seeded data: the owner reads the contacts list at
 * MIXED_CONNECTIONS alone, then again while a second member creates, edits and imports
 * contacts in a loop (bench/rest-user.ts, writeInLoop).
 */
async function mixed(
  target: DbTarget,
  seed: BenchSeedResult,
  duration: number,
  log: (line: string) => void,
): Promise<MixedResult> {
  return withServer('keel', target, async (server) => {
    const pid = server.child.pid!;
    const reader = await signIn(server.url, seed);
    const writer = await signIn(server.url, secondMember(seed));
    await load(server.url, LIST, reader, MIXED_CONNECTIONS, 1, pid);
    const alone = await load(server.url, LIST, reader, MIXED_CONNECTIONS, duration, pid);
    const stop = new AbortController();
    const writing = writeInLoop(server.url, writer, Date.now().toString(36), stop.signal);
    // As for the noise: the writer gets going (its first import under way) before measuring.
    await sleep(1000);
    let under: Measure;
    try {
      under = await autocannonWhile(server.url, LIST, reader, MIXED_CONNECTIONS, duration, pid);
    } finally {
      stop.abort();
    }
    const wrote = await writing;
    const writes = wrote.creates + wrote.updates + wrote.imports;
    const result: MixedResult = {
      connections: MIXED_CONNECTIONS,
      alone,
      mixed: under,
      rpsRatio: ratio(under.rps, alone.rps),
      p99Ratio: under.rps > 0 ? ratio(under.p99, alone.p99) : null,
      writer: { ...wrote, writesPerSecond: Math.round((writes / wrote.seconds) * 10) / 10 },
    };
    log(
      `  ${target.kind} mixed: GET /api/persons?limit=50 ×${MIXED_CONNECTIONS} alone ${alone.rps} req/s p50 ${alone.p50} / p99 ${alone.p99} ms, while another member writes ${under.rps} req/s p50 ${under.p50} / p99 ${under.p99} ms; writer ${wrote.creates} creates, ${wrote.updates} updates, ${wrote.imports} imports (${wrote.refused} refused, ${wrote.failed} failed) in ${wrote.seconds} s`,
    );
    return result;
  });
}

const FEW_CONTACTS = 50;
const MANY_CONTACTS = 10_000;

/**
 * "users' state" on a fresh database that nobody but Keel writes (no seeder, no VACUUM, no
 * ANALYZE; Keel's first start runs the migrations): a new account's contacts list with
 * FEW_CONTACTS made one by one, then right after importing up to MANY_CONTACTS. The order:
 *   1. Keel, a fresh process: sign-up, a workspace, the contacts one by one; the list.
 *   2. bare, signed in as that user: the list at FEW_CONTACTS.
 *   3. Keel again: the import, then at once the list (no restart since the import, no sleep
 *      but settle()'s wait for the server to go quiet, no VACUUM: what the user sees next).
 *   4. bare: the list at MANY_CONTACTS.
 * Keel restarts once, before the import, so that bare can read the FEW_CONTACTS on the same
 * database (PGlite admits one process); the import and the read after it share a process.
 */
async function usersState(
  kind: DbKind,
  pgUrl: string,
  duration: number,
  log: (line: string) => void,
): Promise<UsersStateResult> {
  const target = await scratchTarget(kind, pgUrl);
  try {
    const tag = Date.now().toString(36);
    const account: Account = {
      fullName: 'Robin Fairweather',
      email: `robin-${tag}@example.com`,
      password: 'robin-keeps-contacts-7',
    };
    const contacts = contactRows(MANY_CONTACTS, tag);
    const label = (server: string, count: number) => `${kind} users' state ${server} @${count}`;
    const expectTotal = async (url: string, cookie: string, count: number) => {
      const total = await contactTotal(url, cookie);
      if (total !== count) throw new Error(`users' state: ${total} contacts, not ${count}`);
    };
    let cookie = '';
    const keelFew = await withServer('keel', target, async (server) => {
      cookie = await signUp(server.url, account, 'Fairweather Studio');
      await createContacts(server.url, cookie, contacts.slice(0, FEW_CONTACTS));
      await expectTotal(server.url, cookie, FEW_CONTACTS);
      return measureAt(server, LIST, cookie, duration, label('Keel', FEW_CONTACTS), log);
    });
    const bareRead = (count: number) =>
      withServer('bare', target, async (server) =>
        measureAt(
          server,
          LIST,
          await signIn(server.url, account),
          duration,
          label('bare', count),
          log,
        ),
      );
    const bareFew = await bareRead(FEW_CONTACTS);
    const { keelMany, imported } = await withServer('keel', target, async (server) => {
      // The session from the sign-up: it lives in the database, as a returning user's does.
      const imported = await importContacts(
        server.url,
        cookie,
        contacts.slice(FEW_CONTACTS),
        `bench-${tag}`,
      );
      log(
        `  ${kind} users' state: imported ${imported.created} of ${imported.rows} contacts in ${imported.calls} calls in ${imported.seconds} s (${imported.refused} refused with 429)`,
      );
      await expectTotal(server.url, cookie, MANY_CONTACTS);
      const keelMany = await measureAt(
        server,
        LIST,
        cookie,
        duration,
        label('Keel', MANY_CONTACTS),
        log,
      );
      return { keelMany, imported };
    });
    const bareMany = await bareRead(MANY_CONTACTS);
    const rows = CONNECTIONS.map((connections): UsersStateRow => {
      const at = (measures: Map<number, Measure>) => measures.get(connections)!;
      const [few, many] = [at(keelFew), at(keelMany)];
      return {
        connections,
        keelFew: few,
        keelMany: many,
        bareFew: at(bareFew),
        bareMany: at(bareMany),
        rpsRatio: ratio(many.rps, few.rps),
        p99Ratio: many.rps > 0 ? ratio(many.p99, few.p99) : null,
        bareRatioFew: ratio(few.rps, at(bareFew).rps),
        bareRatioMany: ratio(many.rps, at(bareMany).rps),
      };
    });
    return { contacts: { few: FEW_CONTACTS, many: MANY_CONTACTS }, import: imported, rows };
  } finally {
    await target.cleanup();
  }
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

/**
 * The seeded scenarios on one database: the request scenarios for Keel and bare, then the
 * noisy neighbour and "mixed" when `wants` them.
 */
async function benchSeeded(
  kind: DbKind,
  pgUrl: string,
  wants: (scenario: string) => boolean,
  duration: number,
  log: (line: string) => void,
): Promise<DatabaseResult> {
  const { target, seed, seedSeconds } = await prepare(kind, pgUrl, log);
  try {
    const list = scenarios(seed).filter((s) => wants(s.name));
    // Reads first, for both servers, on the seeded rows alone: the create runs add
    // thousands of contacts, and whichever server read after them would count and search
    // a table twice as big (the bare handler did, which flattered Keel's read ratios).
    const reads = list.filter((scenario) => scenario.rest.method === 'GET');
    const writes = list.filter((scenario) => scenario.rest.method !== 'GET');
    const keel = await benchProcess('keel', target, seed, reads, duration, log);
    const bare = await benchProcess('bare', target, seed, reads, duration, log);
    for (const [server, into] of [
      ['keel', keel],
      ['bare', bare],
    ] as const) {
      if (writes.length === 0) break;
      const more = await benchProcess(server, target, seed, writes, duration, log, 1);
      for (const [key, measure] of more.measures) into.measures.set(key, measure);
      into.figures.rssPeakMb = Math.max(into.figures.rssPeakMb, more.figures.rssPeakMb);
    }
    const rows: ScenarioResult[] = [];
    for (const scenario of list) {
      for (const connections of CONNECTIONS) {
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
    const database: DatabaseResult = {
      seedSeconds,
      keel: keel.figures,
      bare: bare.figures,
      scenarios: rows,
    };
    if (wants('noisy neighbour')) {
      database.noisyNeighbour = await noisyNeighbour(target, seed, duration, log);
    }
    // Last on the seeded data: its writer adds contacts, which no scenario above expects.
    if (wants('mixed')) database.mixed = await mixed(target, seed, duration, log);
    return database;
  } finally {
    await target.cleanup();
  }
}

export async function runServerBench(
  options: { duration?: number; log?: (line: string) => void } = {},
): Promise<ServerBenchResult> {
  const log = options.log ?? ((line: string) => console.error(line));
  const duration = options.duration ?? Number(process.env.BENCH_DURATION ?? 5);
  const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const wanted = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
  const only = process.env.BENCH_SCENARIOS?.split(',');
  const wants = (scenario: string) => !only || only.includes(scenario);
  // "users' state" makes databases of its own: asked for alone, nothing is seeded.
  const seeded =
    !only || only.some((scenario) => scenario !== "users' state" && scenario !== 'tenants');
  const notes = [
    'Servers run one at a time as child processes with AUTH_RATE_LIMIT=1000000 and AUTH_ACCOUNT_RATE_LIMIT=1000000 (sign-in is otherwise limited per address and per account) and LOG_LEVEL=warn.',
    'Each run is preceded by a 1 s warm-up at 20 connections and waits until the server has finished what the previous run left queued.',
    'On the embedded database Keel answers the session, the caller and a list total from memory until the next write (src/server/db/embedded.ts), and the bare handler does the same; on PostgreSQL both read them every time.',
    'Reads (contacts list, leads list, search) run for Keel then bare on the seeded rows; then create and sign-in run for Keel then bare (creates add thousands of contacts, so the creates of the two servers do not insert into equal tables either, a small difference).',
    `Noisy neighbour: on a fresh Keel process, a new account's GET /api/auth/me at ${VICTIM_CONNECTIONS} connections alone, then while the big workspace's owner requests ${NOISE_PATHS.join(', ')} in turn on ${NOISE_CONNECTIONS} connections, reading every body and retrying a 429 at once.`,
    `Mixed: on a fresh Keel process after the scenarios above (so the big workspace also holds their creates), the owner's GET /api/persons?limit=50 at ${MIXED_CONNECTIONS} connections alone, then while a second member (the seeded administrator, a session of their own) creates a contact, edits it (PUT) and about once a second imports ${WRITER_IMPORT_ROWS} contacts, one request at a time, waiting out a 429's Retry-After before the next import.`,
    "Tenants: 1,000 workspaces (3 of 12,000 contacts, 17 of 1,000, 980 of 50) seeded into a fresh PostgreSQL database, two Keel servers reaching it through a PgBouncer in transaction mode; each request is a REST read (the contacts, organizations and leads lists, a search, in turn) with the personal API token of a random workspace's owner, by size class at 20 connections, then over all workspaces at rising connections.",
    `Users' state: on a fresh database that only Keel writes (its own migrations, no seeder, no VACUUM or ANALYZE), a new account signs up, makes a workspace and ${FEW_CONTACTS} contacts one by one through the REST API; its GET /api/persons?limit=50 is measured on Keel, then on bare; then Keel (restarted once) imports contacts up to ${MANY_CONTACTS} in batches of ${IMPORT_BATCH_SIZE} as the import dialog sends them, and the same read is measured right after (no restart, no sleep, no VACUUM), then on bare.`,
  ];
  const result: ServerBenchResult = { durationSeconds: duration, notes, databases: {} };
  for (const kind of ['pglite', 'postgres'] as const) {
    if (!wanted.includes(kind)) continue;
    if (kind === 'postgres' && !(await pgReachable(pgUrl))) {
      notes.push(`PostgreSQL skipped: ${pgUrl.replace(/\/\/[^@]*@/, '//…@')} unreachable.`);
      continue;
    }
    if (seeded) result.databases[kind] = await benchSeeded(kind, pgUrl, wants, duration, log);
    if (wants("users' state")) {
      result.usersState ??= {};
      result.usersState[kind] = await usersState(kind, pgUrl, duration, log);
    }
    if (kind === 'postgres' && wants('tenants')) {
      result.tenants = await tenantsBench(pgUrl, duration, log);
    }
  }
  return result;
}

/** req/s p50/p99 of a run; "!" marks one with failed requests. */
const cell = (m: Measure) =>
  `${m.rps.toFixed(0).padStart(6)} ${String(m.p50).padStart(4)}/${String(m.p99).padEnd(4)}${m.bad ? '!' : ' '}`;

/**
 * What "mixed" and "users' state" are shown against (computed and printed, not asserted):
 * p99 at 20 connections, the list at 10,000 contacts over the list at 50 (req/s and p99),
 * and Keel's throughput over the bare handler's.
 */
const GOALS = { p99Ms: 60, growthRps: 0.7, growthP99: 2, bareRps: 0.6 };

/** `text` followed by "✗" when a goal is missed (a space when met, to keep columns). */
const checked = (text: string, met: boolean) => `${text}${met ? ' ' : '✗'}`;

/** A run of the contacts list, with the p99 goal at 20 connections. */
const listCell = (m: Measure, connections: number) =>
  checked(cell(m), connections < 20 || m.p99 <= GOALS.p99Ms);

/** A ratio against a goal: at least `min`, or at most `max`. */
function ratioCell(value: number | null, goal: { min?: number; max?: number }): string {
  if (value === null) return `${'n/a'.padStart(5)} `;
  const met = value >= (goal.min ?? -Infinity) && value <= (goal.max ?? Infinity);
  return checked(value.toFixed(2).padStart(5), met);
}

/** "mixed" in two lines: the reader alone and under writes, then what the writer did. */
function formatMixed(m: MixedResult): string[] {
  const w = m.writer;
  return [
    `mixed: the owner's GET /api/persons?limit=50 ×${m.connections}: alone ${listCell(m.alone, m.connections)}, while a second member writes ${listCell(m.mixed, m.connections)}: req/s ×${m.rpsRatio ?? 'n/a'}, p99 ×${m.p99Ratio ?? 'n/a'}`,
    `       the writer, one request at a time: ${w.creates} creates, ${w.updates} updates, ${w.imports} imports of ${WRITER_IMPORT_ROWS} rows (${w.refused} refused with 429), ${w.failed} failed: ${w.writesPerSecond} writes/s over ${w.seconds} s`,
  ];
}

/** 10000 → "10k", for column heads. */
const short = (n: number) => (n >= 1000 && n % 1000 === 0 ? `${n / 1000}k` : String(n));

/** The users' state table, all databases together: few and many contacts side by side. */
function formatUsersState(states: Partial<Record<DbKind, UsersStateResult>>): string[] {
  const entries = Object.entries(states);
  if (entries.length === 0) return [];
  const { few, many } = entries[0]![1].contacts;
  const [f, m] = [short(few), short(many)];
  // Heads sized to the cells below them: a run is 18 characters, a ratio 6 (with its mark).
  const run = (text: string) => text.padStart(11).padEnd(18);
  const pair = (label: string, a: string, b: string) =>
    `${label}${a.padStart(5)}  ${b.padStart(5)} `;
  const lines = [
    `\nusers' state: a new account's GET /api/persons?limit=50 with ${few} contacts made one by one, then right after importing up to ${many} (runs: req/s p50/p99)`,
    `database conns | ${run(`Keel ${f}`)} | ${run(`Keel ${m}`)} | ${pair(`${m}/${f}: `, 'req/s', 'p99')} | ${run(`bare ${f}`)} | ${run(`bare ${m}`)} | ${pair('Keel/bare: ', f, m)} | CPU ms/req Keel ${f} ${m.padStart(5)}`,
  ];
  for (const [kind, state] of entries) {
    for (const r of state.rows) {
      const c = r.connections;
      const growth = `${' '.repeat(`${m}/${f}: `.length)}${ratioCell(r.rpsRatio, { min: GOALS.growthRps })} ${ratioCell(r.p99Ratio, { max: GOALS.growthP99 })}`;
      const vsBare = `${' '.repeat('Keel/bare: '.length)}${ratioCell(r.bareRatioFew, { min: GOALS.bareRps })} ${ratioCell(r.bareRatioMany, { min: GOALS.bareRps })}`;
      const cpu = `${r.keelFew.cpuMs.toFixed(2).padStart(`CPU ms/req Keel ${f}`.length)} ${r.keelMany.cpuMs.toFixed(2).padStart(5)}`;
      lines.push(
        `${kind.padEnd(8)} ${String(c).padStart(5)} | ${listCell(r.keelFew, c)} | ${listCell(r.keelMany, c)} | ${growth} | ${cell(r.bareFew)}  | ${cell(r.bareMany)}  | ${vsBare} | ${cpu}`,
      );
    }
  }
  for (const [kind, { import: i }] of entries) {
    lines.push(
      `${kind}: imported ${i.created} of ${i.rows} contacts in ${i.calls} calls in ${i.seconds} s (${i.refused} refused with 429)`,
    );
  }
  return lines;
}

/** The table for the terminal and the report. */
export function formatServerTable(result: ServerBenchResult): string {
  const lines: string[] = [];
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
    if (db.mixed) lines.push(...formatMixed(db.mixed));
  }
  lines.push(...formatUsersState(result.usersState ?? {}));
  if (result.tenants) lines.push(...formatTenants(result.tenants));
  lines.push('\nLatencies in ms; "!" marks a run with failed requests.');
  if (result.usersState || Object.values(result.databases).some((db) => db.mixed)) {
    lines.push(
      `"✗" marks a missed goal of users' states (mixed, users' state): p99 ≤ ${GOALS.p99Ms} ms at 20 connections; at ${MANY_CONTACTS} contacts over ${FEW_CONTACTS}, req/s ≥ ×${GOALS.growthRps} and p99 ≤ ×${GOALS.growthP99}; Keel/bare req/s ≥ ${GOALS.bareRps}.`,
    );
  }
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
