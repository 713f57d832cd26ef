/**
 * "tenants" (issue 45, item 6): Keel on PostgreSQL through PgBouncer in transaction pooling
 * mode, with 1,000 workspaces in one database: most small, some medium, a few with 10,000+
 * contacts. It answers two questions for the plan past one database machine:
 *
 * - Does a workspace's size change what its members get? Each size class is read alone (every
 *   request names a random workspace of that class), and its throughput and p99 are given as
 *   ratios to the small workspaces'.
 * - Where does the single database saturate on this machine? The whole population (each
 *   request a random workspace of all 1,000, so mostly small ones, as on a hosted Keel) at
 *   rising connection counts, spread over two Keel servers (several servers on one PostgreSQL),
 *   until throughput stops growing. Each step gives the database's CPU time per request (every
 *   PostgreSQL process of the cluster) beside the servers', which says which side is the limit.
 *
 * Requests carry a personal API token of the workspace's owner and name the workspace in
 * X-Workspace-Id, as scripts do: 1,000 sign-ins would only measure argon2. The tokens are
 * written straight into the database, hashed as Keel hashes them.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { createDb, migrateToLatest } from '../src/server/db/create-db.ts';
import { API_TOKEN_PREFIX, hashToken } from '../src/server/domains/auth/identity.ts';
import { insertBatched, progressBar } from '../scripts/seed/common.ts';
import { scale, seedBench, type BenchCounts } from '../scripts/seed/bench.ts';
import {
  cpuTimeMs,
  freePort,
  measureOf,
  settle,
  sleep,
  start,
  type DbTarget,
  type Measure,
  scratchTarget,
  type Running,
} from './server.ts';

const ROOT = resolve(import.meta.dirname, '..');

/** The population: 1,000 workspaces, 3 large, 17 medium, the rest small. */
const WORKSPACES = Number(process.env.BENCH_TENANTS ?? 1000);
const LARGE = 3;
const MEDIUM = 17;
const LARGE_COUNTS: BenchCounts = {
  workspaces: 1,
  contacts: 12_000,
  organizations: 2_000,
  leads: 2_000,
  projects: 50,
  timeEntries: 5_000,
  invoices: 500,
};
/** About 1,000 contacts. */
const MEDIUM_COUNTS = scale(LARGE_COUNTS, 12);
/** 50 contacts, as a freelancer's first months. */
const SMALL_COUNTS = scale(LARGE_COUNTS, 240);

const SIZES = ['small', 'medium', 'large'] as const;
type Size = (typeof SIZES)[number];
const sizeOf = (index: number): Size =>
  index < LARGE ? 'large' : index < LARGE + MEDIUM ? 'medium' : 'small';
const COUNTS: Record<Size, BenchCounts> = {
  small: SMALL_COUNTS,
  medium: MEDIUM_COUNTS,
  large: LARGE_COUNTS,
};

/** What a member's screens read, in turn: the three lists' first pages and a search. */
const PATHS = [
  '/api/persons?limit=50',
  '/api/persons?limit=50&search=garcia',
  '/api/organizations?limit=50',
  '/api/leads?limit=50',
];

/** Connections of the size runs, and the steps of the saturation run. */
const CLASS_CONNECTIONS = 20;
const SATURATION_STEPS = [2, 5, 10, 20, 50, 100];
/** Keel servers on the one database (the saturation run), and PgBouncer's server pool. */
const SERVERS = 2;
const POOL_SIZE = 20;

interface Tenant {
  workspaceId: number;
  token: string;
  size: Size;
}

export interface TenantClassResult {
  size: Size;
  workspaces: number;
  contactsEach: number;
  /** The two rounds (before and after the saturation steps), and their mean. */
  rounds: Measure[];
  measure: Measure;
  /** This class over the small workspaces: throughput, and p99. */
  rpsRatio: number;
  p99Ratio: number;
}

export interface SaturationStep {
  connections: number;
  measure: Measure;
  /** The database cluster's CPU time per request (ms), beside measure.cpuMs (the servers'). */
  dbCpuMs: number;
  /** Throughput over the small workspaces' alone at CLASS_CONNECTIONS. */
  rpsRatio: number;
  /** How busy the machine's cores were during the step, 0 to 1 (/proc/stat, all processes). */
  machineBusy: number;
}

