import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../../src/server/db/create-db.ts';
import { MAX_PAGE_SIZE } from '../../src/shared/list.schema.ts';
import { POSTGRES_URL, postgresAdmin } from '../support/postgres.ts';
import { HttpClient, startServer, type ServerProcess } from '../support/server-process.ts';

/*
 * Issue 9, item 6: under a write load of more than 1,000 creates the server is killed with
 * SIGKILL while requests are in flight, restarted on the same data, and every acknowledged
 * write must be there, intact, with no multi-row operation half-written — on the embedded
 * database in the embedded pass of the suite and on PostgreSQL in the PostgreSQL pass.
 */

const WORKERS = 20;
/** Rows acknowledged as created after which the server is killed; more are in flight then. */
const KILL_AFTER_CREATES = 1_020;
const PASSWORD = 'correct-horse-9';
const RATE = '50.00';
const HOURS = '1.25';
const ENTRY_COST = 62.5; // HOURS × RATE
const PG_BASE_URL = POSTGRES_URL ?? '';

type Op =
  | { kind: 'person'; n: number; acked: boolean; id?: number }
  | { kind: 'entry'; n: number; projectId: number; acked: boolean; id?: number }
  | { kind: 'import'; n: number; acked: boolean }
  | { kind: 'invoice'; n: number; entryIds: number[]; acked: boolean; id?: number };

