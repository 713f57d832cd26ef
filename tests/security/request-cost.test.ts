import { EventEmitter } from 'node:events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { sql } from 'kysely';
import fc from 'fast-check';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { autoMap, buildBatches } from '../../src/client/features/contacts/import-mapping.ts';
import { buildApp } from '../../src/server/app.ts';
import { EXPORT_BATCH_ROWS } from '../../src/server/db/export-batches.ts';
import { holdHeavySlot, KeyedSemaphore } from '../../src/server/plugins/heavy-requests.ts';
import { neutraliseFormulas, restoreFormulas } from '../../src/shared/csv-formulas.ts';
import { MAX_PAGE_SIZE } from '../../src/shared/list.schema.ts';
import {
  ApiClient,
  openTestDatabase,
  signUp,
  signUpWithWorkspace,
  testConfig,
} from '../support/test-app.ts';
import { useFuzzSeed } from '../support/fuzz-seed.ts';

/*
 * What one request may cost (issue 15, item 4), and formulas in CSV exports (item 7):
 * a list without `limit` answers at most MAX_PAGE_SIZE rows and tells the full count in
 * X-Total-Count; exports stream in batches of at most EXPORT_BATCH_ROWS rows a statement,
 * every row once and only the caller's workspace's; a workspace runs a bounded number of
 * heavy requests at once (2 here), a few more wait (4 here), the next gets 429 with
 * Retry-After while other workspaces are served, and a slot rests as long as it was held;
 * every exported cell is defused, and a re-import gives back the original text.
 */

useFuzzSeed('request-cost.test.ts');

const ROWS = MAX_PAGE_SIZE + 20;
/** Several export batches. */
const EXPORT_ROWS = 1234;
const HEAVY_SLOTS = 2;
const HEAVY_QUEUE = 4;

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
let app: Awaited<ReturnType<typeof buildApp>>;
/** Rows each statement answered, in order (a Kysely plugin on the server's handle). */
const statementRows: number[] = [];
let admin: ApiClient;
let a: Awaited<ReturnType<typeof signUpWithWorkspace>>;
let b: Awaited<ReturnType<typeof signUpWithWorkspace>>;
const B_MARKER = 'bmarker-other-workspace';

beforeAll(async () => {
  handle = await openTestDatabase();
  const counter: KyselyPlugin = {
    transformQuery: ({ node }): RootOperationNode => node,
    transformResult: async ({ result }) => {
      statementRows.push(result.rows.length);
      return result;
    },
  };
  app = await buildApp(
    testConfig({ heavyRequestsPerWorkspace: HEAVY_SLOTS, heavyRequestQueue: HEAVY_QUEUE }),
    handle.db.withPlugin(counter),
  );
  // The first account ever made is the platform administrator.
  admin = (await signUp(app, { fullName: 'Platform Admin' })).client;
  a = await signUpWithWorkspace(app, 'Costly Workspace');
  b = await signUpWithWorkspace(app, 'Other Workspace');
  await fill(a.workspace.id, a.user.id, ROWS, 'A');
  await fill(b.workspace.id, b.user.id, 3, B_MARKER);
  // Platform-wide rows for the admin lists: accounts, workspaces, invitations, log lines.
  await sql`insert into users (email, password_hash, full_name)
    select 'bulk' || i || '@example.com', 'x', 'Bulk User ' || i
    from generate_series(1, ${ROWS}) i`.execute(handle.db);
  await sql`insert into workspaces (name, subdomain)
    select 'Bulk Workspace ' || i, 'bulk-' || i from generate_series(1, ${ROWS}) i`.execute(
    handle.db,
  );
  await sql`insert into invitation_tokens (workspace_id, token, email, invited_by, expires_at)
    select ${a.workspace.id}, 'bulk-token-' || i, 'invitee' || i || '@example.com', ${a.user.id},
      now() + interval '7 days'
    from generate_series(1, ${ROWS}) i`.execute(handle.db);
  await sql`insert into activity_logs (user_id, workspace_id, action, details)
    select ${a.user.id}, ${a.workspace.id}, 'bulk_action', 'Bulk line ' || i
    from generate_series(1, ${EXPORT_ROWS}) i`.execute(handle.db);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await handle?.close();
});