export interface TenantsResult {
  workspaces: number;
  sizes: Record<Size, { workspaces: number; contactsEach: number }>;
  servers: number;
  poolSize: number;
  seedSeconds: number;
  classes: TenantClassResult[];
  saturation: SaturationStep[];
  /** The first step whose throughput is within 10 % of the best: where more clients only queue. */
  saturatesAt: number | null;
}

/**
 * CPU time of the PostgreSQL cluster, in ms: utime + stime of each of its processes, plus the
 * children's time that each has reaped (cutime + cstime). A backend that ends during a run (the
 * pooler closing an idle server connection) leaves the sum by itself, but its time reaches the
 * postmaster's reaped-children fields, so the total never goes back.
 */
function databaseCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // Fields 14 to 17 of proc(5): utime, stime, cutime, cstime, in clock ticks (10 ms).
      total += [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) * 10;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/** The machine's CPU ticks, busy and all, since boot (/proc/stat's first line). */
function machineTicks(): { busy: number; all: number } {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const values = ticks.map(Number);
  const all = values.reduce((sum, value) => sum + value, 0);
  // idle and iowait are the 4th and 5th: waiting, not working.
  return { busy: all - values[3]! - values[4]!, all };
}

/** The mean of a few runs' figures; failed requests add up. */
function meanOf(measures: Measure[]): Measure {
  const mean = (pick: (m: Measure) => number, places = 1) =>
    round(measures.reduce((sum, m) => sum + pick(m), 0) / measures.length, places);
  return {
    rps: mean((m) => m.rps),
    p50: mean((m) => m.p50),
    p99: mean((m) => m.p99),
    cpuMs: mean((m) => m.cpuMs, 2),
    bad: measures.reduce((sum, m) => sum + m.bad, 0),
  };
}

const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;

/** Every request of a run: the next path, for a random tenant of `tenants`. */
async function run(
  servers: Running[],
  tenants: Tenant[],
  connections: number,
  duration: number,
): Promise<{ measure: Measure; dbCpuMs: number; machineBusy: number }> {
  for (const server of servers) await settle(server.child.pid!);
  let turn = 0;
  const setupRequest = (request: autocannon.Request) => {
    const tenant = tenants[Math.floor(Math.random() * tenants.length)]!;
    turn += 1;
    return {
      ...request,
      path: PATHS[turn % PATHS.length]!,
      headers: {
        ...request.headers,
        authorization: `Bearer ${tenant.token}`,
        'x-workspace-id': String(tenant.workspaceId),
      },
    };
  };
  const cpuBefore = servers.map((s) => cpuTimeMs(s.child.pid!));
  const dbBefore = databaseCpuMs();
  const ticksBefore = machineTicks();
  const results = await Promise.all(
    servers.map((server, i) =>
      autocannon({
        url: server.url,
        // The connections spread over the servers, the remainder to the first.
        connections:
          Math.floor(connections / servers.length) + (i < connections % servers.length ? 1 : 0),
        duration,
        requests: [{ method: 'GET', setupRequest }],
      }),
    ),
  );
  const serverCpu = servers.reduce((sum, s, i) => sum + cpuTimeMs(s.child.pid!) - cpuBefore[i]!, 0);
  const dbCpu = databaseCpuMs() - dbBefore;
  const ticksAfter = machineTicks();
  // One measure of the whole: totals summed, latencies of the slower server (a p99 cannot be
  // averaged; the servers see the same mix, so they differ little).
  const total = results.reduce((sum, r) => sum + r.requests.total, 0);
  const merged = {
    ...results[0]!,
    requests: { ...results[0]!.requests, total },
    duration: Math.max(...results.map((r) => r.duration)),
    latency: {
      ...results[0]!.latency,
      p50: Math.max(...results.map((r) => r.latency.p50)),
      p99: Math.max(...results.map((r) => r.latency.p99)),
    },
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    timeouts: results.reduce((sum, r) => sum + r.timeouts, 0),
  } as autocannon.Result;
  return {
    measure: measureOf(merged, serverCpu),
    dbCpuMs: total > 0 ? round(dbCpu / total) : 0,
    machineBusy: round(
      (ticksAfter.busy - ticksBefore.busy) / Math.max(1, ticksAfter.all - ticksBefore.all),
    ),
  };
}