interface Backend {
  name: 'pglite' | 'postgres';
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

function pgUrl(database: string) {
  const url = new URL(PG_BASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function pgliteBackend(): Promise<Backend> {
  const dir = mkdtempSync(join(tmpdir(), 'keel-durability-'));
  // The migrated template of the PGlite pass saves an initdb; the server migrates either way.
  const template = inject('pgliteTemplateDir');
  if (template) cpSync(template, dir, { recursive: true });
  return {
    name: 'pglite',
    env: { DATA_DIR: dir },
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function postgresBackend(): Promise<Backend> {
  const database = `keel_durability_${randomBytes(5).toString('hex')}`;
  await postgresAdmin(`create database ${database}`);
  return {
    name: 'postgres',
    env: { DATABASE_URL: pgUrl(database) },
    cleanup: async () => {
      await postgresAdmin(`drop database if exists ${database} with (force)`);
    },
  };
}

const person = (n: number) => ({
  fullName: `Durable Person ${n}`,
  email: `person-${n}@durability.example`,
  phone: `+1 555 ${String(n).padStart(4, '0')}`,
  jobTitle: `Title ${n}`,
  notes: `marker ${n} ${'x'.repeat(1 + (n % 50))}`,
});
const importRows = (n: number) =>
  [0, 1, 2, 3].map((k) => ({
    fullName: `Imported ${n}-${k}`,
    email: `import-${n}-${k}@durability.example`,
    organization: `Import Org ${n}`,
  }));
const entryFor = (n: number, projectId: number) => ({
  projectId,
  hours: HOURS,
  date: '2026-11-20',
  description: `entry ${n}`,
});

/** Every row of a list, a page of MAX_PAGE_SIZE at a time (a list answers one page). */
async function readAll(client: HttpClient, path: string): Promise<any[]> {
  const rows: unknown[] = [];
  for (;;) {
    const res = await client.get(`${path}?limit=${MAX_PAGE_SIZE}&offset=${rows.length}`);
    expect(res.status, res.text).toBe(200);
    rows.push(...(res.json as unknown[]));
    if ((res.json as unknown[]).length < MAX_PAGE_SIZE) return rows;
  }
}

async function signIn(url: string, email: string, workspaceId: number) {
  const client = new HttpClient(url);
  const login = await client.post('/api/auth/login', { email, password: PASSWORD });
  expect(login.status, login.text).toBe(200);
  expect((await client.post(`/api/workspaces/${workspaceId}/switch`)).status).toBe(200);
  return client;
}

// Each pass of the suite tests its own database: the embedded one needs no PostgreSQL.
describe.each([
  POSTGRES_URL ? (['postgres', postgresBackend] as const) : (['pglite', pgliteBackend] as const),
])('durability on %s', (_name, makeBackend) => {
  let backend: Backend | undefined;
  const servers: ServerProcess[] = [];
  const start = async (env: Record<string, string>) => {
    const server = await startServer(env);
    servers.push(server);
    return server;
  };

  afterAll(async () => {
    for (const s of servers) await s.kill('SIGKILL');
    await backend?.cleanup();
  }, 30_000);

  it('keeps every acknowledged create through a SIGKILL mid-load, and nothing half-written', async () => {
    backend = await makeBackend();
    const env = { ...backend.env, SESSION_SECRET: 's'.repeat(40) };
    const t0 = Date.now();
    let server = await start(env);
    const startedAfterMs = Date.now() - t0;
    const dataDir = backend.env.DATA_DIR;
    if (dataDir) {
      // The lock works: no second process may open the directory while the server has it.
      await expect(createDb({ dataDir })).rejects.toThrow(`in use by process ${server.pid}`);
    }

    // Set-up: an owner, a workspace, a client and two projects the time is logged on.
    const owner = new HttpClient(server.url);
    const email = `owner-${randomBytes(4).toString('hex')}@durability.example`;
    expect(
      (await owner.post('/api/auth/signup', { fullName: 'Dura Owner', email, password: PASSWORD }))
        .status,
    ).toBe(201);
    const workspace = await owner.post('/api/workspaces', { name: 'Durability' });
    expect(workspace.status).toBe(201);
    const clientRes = await owner.post('/api/clients', {
      name: 'Durable Client',
      email: 'client@durability.example',
    });
    expect(clientRes.status, clientRes.text).toBe(201);
    const clientId = clientRes.json.id as number;
    const projectIds: number[] = [];
    for (let p = 0; p < 2; p++) {
      const res = await owner.post('/api/projects', {
        name: `Durable Project ${p}`,
        clientId,
        budgetType: 'time',
        budgetLimit: '100000.00',
        hourlyRate: RATE,
      });
      expect(res.status, res.text).toBe(201);
      projectIds.push(res.json.id as number);
    }

    // The load: WORKERS clients sharing the owner's session, each firing creates back to back.
    const ops: Op[] = [];
    const unexpected: string[] = [];
    let next = 0;
    let acks = 0; // rows acknowledged as created: an import batch counts its four
    let inFlight = 0;
    let inFlightAtKill = 0;
    let killed = false;
    let killedAfterMs = 0;
    const started = Date.now();
    let killDone: Promise<unknown> = Promise.resolve();

    const send = async (method: 'POST', path: string, body: unknown) => {
      inFlight++;
      try {
        return await owner.request(method, path, body, 30_000);
      } catch {
        return undefined; // the connection died with the server: not acknowledged
      } finally {
        inFlight--;
      }
    };
    const acknowledged = (
      res: { status: number; text: string } | undefined,
      what: string,
      rows = 1,
    ) => {
      if (!res) return false;
      if (res.status >= 200 && res.status < 300) {
        acks += rows;
        if (acks >= KILL_AFTER_CREATES && !killed) {
          killed = true;
          killedAfterMs = Date.now() - started;
          inFlightAtKill = inFlight;
          killDone = server.kill('SIGKILL');
        }
        return true;
      }
      unexpected.push(`${what}: ${res.status} ${res.text.slice(0, 200)}`);
      return false;
    };

    const worker = async () => {
      while (!killed) {
        const n = next++;
        if (n % 20 === 7) {
          const op: Op = { kind: 'import', n, acked: false };
          ops.push(op);
          const res = await send('POST', '/api/contacts/import', { rows: importRows(n) });
          op.acked = acknowledged(res, `import ${n}`, 4);
          if (op.acked) expect(res!.json.created).toBe(4);
        } else if (n % 20 === 3 || n % 20 === 13 || n % 20 === 17) {
          // Two projects, so that entries are often logged on one project at the same time.
          const projectId = projectIds[Math.floor(n / 20) % 2]!;
          const entries: Op[] = [];
          for (const k of n % 20 === 17 ? [0, 1] : [0]) {
            if (killed) break;
            const op: Op = { kind: 'entry', n: n * 10 + k, projectId, acked: false };
            ops.push(op);
            entries.push(op);
            const res = await send('POST', '/api/time-entries', entryFor(n * 10 + k, projectId));
            op.acked = acknowledged(res, `time entry ${n}`);
            if (op.acked) op.id = res!.json.id;
          }
          // An invoice that bills the two entries just logged: one transaction, two tables.
          if (n % 20 === 17 && !killed && entries.every((e) => e.acked)) {
            const entryIds = entries.map((e) => (e as { id: number }).id);
            const op: Op = { kind: 'invoice', n, entryIds, acked: false };
            ops.push(op);
            const res = await send('POST', '/api/invoices', {
              clientId,
              projectId,
              invoiceNumber: `DUR-${n}`,
              timeEntryIds: entryIds,
            });
            op.acked = acknowledged(res, `invoice ${n}`);
            if (op.acked) op.id = res!.json.id;
          }
        } else {
          const op: Op = { kind: 'person', n, acked: false };
          ops.push(op);
          const res = await send('POST', '/api/persons', person(n));
          op.acked = acknowledged(res, `person ${n}`);
          if (op.acked) op.id = res!.json.id;
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    const exit = await killDone;
    expect(exit).toMatchObject({ signal: 'SIGKILL' });
    // A create the server refused under load would be a bug of its own.
    expect(unexpected).toEqual([]);
    expect(acks).toBeGreaterThanOrEqual(KILL_AFTER_CREATES);
    expect(inFlightAtKill).toBeGreaterThan(0);

    if (dataDir) {
      // The killed server could not remove its PGlite lock: the restart must take it over.
      expect(existsSync(join(dataDir, 'keel.lock'))).toBe(true);
    }
    // Restart on the same data: the old session still works, and so does signing in.
    const t1 = Date.now();
    server = await start(env);
    const restartedAfterMs = Date.now() - t1;
    owner.baseUrl = server.url;
    expect((await owner.get('/api/auth/me')).status).toBe(200);
    const reader = await signIn(server.url, email, workspace.json.id);

    const persons = (await readAll(reader, '/api/persons')) as Record<string, unknown>[];
    const entries = (await readAll(reader, '/api/time-entries')) as {
      id: number;
      projectId: number;
      hours: string;
      description: string;
      date: string;
      invoiceId: number | null;
    }[];
    const invoices = (await readAll(reader, '/api/invoices')) as {
      id: number;
      invoiceNumber: string;
      amount: string;
      projectId: number;
      timeEntryCount: number;
    }[];
    const projects = (await readAll(reader, '/api/projects')) as {
      id: number;
      totalHours: string;
      totalAmount: string;
    }[];
    const organizations = (await readAll(reader, '/api/organizations')) as {
      id: number;
      name: string;
    }[];

    const personsByEmail = new Map(persons.map((p) => [p.email as string, p]));
    const entriesByDescription = new Map(entries.map((e) => [e.description, e]));
    const invoicesByNumber = new Map(invoices.map((i) => [i.invoiceNumber, i]));
    const orgsByName = new Map(organizations.map((o) => [o.name, o]));
    // No create is ever applied twice: every marker is unique in what survived.
    expect(personsByEmail.size).toBe(persons.length);
    expect(entriesByDescription.size).toBe(entries.length);

    const lost: string[] = [];
    const halfWritten: string[] = [];
    let acknowledgedCreates = 0;
    for (const op of ops) {
      if (op.acked) acknowledgedCreates += op.kind === 'import' ? 4 : 1;
      if (op.kind === 'person') {
        const found = personsByEmail.get(person(op.n).email);
        if (found) expect(found).toMatchObject(person(op.n));
        if (op.acked && (!found || found.id !== op.id)) lost.push(`person ${op.n}`);
      } else if (op.kind === 'entry') {
        const found = entriesByDescription.get(`entry ${op.n}`);
        if (found) {
          expect(found).toMatchObject({
            projectId: op.projectId,
            hours: HOURS,
            date: '2026-11-20',
          });
        }
        if (op.acked && (!found || found.id !== op.id)) lost.push(`time entry ${op.n}`);
      } else if (op.kind === 'import') {
        const rows = importRows(op.n);
        const found = rows.map((r) => personsByEmail.get(r.email));
        const org = orgsByName.get(`Import Org ${op.n}`);
        const present = found.filter(Boolean).length;
        if (present !== 0 && (present !== rows.length || !org)) halfWritten.push(`import ${op.n}`);
        for (const p of found) if (p) expect(p.companyId).toBe(org?.id);
        if (op.acked && present !== rows.length) lost.push(`import ${op.n}`);
      } else {
        const found = invoicesByNumber.get(`DUR-${op.n}`);
        const billed = entries.filter((e) => found && e.invoiceId === found.id).map((e) => e.id);
        const stillUnbilled = entries.filter(
          (e) => op.entryIds.includes(e.id) && e.invoiceId === null,
        );
        if (found) {
          // Present: it bills exactly its two entries, at their cost.
          if (billed.sort().join() !== [...op.entryIds].sort().join()) {
            halfWritten.push(`invoice ${op.n} bills ${billed.join()}`);
          }
          expect(found).toMatchObject({ amount: (2 * ENTRY_COST).toFixed(2), timeEntryCount: 2 });
        } else if (stillUnbilled.length !== op.entryIds.length) {
          halfWritten.push(`invoice ${op.n} absent but its entries are not all unbilled`);
        }
        if (op.acked && found?.id !== op.id) lost.push(`invoice ${op.n}`);
      }
    }
    // Totals are written in the same transaction as each entry: they must add up.
    for (const project of projects) {
      const mine = entries.filter((e) => e.projectId === project.id);
      const hours = mine.reduce((sum, e) => sum + Number(e.hours), 0);
      expect(Number(project.totalHours), `project ${project.id} hours`).toBeCloseTo(hours, 2);
      expect(Number(project.totalAmount), `project ${project.id} amount`).toBeCloseTo(
        hours * Number(RATE),
        2,
      );
    }
    expect(halfWritten).toEqual([]);
    expect(lost).toEqual([]);
    expect(acknowledgedCreates).toBeGreaterThanOrEqual(1_000);

    // The app still works: more creates, listed alongside the survivors.
    for (let n = 1_000_000; n < 1_000_020; n++) {
      const res = await reader.post('/api/persons', person(n));
      expect(res.status, res.text).toBe(201);
    }
    const after = (await readAll(reader, '/api/persons')) as unknown[];
    expect(after.length).toBe(persons.length + 20);

    console.log(
      `durability ${backend.name}: ${acknowledgedCreates} acknowledged, ${lost.length} lost, ` +
        `killed after ${(killedAfterMs / 1000).toFixed(1)}s with ${inFlightAtKill} in flight ` +
        `(${ops.length - ops.filter((o) => o.acked).length} unacknowledged creates, ` +
        `${ops.filter((o) => !o.acked && o.kind === 'person' && personsByEmail.has(person(o.n).email)).length} of the person creates among them committed; ` +
        `first start ${(startedAfterMs / 1000).toFixed(1)}s, restart ${(restartedAfterMs / 1000).toFixed(1)}s, ` +
        `test ${((Date.now() - t0) / 1000).toFixed(1)}s)`,
    );
    // A graceful stop exits cleanly and, on PGlite, releases the data directory.
    expect(await server.kill('SIGTERM')).toEqual({ code: 0, signal: null });
    if (dataDir) {
      expect(existsSync(join(dataDir, 'keel.lock'))).toBe(false);
      if (existsSync('/proc/self/stat')) {
        // A lock whose pid now belongs to another live process (pids are reused after a
        // crash and restart) but which started at another time is stale, and taken over.
        writeFileSync(join(dataDir, 'keel.lock'), `${process.ppid} 1`);
        const reopened = await createDb({ dataDir });
        await reopened.close();
      }
    }
  }, 150_000);
});