/** `n` rows of every workspace list, each name starting with `label`. */
async function fill(workspaceId: number, userId: number, n: number, label: string) {
  const db = handle.db;
  await sql`insert into organizations (workspace_id, name)
    select ${workspaceId}, ${label} || ' Org ' || i from generate_series(1, ${n}) i`.execute(db);
  await sql`insert into persons (workspace_id, full_name, email)
    select ${workspaceId}, ${label} || ' Person ' || i, 'p' || i || '@' || ${workspaceId} || '.example.com'
    from generate_series(1, ${n}) i`.execute(db);
  await sql`insert into leads (workspace_id, deal_name, stage)
    select ${workspaceId}, ${label} || ' Deal ' || i, 'new' from generate_series(1, ${n}) i`.execute(
    db,
  );
  await sql`insert into clients (workspace_id, name, email)
    select ${workspaceId}, ${label} || ' Client ' || i, 'c' || i || '@example.com'
    from generate_series(1, ${n}) i`.execute(db);
  const client = await db
    .selectFrom('clients')
    .select('id')
    .where('workspaceId', '=', workspaceId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await sql`insert into projects (workspace_id, name, client_id, budget_type, budget_limit, hourly_rate)
    select ${workspaceId}, ${label} || ' Project ' || i, ${client.id}, 'time', 0, 100
    from generate_series(1, ${n}) i`.execute(db);
  const project = await db
    .selectFrom('projects')
    .select('id')
    .where('workspaceId', '=', workspaceId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await sql`insert into time_entries (workspace_id, project_id, user_id, description, hours, rate, date)
    select ${workspaceId}, ${project.id}, ${userId}, ${label} || ' Work ' || i, 1, 100, current_date
    from generate_series(1, ${n}) i`.execute(db);
  await sql`insert into invoices (workspace_id, client_id, invoice_number, amount)
    select ${workspaceId}, ${client.id}, ${label} || '-INV-' || i, 10 from generate_series(1, ${n}) i`.execute(
    db,
  );
  await sql`insert into proposals (workspace_id, title, client_name, description, amount)
    select ${workspaceId}, ${label} || ' Proposal ' || i, 'Someone', 'Work', 10
    from generate_series(1, ${n}) i`.execute(db);
}

async function countOf(table: string, where = sql`true`): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(handle.db);
  return rows[0]!.n;
}

describe('a list without limit', () => {
  const workspaceLists = [
    '/api/persons',
    '/api/contacts/with-tags',
    '/api/organizations',
    '/api/companies',
    '/api/leads',
    '/api/clients',
    '/api/projects',
    '/api/time-entries',
    '/api/invoices',
    '/api/proposals',
  ];

  it.each(workspaceLists)(
    '%s answers the first MAX_PAGE_SIZE rows and the full count',
    async (path) => {
      const res = await a.client.get(path);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toHaveLength(MAX_PAGE_SIZE);
      expect(res.headers['x-total-count']).toBe(String(ROWS));
      // The next page holds the rest, and the count stays the same.
      const rest = await a.client.get(`${path}?offset=${MAX_PAGE_SIZE}`);
      expect(rest.json()).toHaveLength(ROWS - MAX_PAGE_SIZE);
      expect(rest.headers['x-total-count']).toBe(String(ROWS));
      expect(rest.body).not.toContain(B_MARKER);
    },
  );

  it.each([
    ['/api/admin/all-users', () => countOf('users')],
    ['/api/admin/all-workspaces', () => countOf('workspaces')],
    ['/api/admin/all-invitations', () => countOf('invitation_tokens')],
    ['/api/admin/activity-logs', () => countOf('activity_logs')],
  ])('%s answers the first MAX_PAGE_SIZE rows and the full count', async (path, total) => {
    const res = await admin.get(path);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toHaveLength(MAX_PAGE_SIZE);
    expect(Number(res.headers['x-total-count'])).toBe(await total());
  });

  it.each([
    'contacts.list',
    'organizations.list',
    'organizations.options',
    'leads.list',
    'clients.list',
    'projects.list',
    'time.list',
    'invoices.list',
    'proposals.list',
  ])('%s over tRPC without input answers one page and its total', async (procedure) => {
    const res = await a.client.trpc(procedure, 'query');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().result.data as { items: unknown[]; total: number };
    expect(page.items).toHaveLength(MAX_PAGE_SIZE);
    expect(page.total).toBe(ROWS);
  });

  it('tells a full count that follows every write', async () => {
    const total = async () => (await a.client.get('/api/time-entries')).headers['x-total-count'];
    expect(await total()).toBe(String(ROWS));
    const project = (await a.client.get('/api/projects?limit=1')).json()[0];
    const created = await a.client.post('/api/time-entries', {
      projectId: project.id,
      hours: 1,
      date: '2026-01-02',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await total()).toBe(String(ROWS + 1));
    expect((await a.client.delete(`/api/time-entries/${created.json().id}`)).statusCode).toBe(200);
    expect(await total()).toBe(String(ROWS));
  });

  it('is refused past the maximum, and the maximum is documented', async () => {
    const res = await a.client.get(`/api/persons?limit=${MAX_PAGE_SIZE + 1}`);
    expect(res.statusCode).toBe(400);
    const openApi = (await a.client.get('/api/openapi.json')).json();
    const limit = openApi.paths['/api/projects'].get.parameters.find(
      (p: { name: string }) => p.name === 'limit',
    );
    expect(limit.schema.maximum).toBe(MAX_PAGE_SIZE);
    expect(limit.schema.description).toContain(`at most ${MAX_PAGE_SIZE}`);
    expect(limit.schema.description).toContain('X-Total-Count');
  });
});

/** Reads a CSV answer into records (the heading first). */
function records(body: string): string[][] {
  const parsed = Papa.parse<string[]>(body.trimEnd(), { skipEmptyLines: false });
  return parsed.data;
}

describe('exports', () => {
  beforeAll(async () => {
    // More contacts and organizations than one batch; organization names repeat in every
    // case so the batches' (lower(name), id) key meets ties across a batch boundary.
    await sql`insert into persons (workspace_id, full_name)
      select ${a.workspace.id}, 'Export Person ' || i
      from generate_series(1, ${EXPORT_ROWS - ROWS}) i`.execute(handle.db);
    await sql`insert into organizations (workspace_id, name)
      select ${a.workspace.id}, case i % 3 when 0 then 'Twin' when 1 then 'TWIN' else 'twin' end
      from generate_series(1, ${EXPORT_ROWS - ROWS}) i`.execute(handle.db);
  });

  it('stream every contact once, newest first, only this workspace, in short statements', async () => {
    statementRows.length = 0;
    const res = await a.client.get('/api/contacts/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="contacts.csv"');
    // Streamed: sent in chunks as batches are read, with no length known up front.
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['transfer-encoding']).toBe('chunked');
    const [heading, ...rows] = records(res.body);
    // The exact columns are the export's contract (contacts.test.ts); streaming keeps them.
    expect(heading![0]).toBe('Name');
    expect(heading).toEqual(expect.arrayContaining(['Email', 'Organization', 'Tags', 'Created']));
    const expected = await handle.db
      .selectFrom('persons')
      .select('fullName')
      .where('workspaceId', '=', a.workspace.id)
      .orderBy('id', 'desc')
      .execute();
    expect(expected.length).toBeGreaterThan(1000);
    expect(rows.map((r) => r[0])).toEqual(expected.map((p) => p.fullName));
    expect(res.body).not.toContain(B_MARKER);
    // No statement read more than a batch; the rows took several statements.
    expect(Math.max(...statementRows)).toBeLessThanOrEqual(EXPORT_BATCH_ROWS);
  });

  it('stream every organization once in name order across batches', async () => {
    statementRows.length = 0;
    const res = await a.client.get('/api/organizations/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="organizations.csv"');
    const [heading, ...rows] = records(res.body);
    expect(heading).toEqual([
      'Name',
      'Email',
      'Phone',
      'Website',
      'Industry',
      'People',
      'Address',
      'Notes',
      'Created',
    ]);
    const expected = await sql<{ name: string }>`select name from organizations
      where workspace_id = ${a.workspace.id} order by lower(name), id`.execute(handle.db);
    expect(expected.rows.length).toBeGreaterThan(1000);
    expect(rows.map((r) => r[0])).toEqual(expected.rows.map((o) => o.name));
    expect(res.body).not.toContain(B_MARKER);
    expect(Math.max(...statementRows)).toBeLessThanOrEqual(EXPORT_BATCH_ROWS);
  });

  it('stream the activity log with its filters, newest first', async () => {
    statementRows.length = 0;
    const res = await admin.get('/api/admin/activity-logs/export?action=bulk_action');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="activity-logs.csv"');
    const [heading, ...rows] = records(res.body);
    expect(heading).toEqual(['Time', 'User', 'Action', 'Details', 'IP Address', 'Status']);
    expect(rows).toHaveLength(EXPORT_ROWS);
    expect(rows[0]![3]).toBe(`Bulk line ${EXPORT_ROWS}`);
    expect(rows.at(-1)![3]).toBe('Bulk line 1');
    expect(new Set(rows.map((r) => r[3])).size).toBe(EXPORT_ROWS);
    expect(Math.max(...statementRows)).toBeLessThanOrEqual(EXPORT_BATCH_ROWS);
  });

  it('stream the team, owners first, and an empty export still has its heading', async () => {
    const team = await a.client.get('/api/team/export');
    expect(team.statusCode).toBe(200);
    const [heading, owner, ...others] = records(team.body);
    expect(heading).toEqual([
      'Name',
      'Email',
      'Permission',
      'Status',
      'Last active',
      'Invited on',
      'Invited by',
    ]);
    expect(owner![1]).toBe(a.email);
    expect(others).toEqual([]);
    const none = await a.client.get('/api/contacts/export?search=nothing-matches-this');
    expect(none.body).toMatch(/^\uFEFFName,Email,Phone,[^\r\n]*,Created\r\n$/);
  });
});

describe('heavy requests per workspace', () => {
  const keyOf = (workspaceId: number) => `workspace:${workspaceId}`;

  it('run two at a time, four wait, the next gets 429 while other workspaces are served', async () => {
    const key = keyOf(a.workspace.id);
    // This test holds A's two slots, as two long exports would.
    const held = await Promise.all([
      app.heavyRequests.acquire(key)!,
      app.heavyRequests.acquire(key)!,
    ]);
    const waiting = Array.from({ length: HEAVY_QUEUE }, () =>
      a.client.get('/api/organizations/export'),
    );
    await expect.poll(() => app.heavyRequests.queued(key)).toBe(HEAVY_QUEUE);

    const refused = await a.client.get('/api/contacts/export');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json().error).toBe(
      'This workspace is already running several exports, imports or large lists. Please try again in a few seconds.',
    );
    // Unpaged lists and imports are heavy too; over tRPC as over REST.
    expect((await a.client.get('/api/persons')).statusCode).toBe(429);
    const trpcList = await a.client.trpc('leads.list', 'query');
    expect(trpcList.statusCode).toBe(429);
    expect(trpcList.headers['retry-after']).toBe('5');
    const manyRows = Array.from({ length: 101 }, (_, i) => ({ fullName: `Queued Import ${i}` }));
    expect((await a.client.post('/api/contacts/import', { rows: manyRows })).statusCode).toBe(429);
    expect(await countOf('persons', sql`full_name like 'Queued Import%'`)).toBe(0);
    // An import of a few rows costs what as many creates cost: it is not queued.
    const fewRows = await a.client.post('/api/contacts/import', {
      rows: [{ fullName: 'Small Import' }],
    });
    expect(fewRows.statusCode).toBe(200);
    expect(await countOf('persons', sql`full_name = 'Small Import'`)).toBe(1);

    // A page of the size the screens ask for is not heavy, nor is anything else.
    expect((await a.client.get('/api/persons?limit=50')).statusCode).toBe(200);
    expect((await a.client.get('/api/auth/me')).statusCode).toBe(200);
    // Another workspace is not slowed by A's queue.
    const other = await b.client.get('/api/contacts/export');
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain(B_MARKER);
    expect((await b.client.get('/api/persons')).statusCode).toBe(200);

    for (const release of held) release();
    const done = await Promise.all(waiting);
    expect(done.map((res) => res.statusCode)).toEqual(Array(HEAVY_QUEUE).fill(200));
    expect(done.every((res) => res.body.startsWith('\uFEFFName,Email,Phone'))).toBe(true);
    // A slot rests as long as it was held before it is free again.
    await expect.poll(() => app.heavyRequests.inFlight(key), { timeout: 5000 }).toBe(0);
    expect(app.heavyRequests.queued(key)).toBe(0);
  });

  it('give a slot back when the client leaves, whether before its turn or while waiting', async () => {
    const slots = new KeyedSemaphore(1, 1);
    const request = (destroyed = false) => {
      const raw = Object.assign(new EventEmitter(), { destroyed });
      const ctx = {
        heavyRequests: slots,
        req: {} as FastifyRequest,
        reply: { raw, header: () => undefined } as unknown as FastifyReply,
      };
      return { raw, ctx };
    };
    // Left before asking (its 'close' has come and gone): it takes nothing.
    await expect(holdHeavySlot(request(true).ctx, 'k')).rejects.toThrow('The client left');
    expect(slots.inFlight('k')).toBe(0);
    // One holds the slot, one waits and leaves: its place is given up, the slot stays free
    // for the next once the first is done.
    const first = request();
    await holdHeavySlot(first.ctx, 'k');
    const waiting = request();
    const waited = holdHeavySlot(waiting.ctx, 'k');
    expect(slots.queued('k')).toBe(1);
    waiting.raw.emit('close');
    await expect(waited).rejects.toThrow('The client left');
    expect(slots.queued('k')).toBe(0);
    first.raw.emit('close');
    expect(slots.inFlight('k')).toBe(0);
    const next = request();
    await holdHeavySlot(next.ctx, 'k');
    expect(slots.inFlight('k')).toBe(1);
    next.raw.emit('close');
    expect(slots.inFlight('k')).toBe(0);
  });

  it('rest as long as they were held, at most the cap, before the next holder gets them', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    try {
      const slots = new KeyedSemaphore(1, 1, 1000);
      const release = await slots.acquire('k')!;
      vi.advanceTimersByTime(300);
      release();
      const next = slots.acquire('k')!;
      let granted = false;
      void next.then(() => (granted = true));
      await vi.advanceTimersByTimeAsync(299);
      expect(granted).toBe(false);
      expect(slots.inFlight('k')).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(granted).toBe(true);
      // Held 5 s: it rests the cap, 1 s.
      const again = await next;
      vi.advanceTimersByTime(5000);
      again();
      await vi.advanceTimersByTimeAsync(999);
      expect(slots.inFlight('k')).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(slots.inFlight('k')).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('rest only while the server serves others', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    try {
      let others = false;
      const asked: number[] = [];
      const slots = new KeyedSemaphore(1, 2, 1000, (waiting) => {
        asked.push(waiting);
        return others;
      });
      const first = await slots.acquire('k')!;
      const queued = slots.acquire('k')!; // waits for a slot: not someone else served
      vi.advanceTimersByTime(300);
      first();
      // Alone (the waiter is this key's own), the slot passes on at once.
      expect(asked).toEqual([1]);
      const second = await queued;
      vi.advanceTimersByTime(300);
      others = true;
      second();
      expect(slots.inFlight('k')).toBe(1);
      await vi.advanceTimersByTimeAsync(300);
      expect(slots.inFlight('k')).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a workspace alone reads its large pages one after the other without a rest', async () => {
    const key = keyOf(a.workspace.id);
    expect(app.requestStats.inProgress).toBe(0);
    for (let page = 0; page < 3; page++) {
      const res = await a.client.get(`/api/persons?limit=200&offset=${page * 200}`);
      expect(res.statusCode).toBe(200);
      // The slot came back at once: nothing else was being served.
      expect(app.heavyRequests.inFlight(key)).toBe(0);
    }
    expect(app.requestStats.inProgress).toBe(0);
  });

  it('count a tRPC batch of heavy calls as one request', async () => {
    const input = encodeURIComponent(JSON.stringify({ 0: {}, 1: {}, 2: {} }));
    const res = await a.client.get(
      `/trpc/contacts.list,leads.list,projects.list?batch=1&input=${input}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toHaveLength(3);
    await expect
      .poll(() => app.heavyRequests.inFlight(keyOf(a.workspace.id)), { timeout: 5000 })
      .toBe(0);
  });
});

describe('formulas in CSV cells', () => {
  const cases: [string, string][] = [
    ['=1+1', "'=1+1"],
    // Numbers and phone numbers: no function, no reference, nothing to defuse.
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['+1 (555) 010-0100', '+1 (555) 010-0100'],
    ['-2', '-2'],
    ['-', '-'],
    ['+SUM(A1)', "'+SUM(A1)"],
    ['-2+cmd', "'-2+cmd"],
    ['@x', "'@x"],
    ['a;=cmd', "a;'=cmd"],
    ['\t=x', "'\t=x"],
    ['\r=x', "'\r=x"],
    ["'=already", "''=already"],
    ['plain; text', 'plain; text'],
    ['Ada Lovelace', 'Ada Lovelace'],
  ];

  it('are defused in every exported cell, and a cell with ; is quoted', async () => {
    const c = await signUpWithWorkspace(app, 'Formula Workspace');
    await handle.db
      .insertInto('persons')
      .values(
        cases.map(([text], i) => ({
          workspaceId: c.workspace.id,
          fullName: `Formula ${i}`,
          jobTitle: text,
          notes: text,
        })),
      )
      .execute();
    const res = await c.client.get('/api/contacts/export');
    const [heading, ...rows] = records(res.body);
    const title = heading!.indexOf('Job Title');
    const notes = heading!.indexOf('Notes');
    const byName = new Map(rows.map((r) => [r[0], r]));
    cases.forEach(([, defused], i) => {
      expect(byName.get(`Formula ${i}`)![title]).toBe(defused);
      expect(byName.get(`Formula ${i}`)![notes]).toBe(defused);
    });
    expect(res.body).toContain(`"a;'=cmd"`);
  });

  it('come back as they were when the export is imported again', async () => {
    const c = await signUpWithWorkspace(app, 'Round Trip From');
    const originals = [
      {
        fullName: '=1+1',
        email: 'one@roundtrip.example.com',
        phone: '+44 20 7946 0958',
        notes: 'a;=cmd',
      },
      { fullName: '@x', email: 'two@roundtrip.example.com', phone: '-2', notes: "'=already" },
    ];
    await handle.db
      .insertInto('persons')
      .values(originals.map((o) => ({ ...o, workspaceId: c.workspace.id })))
      .execute();
    const exported = records((await c.client.get('/api/contacts/export')).body);
    const [headers, ...data] = exported;
    // As the import dialog does: map the columns, cut the rows into batches, send them.
    const batches = buildBatches(data, autoMap(headers!), 2, 500);
    const d = await signUpWithWorkspace(app, 'Round Trip To');
    for (const batch of batches) {
      const res = await d.client.post('/api/contacts/import', batch);
      expect(res.statusCode, res.body).toBe(200);
    }
    const imported = await handle.db
      .selectFrom('persons')
      .select(['fullName', 'email', 'phone', 'notes'])
      .where('workspaceId', '=', d.workspace.id)
      .orderBy('email')
      .execute();
    expect(imported).toEqual(originals.toSorted((x, y) => x.email.localeCompare(y.email)));
  });

  it('neutralise and restore as exact inverses, for any text', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', ';', 'a', ' ', '1', '('),
        }),
        (text) => {
          const defused = neutraliseFormulas(text);
          expect(restoreFormulas(defused)).toBe(text);
          // A segment left starting as a formula would is a number or phone number.
          for (const segment of defused.split(';')) {
            if (/^[=+\-@\t\r]/.test(segment)) expect(segment).toMatch(/^[0-9 +\-()./]*$/);
          }
        },
      ),
    );
  });
});