/** A scratch database on PostgreSQL, and a PgBouncer in front of it. */
async function scratchThroughPgBouncer(pgUrl: string): Promise<{
  direct: string;
  target: DbTarget;
}> {
  const scratch = await scratchTarget('postgres', pgUrl, 'keel_tenants');
  const direct = scratch.env.DATABASE_URL!;
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'keel-pgbouncer-'));
  const script = join(ROOT, 'scripts', 'pgbouncer.sh');
  execFileSync('bash', [script, 'start', String(port), dir, String(POOL_SIZE)], {
    stdio: 'inherit',
  });
  const pooled = new URL(direct);
  pooled.host = `127.0.0.1:${port}`;
  return {
    direct,
    target: {
      kind: 'postgres',
      env: { DATABASE_URL: pooled.toString() },
      cleanup: async () => {
        execFileSync('bash', [script, 'stop', dir]);
        await sleep(300);
        rmSync(dir, { recursive: true, force: true });
        await scratch.cleanup();
      },
    },
  };
}

/** Seeds the population straight into the database, with an API token per owner. */
async function seed(directUrl: string, log: (line: string) => void): Promise<Tenant[]> {
  const handle = await createDb({ databaseUrl: directUrl, poolSize: 4 });
  try {
    await migrateToLatest(handle.db);
    log(`Seeding ${WORKSPACES} workspaces (${LARGE} large, ${MEDIUM} medium)…`);
    const seeded = await seedBench(handle.db, {
      counts: { workspaces: WORKSPACES },
      sizeOf: (index) => COUNTS[sizeOf(index)],
      onProgress: progressBar(),
    });
    const owners = await handle.db
      .selectFrom('userWorkspaces')
      .select(['workspaceId', 'userId'])
      .where('role', '=', 'owner')
      .where('workspaceId', 'in', seeded.workspaceIds)
      .execute();
    const ownerOf = new Map(owners.map((o) => [o.workspaceId, o.userId]));
    const tenants = seeded.workspaceIds.map((workspaceId, index) => ({
      workspaceId,
      token: `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`,
      size: sizeOf(index),
    }));
    const expiresAt = new Date(Date.now() + 86_400_000);
    await insertBatched(
      handle.db,
      'apiTokens',
      tenants.map((t) => ({
        userId: ownerOf.get(t.workspaceId)!,
        name: 'bench',
        tokenHash: hashToken(t.token),
        prefix: t.token.slice(0, API_TOKEN_PREFIX.length + 6),
        scope: 'read',
        expiresAt,
      })),
    );
    return tenants;
  } finally {
    await handle.close();
  }
}

