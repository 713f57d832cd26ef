import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { createDb, migrateToLatest, type DbHandle } from '../../src/server/db/create-db.ts';
import { primaryWalPosition, WRITTEN_COOKIE } from '../../src/server/db/replica.ts';
import {
  postgresBinaries,
  readLogFrom,
  startReplicaCluster,
  type ReplicaCluster,
} from '../support/replica-cluster.ts';
import { testConfig, uniqueEmail } from '../support/test-app.ts';

/**
 * DATABASE_REPLICA_URL against a real streaming replica: a primary and a hot standby made
 * by pg_basebackup, on loopback (support/replica-cluster.ts). The replica logs every
 * statement with its client's application_name, and the app's replica pool names itself
 * `keel-replica`: the log shows which requests it served.
 */
const binaries = postgresBinaries();
const skipReason = !process.env.TEST_DATABASE_URL
  ? 'runs in the PostgreSQL pass (set TEST_DATABASE_URL)'
  : 'missing' in binaries
    ? binaries.missing
    : undefined;

/** A browser: keeps every cookie the server sets, and may send them to another app. */
class Browser {
  readonly cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  async request(
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    options: { app?: FastifyInstance; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await (options.app ?? this.app).inject({
      method,
      url,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
        ...options.headers,
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    for (const set of res.cookies) {
      if (set.value) this.cookies.set(set.name, set.value);
      else this.cookies.delete(set.name);
    }
    return res;
  }

  get = (url: string, app?: FastifyInstance) => this.request('GET', url, undefined, { app });
  post = (url: string, body: unknown) => this.request('POST', url, body);
}

describe('DATABASE_REPLICA_URL', () => {
  it('is a PostgreSQL URL, and only beside DATABASE_URL (the embedded database has no replica)', () => {
    const env = { NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(40) } as const;
    const primary = 'postgres://keel@db.internal/keel';
    const replica = 'postgres://keel@replica.internal/keel';
    expect(loadConfig(env).databaseReplicaUrl).toBeUndefined();
    expect(
      loadConfig({ ...env, DATABASE_URL: primary, DATABASE_REPLICA_URL: replica })
        .databaseReplicaUrl,
    ).toBe(replica);
    expect(() => loadConfig({ ...env, DATABASE_REPLICA_URL: replica })).toThrow(
      /DATABASE_REPLICA_URL needs DATABASE_URL/,
    );
    expect(() =>
      loadConfig({ ...env, DATABASE_URL: primary, DATABASE_REPLICA_URL: 'mysql://x/y' }),
    ).toThrow(ConfigError);
  });
});

describe.skipIf(skipReason)(
  `heavy reads on a streaming replica${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let cluster: ReplicaCluster | undefined;
    let primary: DbHandle;
    let replica: DbHandle;
    /** The test's own connection to the replica, under another application_name. */
    let probe: DbHandle;
    /** The server under test: DATABASE_URL the primary, DATABASE_REPLICA_URL the replica. */
    let app: FastifyInstance;
    /** The same server without a replica, on the same primary: the answers to compare with. */
    let reference: FastifyInstance;
    let owner: Browser;
    let ownerWorkspace: number;

    beforeAll(async () => {
      if (!('dir' in binaries)) return;
      cluster = await startReplicaCluster(binaries.dir);
      primary = await createDb({ databaseUrl: cluster.primaryUrl, poolSize: 5 });
      await migrateToLatest(primary.db);
      replica = await createDb({
        databaseUrl: `${cluster.replicaUrl}?application_name=keel-replica`,
        poolSize: 3,
        connectTimeoutMs: 5000,
      });
      probe = await createDb({
        databaseUrl: `${cluster.replicaUrl}?application_name=keel-test`,
        poolSize: 1,
      });
      // No job workers: nothing but the requests below reads either database.
      app = await buildApp(testConfig({ jobWorkers: false }), primary.db, { replica: replica.db });
      reference = await buildApp(testConfig({ jobWorkers: false }), primary.db);

      // The first account is the platform administrator: it reads the admin lists too.
      owner = new Browser(app);
      const signUp = await owner.post('/api/auth/signup', {
        fullName: 'Replica Owner',
        email: uniqueEmail('replica'),
        password: 'correct-horse-9',
      });
      expect(signUp.statusCode, signUp.body).toBe(201);
      const workspace = await owner.post('/api/workspaces', { name: 'Replica Studio' });
      expect(workspace.statusCode, workspace.body).toBe(201);
      ownerWorkspace = (workspace.json() as { id: number }).id;
      const expense = await owner.post('/api/expenses', { date: '2026-11-02', amount: '42.50' });
      expect(expense.statusCode, expense.body).toBe(201);
    }, 120_000);

    afterAll(async () => {
      await app?.close();
      await reference?.close();
      await replica?.close();
      await probe?.close();
      await primary?.close();
      cluster?.stop();
    });

    /** Waits until the replica has replayed everything the primary committed so far. */
    async function replicaCaughtUp() {
      const lsn = await primaryWalPosition(primary.db);
      await expect
        .poll(
          async () =>
            (
              await sql<{ done: boolean }>`
                select pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn as done`.execute(probe.db)
            ).rows[0]?.done,
          { timeout: 20_000 },
        )
        .toBe(true);
    }

    /**
     * What the app's replica pool ran during `action`, from the replica's own log: the
     * routing checks (its replay position) apart from the reads themselves.
     */
    async function onReplica<T>(action: () => Promise<T>) {
      const start = readLogFrom(cluster!.replicaLog, 0).end;
      const result = await action();
      const text = readLogFrom(cluster!.replicaLog, start).lines.join('\n');
      // An entry starts with `<application_name>|LEVEL:`; a statement may span lines.
      // Statements only (a DETAIL entry carries the parameters of the one before it).
      const entries = text
        .split(/\n(?=[\w-]*\|[A-Z]+: )/)
        .filter((e) => /^keel-replica\|LOG: {2}(statement|execute)/.test(e));
      return {
        result,
        checks: entries.filter((e) => e.includes('pg_last_wal_replay_lsn')),
        reads: entries.filter((e) => !e.includes('pg_last_wal_replay_lsn')),
      };
    }

    /** Heavy reads, REST and tRPC: reports, exports, the financial overview, admin lists. */
    const ROUTED = [
      '/api/reports/income',
      '/api/reports/income/export',
      '/api/reports/profitability?groupBy=client',
      '/api/reports/utilisation',
      '/api/dashboard/financial-overview',
      '/trpc/dashboard.financialOverview',
      '/api/expenses/export',
      '/api/contacts/export',
      '/api/team/export',
      '/api/admin/all-users',
      '/api/admin/all-workspaces',
      '/api/admin/activity-logs',
      '/api/admin/activity-logs/export',
      '/trpc/admin.users',
    ];

    it('serves reports, exports, the financial overview and admin lists from the replica, answering as the primary does', async () => {
      await replicaCaughtUp();
      for (const url of ROUTED) {
        const { result: res, checks, reads } = await onReplica(() => owner.get(url));
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        expect(checks, url).toHaveLength(1);
        expect(reads.length, `${url} read on the replica`).toBeGreaterThan(0);
        const fromPrimary = await owner.get(url, reference);
        expect(res.body, url).toBe(fromPrimary.body);
      }
      // The answers hold the data: the expense written before.
      const overview = (await owner.get('/api/dashboard/financial-overview')).json();
      expect(overview.totalExpenses).toBe('42.50');
      expect((await owner.get('/api/expenses/export')).body).toContain('42.50');
    });

    it('gives a user who just wrote their write, from the primary while the replica lags, and the replica again once it has replayed it', async () => {
      // A second member's browser and an API token's script, made before the replica stops.
      const other = new Browser(app);
      const signUp = await other.post('/api/auth/signup', {
        fullName: 'Other Reader',
        email: uniqueEmail('replica-other'),
        password: 'correct-horse-9',
      });
      expect(signUp.statusCode, signUp.body).toBe(201);
      const otherWorkspace = await other.post('/api/workspaces', { name: 'Other Studio' });
      expect(otherWorkspace.statusCode, otherWorkspace.body).toBe(201);
      // As a workspace a seeder inserted without its business profile: the first overview
      // makes it (a write on a read), the replica refuses the write, and the primary answers.
      await primary.db
        .deleteFrom('businessProfiles')
        .where('workspaceId', '=', (otherWorkspace.json() as { id: number }).id)
        .execute();
      await replicaCaughtUp();
      const first = await onReplica(() => other.get('/api/dashboard/financial-overview'));
      expect(first.result.statusCode, first.result.body).toBe(200);
      expect(first.reads.some((read) => read.includes('insert into "business_profiles"'))).toBe(
        true,
      );
      const token = await owner.post('/api/account/tokens', { name: 'Script' });
      expect(token.statusCode, token.body).toBe(201);
      const script = {
        authorization: `Bearer ${(token.json() as { token: string }).token}`,
        'x-workspace-id': String(ownerWorkspace),
      };
      await replicaCaughtUp();

      // Replay stops: from here the replica lags behind every write.
      await sql`select pg_wal_replay_pause()`.execute(probe.db);
      try {
        await expect
          .poll(
            async () =>
              (
                await sql<{
                  state: string;
                }>`select pg_get_wal_replay_pause_state() as state`.execute(probe.db)
              ).rows[0]?.state,
          )
          .toBe('paused');
        const write = await owner.post('/api/expenses', { date: '2026-11-03', amount: '17.25' });
        expect(write.statusCode, write.body).toBe(201);
        expect(owner.cookies.has(WRITTEN_COOKIE)).toBe(true);

        // The writer: the replica is asked how far it is, and the read goes to the primary.
        const mine = await onReplica(() => owner.get('/api/dashboard/financial-overview'));
        expect(mine.checks).toHaveLength(1);
        expect(mine.reads).toEqual([]);
        expect(mine.result.json().totalExpenses).toBe('59.75');
        const exported = await onReplica(() => owner.get('/api/expenses/export'));
        expect(exported.reads).toEqual([]);
        expect(exported.result.body).toContain('17.25');

        // A script with a token keeps no cookie: the replica must have replayed all there is.
        const scripted = await onReplica(() =>
          owner.request('GET', '/api/dashboard/financial-overview', undefined, {
            headers: { ...script, cookie: '' },
          }),
        );
        expect(scripted.result.statusCode, scripted.result.body).toBe(200);
        expect(scripted.reads).toEqual([]);
        expect(scripted.result.json().totalExpenses).toBe('59.75');

        // A forged mark counts as "everything so far", never as an early one.
        const forged = new Browser(app);
        for (const [name, value] of owner.cookies) forged.cookies.set(name, value);
        forged.cookies.set(WRITTEN_COOKIE, '0/1');
        const tampered = await onReplica(() => forged.get('/api/dashboard/financial-overview'));
        expect(tampered.reads).toEqual([]);
        expect(tampered.result.json().totalExpenses).toBe('59.75');

        // Someone who wrote nothing since: the replica answers them, lag and all.
        const theirs = await onReplica(() => other.get('/api/dashboard/financial-overview'));
        expect(theirs.result.statusCode, theirs.result.body).toBe(200);
        expect(theirs.reads.length).toBeGreaterThan(0);
      } finally {
        await sql`select pg_wal_replay_resume()`.execute(probe.db);
      }

      // Replayed: the writer's heavy reads are the replica's again, and answer the same.
      await replicaCaughtUp();
      const again = await onReplica(() => owner.get('/api/dashboard/financial-overview'));
      expect(again.reads.length).toBeGreaterThan(0);
      expect(again.result.json().totalExpenses).toBe('59.75');
      expect(again.result.body).toBe(
        (await owner.get('/api/dashboard/financial-overview', reference)).body,
      );
    });

    it('sends every other read, and every write, to the primary alone', async () => {
      await replicaCaughtUp();
      const { checks, reads } = await onReplica(async () => {
        for (const url of [
          '/api/auth/me',
          '/api/expenses',
          '/api/persons',
          '/api/dashboard/stats',
          '/api/team/invitations',
          '/api/admin/dashboard',
          '/trpc/expenses.list',
        ]) {
          const res = await owner.get(url);
          expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        }
        const write = await owner.post('/api/expenses', { date: '2026-11-04', amount: '1.00' });
        expect(write.statusCode, write.body).toBe(201);
      });
      expect(checks).toEqual([]);
      expect(reads).toEqual([]);
    });
  },
);
