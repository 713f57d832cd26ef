/*
 * Structural guards for the server benchmark's findings: how many SQL statements a list
 * request runs (an N+1 shows up as a count that grows with the page), and that contact
 * search can be answered from an index. Never timings.
 */
import { sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { seedBench } from '../../scripts/seed/bench.ts';
import { findLead } from '../../src/server/domains/pipeline/pipeline.repository.ts';
import { ApiClient, openTestDatabase, testConfig } from '../support/test-app.ts';

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
let app: Awaited<ReturnType<typeof buildApp>>;
const statements: string[] = [];
let client: ApiClient;
let workspaceId: number;

beforeAll(async () => {
  handle = await openTestDatabase();
  // Counted as results come back, once per statement.
  const counter: KyselyPlugin = {
    transformQuery: ({ node }): RootOperationNode => node,
    transformResult: async ({ result }) => {
      statements.push('statement');
      return result;
    },
  };
  const db = handle.db.withPlugin(counter);
  // Transactions are counted apart: BEGIN and COMMIT do not pass through plugins.
  const transaction = db.transaction.bind(db);
  db.transaction = () => {
    statements.push('transaction');
    return transaction();
  };
  app = await buildApp(testConfig(), db);
  const bench = await seedBench(handle.db, {
    counts: {
      workspaces: 2,
      contacts: 120,
      organizations: 20,
      leads: 80,
      projects: 3,
      timeEntries: 30,
      invoices: 5,
    },
  });
  workspaceId = bench.workspaceId;
  client = new ApiClient(app);
  const login = await client.post('/api/auth/login', {
    email: bench.email,
    password: bench.password,
  });
  expect(login.statusCode).toBe(200);
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});

async function statementsFor(url: string) {
  statements.length = 0;
  const res = await client.get(url);
  expect(res.statusCode).toBe(200);
  return statements.length;
}

/** What a request ran, in order: 'statement' for each, 'transaction' for each opened. */
async function runFor(request: () => Promise<{ statusCode: number }>, status: number) {
  statements.length = 0;
  expect((await request()).statusCode).toBe(status);
  return [...statements];
}

describe('statements per request', () => {
  // The session, the caller (user and membership in one), then the page and its count.
  it('a contacts page is four statements, whatever its size', async () => {
    expect(await statementsFor('/api/persons?limit=5')).toBe(4);
    expect(await statementsFor('/api/persons?limit=100')).toBe(4);
    expect(await statementsFor('/api/persons?limit=100&search=a')).toBe(4);
    expect(
      await statementsFor(`/trpc/contacts.list?input=${encodeURIComponent('{"limit":100}')}`),
    ).toBe(4);
  });

  it('tags for a page of contacts are one more statement, not one per contact', async () => {
    expect(await statementsFor('/api/contacts/with-tags?limit=100')).toBe(5);
  });

  it('a page of deals is three statements, and its count a fourth when the page is full', async () => {
    expect(await statementsFor('/api/leads?limit=5')).toBe(4);
    expect(await statementsFor('/api/leads?limit=100')).toBe(3);
  });

  // BEGIN and COMMIT would be two more round trips a create (bench: creates).
  it('a contact created with nobody to notify is one insert, outside a transaction', async () => {
    const one = ['statement', 'statement', 'statement', 'statement'];
    // The session, the caller, the insert and the row read back.
    expect(await runFor(() => client.post('/api/persons', { fullName: 'Ada' }), 201)).toEqual(one);
    const me = (await client.get('/api/auth/me')).json() as { id: number };
    const own = { fullName: 'Ada', assignedUserId: me.id };
    // Given to oneself: nobody hears, so no transaction either (one more: the assignee check).
    expect(await runFor(() => client.post('/api/persons', own), 201)).toEqual([
      ...one,
      'statement',
    ]);
  });

  it('a batch of calls looks the session up once, and the caller once per call', async () => {
    const input = encodeURIComponent(JSON.stringify({ 0: { limit: 5 }, 1: { limit: 5 } }));
    // Session, then per call: caller, page and its count.
    expect(await statementsFor(`/trpc/contacts.list,leads.list?batch=1&input=${input}`)).toBe(7);
  });
});

describe('list shapes', () => {
  const ids = async (url: string) => {
    const res = await client.get(url);
    expect(res.statusCode).toBe(200);
    return {
      ids: (res.json() as { id: number }[]).map((r) => r.id),
      total: res.headers['x-total-count'],
    };
  };

  it('answers every mix of search, limit and offset with its own rows, in any order', async () => {
    for (const list of ['/api/persons', '/api/leads']) {
      const all = await ids(`${list}?limit=500`);
      expect(all.ids.length).toBeGreaterThan(20);
      // Each shape twice: on the embedded database the second may come from the read cache.
      for (let round = 0; round < 2; round++) {
        expect((await ids(`${list}?limit=5&offset=3`)).ids).toEqual(all.ids.slice(3, 8));
        expect((await ids(`${list}?limit=7`)).ids).toEqual(all.ids.slice(0, 7));
        expect((await ids(`${list}?limit=2&offset=11`)).ids).toEqual(all.ids.slice(11, 13));
        const searched = await ids(`${list}?search=a&limit=500`);
        expect(searched.ids.length).toBeLessThanOrEqual(all.ids.length);
        expect((await ids(`${list}?search=a&limit=3&offset=1`)).ids).toEqual(
          searched.ids.slice(1, 4),
        );
        expect((await ids(`${list}?search=zzqqxx-nothing&limit=500`)).ids).toEqual([]);
      }
      if (list === '/api/persons') {
        expect((await ids(`${list}?limit=5&offset=3`)).total).toBe(String(all.ids.length));
        expect((await ids(`${list}?search=zzqqxx-nothing`)).total).toBe('0');
      }
    }
  });
});

describe('deals pages, read as one JSON array', () => {
  it('answer each deal exactly as reading it alone does', async () => {
    const page = await client.get('/api/leads');
    expect(page.statusCode).toBe(200);
    const deals = page.json() as { id: number; value: string; createdAt: string }[];
    expect(deals.length).toBeGreaterThan(20);
    for (const deal of deals) {
      // The same deal through the row-by-row statement a create or an update answers with.
      expect(deal).toEqual(await findLead(handle.db, workspaceId, deal.id));
    }
    // Money keeps its two decimals; instants their ISO form, to the millisecond.
    expect(deals.every((d) => /^\d+\.\d{2}$/.test(d.value))).toBe(true);
    expect(deals.every((d) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(d.createdAt))).toBe(
      true,
    );
  });
});

describe('contact search', () => {
  it('can be answered from the trigram index on the lower-cased search column', async () => {
    // Small test tables favour a sequential scan; forbidding it shows the index applies
    // (without the workspace filter, which a b-tree serves).
    const plan = await handle.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain
        select count(*) from persons p where p.search_text like lower('%Garcia%')`.execute(
        trx.withoutPlugins(),
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('persons_search_text_trgm_idx');
  });

  it('matches name, email or phone in any case, never across two of them', async () => {
    const names = async (search: string) => {
      const res = await client.get(`/api/persons?limit=500&search=${encodeURIComponent(search)}`);
      expect(res.statusCode).toBe(200);
      return (res.json() as { fullName: string }[]).map((p) => p.fullName);
    };
    const created = await client.post('/api/persons', {
      fullName: 'Zoë Quixote-Search',
      email: 'Q.Uixote@Example.COM',
      phone: '+44 20 7946 0999',
    });
    expect(created.statusCode).toBe(201);
    for (const search of ['quixote-search', 'QUIXOTE', 'q.uixote@example', '7946 0999', 'zoë']) {
      expect(await names(search), search).toContain('Zoë Quixote-Search');
    }
    // The end of the name and the start of the email are not one text.
    expect(await names('search q.uixote')).not.toContain('Zoë Quixote-Search');
    // An edit is searchable at once: the column is kept by the database.
    const id = (created.json() as { id: number }).id;
    expect(
      (await client.put(`/api/persons/${id}`, { email: 'new-address@example.com' })).statusCode,
    ).toBe(200);
    expect(await names('new-address')).toContain('Zoë Quixote-Search');
    expect(await names('q.uixote')).not.toContain('Zoë Quixote-Search');
  });
});