export async function tenantsBench(
  pgUrl: string,
  duration: number,
  log: (line: string) => void,
): Promise<TenantsResult> {
  const { direct, target } = await scratchThroughPgBouncer(pgUrl);
  const servers: Running[] = [];
  try {
    const started = performance.now();
    const tenants = await seed(direct, log);
    const seedSeconds = round((performance.now() - started) / 1000, 1);
    log(`Seeded in ${seedSeconds} s; starting ${SERVERS} Keel servers through PgBouncer…`);
    for (let i = 0; i < SERVERS; i++) servers.push(await start('keel', target));
    const of = (size: Size) => tenants.filter((t) => t.size === size);
    // Warm-up: every tenant's first request (its token, its workspace's plan cache), and long
    // enough for the JIT: a first round right after 3 s read the small class 13 % low.
    await run(servers, tenants, 20, 10);

    // Each class twice, before and after the saturation steps, and their mean: one run of a
    // shared two-core machine moves by ±10 %.
    const measureClasses = async (round: number) => {
      const measures = new Map<Size, Measure>();
      for (const size of SIZES) {
        const { measure } = await run(servers, of(size), CLASS_CONNECTIONS, duration);
        measures.set(size, measure);
        log(
          `  round ${round}: ${size} (${of(size).length} × ${COUNTS[size].contacts} contacts) ×${CLASS_CONNECTIONS}: ${measure.rps} req/s, p50 ${measure.p50} ms, p99 ${measure.p99} ms${measure.bad ? `, ${measure.bad} failed` : ''}`,
        );
      }
      return measures;
    };
    const before = await measureClasses(1);

    const steps: Omit<SaturationStep, 'rpsRatio'>[] = [];
    for (const connections of SATURATION_STEPS) {
      const { measure, dbCpuMs, machineBusy } = await run(servers, tenants, connections, duration);
      steps.push({ connections, measure, dbCpuMs, machineBusy });
      log(
        `  all ${tenants.length} ×${connections}: ${measure.rps} req/s, p50 ${measure.p50} ms, p99 ${measure.p99} ms, CPU/request: servers ${measure.cpuMs} ms, database ${dbCpuMs} ms, machine ${Math.round(machineBusy * 100)} % busy${measure.bad ? `, ${measure.bad} failed` : ''}`,
      );
    }

    const after = await measureClasses(2);
    const means = new Map(
      SIZES.map((size) => [size, meanOf([before.get(size)!, after.get(size)!])]),
    );
    const small = means.get('small')!;
    const classes: TenantClassResult[] = SIZES.map((size) => {
      const measure = means.get(size)!;
      return {
        size,
        workspaces: of(size).length,
        contactsEach: COUNTS[size].contacts,
        rounds: [before.get(size)!, after.get(size)!],
        measure,
        rpsRatio: small.rps ? round(measure.rps / small.rps) : 0,
        p99Ratio: small.p99 ? round(measure.p99 / small.p99) : 0,
      };
    });
    const saturation: SaturationStep[] = steps.map((step) => ({
      ...step,
      rpsRatio: small.rps ? round(step.measure.rps / small.rps) : 0,
    }));
    const best = Math.max(...saturation.map((s) => s.measure.rps));
    const saturatesAt = saturation.find((s) => s.measure.rps >= best * 0.9)?.connections ?? null;
    return {
      workspaces: tenants.length,
      sizes: {
        small: { workspaces: of('small').length, contactsEach: SMALL_COUNTS.contacts },
        medium: { workspaces: of('medium').length, contactsEach: MEDIUM_COUNTS.contacts },
        large: { workspaces: of('large').length, contactsEach: LARGE_COUNTS.contacts },
      },
      servers: SERVERS,
      poolSize: POOL_SIZE,
      seedSeconds,
      classes,
      saturation,
      saturatesAt,
    };
  } finally {
    for (const server of servers) await server.stop();
    await target.cleanup();
  }
}

/** The README's two tables. */
export function formatTenants(result: TenantsResult): string[] {
  const cell = (m: Measure) =>
    `${m.rps.toFixed(0).padStart(6)} req/s  p50 ${String(m.p50).padStart(3)} ms  p99 ${String(m.p99).padStart(4)} ms${m.bad ? `  ${m.bad} failed` : ''}`;
  const lines = [
    '',
    `Tenants: ${result.workspaces} workspaces on PostgreSQL through PgBouncer (transaction mode, pool ${result.poolSize}), ${result.servers} Keel servers, seeded in ${result.seedSeconds} s`,
    `  by workspace size, ${CLASS_CONNECTIONS} connections:`,
  ];
  for (const c of result.classes) {
    lines.push(
      `    ${c.size.padEnd(6)} ${String(c.workspaces).padStart(4)} × ${String(c.contactsEach).padStart(6)} contacts ${cell(c.measure)}  ×${c.rpsRatio.toFixed(2)} req/s, ×${c.p99Ratio.toFixed(2)} p99 of small`,
    );
  }
  lines.push('  all workspaces at once, by connections:');
  for (const s of result.saturation) {
    lines.push(
      `    ×${String(s.connections).padEnd(4)} ${cell(s.measure)}  ×${s.rpsRatio.toFixed(2)} of small  CPU/request: servers ${s.measure.cpuMs} ms, database ${s.dbCpuMs} ms, machine ${Math.round(s.machineBusy * 100)} % busy`,
    );
  }
  lines.push(
    `  saturates at ${result.saturatesAt ?? 'n/a'} connections (the first step within 10 % of the best throughput)`,
  );
  return lines;
}
