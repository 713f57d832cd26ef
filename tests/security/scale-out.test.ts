import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  POSTGRES_ADMIN_URL,
  POSTGRES_URL,
  postgresAdmin,
  withDatabase,
} from '../support/postgres.ts';
import { HttpClient, startServer, type ServerProcess } from '../support/server-process.ts';

/*
 * Issue 9, item 6: two server processes on one PostgreSQL database serve the same users.
 * A session made on one works on the other, a write on one is read on the other, signing
 * out on one ends the session everywhere, and the purge of deleted workspaces runs once.
 * PostgreSQL only (PGlite is one process's database): in the PostgreSQL pass of the suite.
 */

const PG_BASE_URL = POSTGRES_URL ?? '';
const PASSWORD = 'correct-horse-9';
const database = `keel_scale_out_${randomBytes(5).toString('hex')}`;

function pgUrl(name: string) {
  const url = new URL(PG_BASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

let one: ServerProcess;
let two: ServerProcess;
let created = false;

async function signUpWithWorkspace(server: ServerProcess, name: string) {
  const client = new HttpClient(server.url);
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${randomBytes(3).toString('hex')}@scale.example`;
  const signup = await client.post('/api/auth/signup', {
    fullName: name,
    email,
    password: PASSWORD,
  });
  expect(signup.status, signup.text).toBe(201);
  const workspace = await client.post('/api/workspaces', { name: `${name} Studio` });
  expect(workspace.status, workspace.text).toBe(201);
  return { client, email, workspaceId: workspace.json.id as number };
}

/** The same browser, pointed at the other server: it sends the same cookie. */
function sameSessionOn(server: ServerProcess, client: HttpClient) {
  const other = new HttpClient(server.url);
  other.cookie = client.cookie;
  return other;
}

describe.runIf(POSTGRES_URL)('two servers on one PostgreSQL database', () => {
  beforeAll(async () => {
    await postgresAdmin(`create database ${database}`);
    created = true;
    const env = {
      DATABASE_URL: pgUrl(database),
      // Shared, so that either server can read the other's signed session cookie.
      SESSION_SECRET: randomBytes(24).toString('hex'),
      // Housekeeping as often as the job queue runs it (each second), on both servers.
      HOUSEKEEPING_INTERVAL_MS: '100',
    };
    // Started together: both migrate the empty database at once, as a rolling deploy would.
    [one, two] = await Promise.all([startServer(env), startServer(env)]);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([one?.kill('SIGTERM'), two?.kill('SIGTERM')]);
    if (created) {
      await postgresAdmin(`drop database if exists ${database} with (force)`);
    }
  }, 30_000);

  it('accepts a session made on one server on the other', async () => {
    const owner = new HttpClient(one.url);
    const email = `owner-${randomBytes(3).toString('hex')}@scale.example`;
    expect(
      (await owner.post('/api/auth/signup', { fullName: 'Ada Owner', email, password: PASSWORD }))
        .status,
    ).toBe(201);
    const login = await owner.post('/api/auth/login', { email, password: PASSWORD });
    expect(login.status, login.text).toBe(200);

    const onTwo = sameSessionOn(two, owner);
    const me = await onTwo.get('/api/auth/me');
    expect(me.status, me.text).toBe(200);
    expect(me.json).toMatchObject({ email });
    // Without the cookie the second server does not know who this is.
    expect((await new HttpClient(two.url).get('/api/auth/me')).status).toBe(401);
  });

  it('reads on one server what was written on the other, both ways', async () => {
    const { client } = await signUpWithWorkspace(one, 'Writer');
    const onTwo = sameSessionOn(two, client);

    const made = await client.post('/api/persons', {
      fullName: 'Grace Shared',
      email: 'grace@scale.example',
    });
    expect(made.status, made.text).toBe(201);
    const listed = await onTwo.get('/api/persons');
    expect(listed.json).toEqual([
      expect.objectContaining({ id: made.json.id, fullName: 'Grace Shared' }),
    ]);

    const edited = await onTwo.put(`/api/persons/${made.json.id}`, { jobTitle: 'Admiral' });
    expect(edited.status, edited.text).toBe(200);
    expect((await client.get('/api/persons')).json).toEqual([
      expect.objectContaining({ id: made.json.id, jobTitle: 'Admiral' }),
    ]);
  });

  it('keeps project totals right when both servers log time on one project at once', async () => {
    const { client } = await signUpWithWorkspace(one, 'Timekeeper');
    const onTwo = sameSessionOn(two, client);
    const customer = await client.post('/api/clients', {
      name: 'Both',
      email: 'both@scale.example',
    });
    expect(customer.status, customer.text).toBe(201);
    const project = await client.post('/api/projects', {
      name: 'Shared project',
      clientId: customer.json.id,
      budgetType: 'time',
      budgetLimit: '1000.00',
      hourlyRate: '40.00',
    });
    expect(project.status, project.text).toBe(201);

    const logs = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (i % 2 ? onTwo : client).post('/api/time-entries', {
          projectId: project.json.id,
          hours: '1.50',
          date: '2026-11-20',
        }),
      ),
    );
    expect(logs.map((r) => r.status)).toEqual(logs.map(() => 201));
    const [listed] = (await onTwo.get('/api/projects')).json;
    expect(listed).toMatchObject({ totalHours: '45.00', totalAmount: '1800.00' });
  });

  it('ends the session on both servers when the user signs out on one', async () => {
    const { client } = await signUpWithWorkspace(one, 'Leaver');
    const onTwo = sameSessionOn(two, client);
    const cookie = client.cookie;
    expect((await onTwo.get('/api/auth/me')).status).toBe(200);

    const out = await onTwo.post('/api/auth/logout');
    expect(out.status, out.text).toBe(200);

    const stale = new HttpClient(one.url);
    stale.cookie = cookie;
    expect((await stale.get('/api/auth/me')).status).toBe(401);
    expect((await stale.get('/api/persons')).status).toBe(401);
  });

  it('purges each expired workspace exactly once while both servers run housekeeping', async () => {
    const { client } = await signUpWithWorkspace(one, 'Purger');
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const made = await client.post('/api/workspaces', { name: `Doomed ${i}` });
      expect(made.status, made.text).toBe(201);
      expect((await client.delete(`/api/workspaces/${made.json.id}`)).status).toBe(200);
      ids.push(made.json.id);
    }

    // On the server itself, not through a pooler: the test holds a session-level lock here,
    // as a third server's long purge would, and a pooler in transaction mode could send the
    // unlock to another server connection than the lock.
    await withClient(withDatabase(POSTGRES_ADMIN_URL!, database), async (db) => {
      const remaining = async () =>
        (
          await db.query<{ left: number }>(
            'select count(*)::int as left from workspaces where id = any($1)',
            [ids],
          )
        ).rows[0]!.left;
      // While a purge holds the lock (here the test holds it, as a third server would), the
      // servers skip their rounds rather than purge alongside it.
      await db.query(`select pg_advisory_lock(hashtext('keel:purge-expired-workspaces'))`);
      // One statement makes all four due at once: the next round of either server may take them.
      await db.query(
        `update workspaces set scheduled_deletion_at = now() - interval '1 minute' where id = any($1)`,
        [ids],
      );
      await sleep(1_500);
      expect(await remaining()).toBe(ids.length);
      await db.query(`select pg_advisory_unlock(hashtext('keel:purge-expired-workspaces'))`);

      const deadline = Date.now() + 30_000;
      let left = ids.length;
      while (left > 0 && Date.now() < deadline) {
        await sleep(100);
        left = await remaining();
      }
      expect(left).toBe(0);
      // Let both servers run a few more rounds: nothing may be purged or logged again.
      await sleep(1_500);

      const { rows: logged } = await db.query<{ details: string }>(
        `select details from activity_logs where details like '%permanently removed%' order by id`,
      );
      for (const id of ids) {
        expect(
          logged.filter((r) => r.details.includes(`(id ${id}) permanently removed`)),
          `purge records of workspace ${id}`,
        ).toHaveLength(1);
      }
      expect(logged).toHaveLength(ids.length);
      // The data went with the workspaces.
      const { rows: stages } = await db.query(
        'select count(*)::int as n from stages where workspace_id = any($1)',
        [ids],
      );
      expect(stages[0].n).toBe(0);
    });
    // The user's own, undeleted workspace is untouched.
    expect((await client.get('/api/user/workspaces')).json).toEqual([
      expect.objectContaining({ name: 'Purger Studio' }),
    ]);
  });
});
