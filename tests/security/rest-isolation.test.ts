import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/create-db.ts';
import { restRoutes } from '../../src/server/rest-routes.ts';
import { freshTarget, type Target } from '../support/target.ts';
import { ApiClient, createTestApp, signUp, snapshot, type TestApp } from '../support/test-app.ts';
import {
  restMatrix,
  type CallIds,
  type Outcome,
  type RestCase,
  type RestMatrixEntry,
} from './rest-matrix.ts';
import { fileUpload, tinyPng } from '../support/uploads.ts';

/*
 * Tenant isolation over REST: a member of workspace B (owner of B, so no refusal is a role
 * check) calls every /api/* route with workspace A's ids, on a session and again on B's
 * personal API token naming A in X-Workspace-Id. Refusals change nothing anywhere; reads
 * and B's own writes never show A's rows (every name, email and file of A carries a marker)
 * and never change A.
 */

let t: TestApp;
let b: Target;
interface Account {
  client: ApiClient;
  userId: number;
  email: string;
  password: string;
  token: string;
}
let aOwner: Account;
let aCollaborator: Account;
let bOwner: Account;
let bSpare: Account;
let aSessionId: string;
let aTokenId: number;
/** In the names and emails of A's members (A's rows carry each target's own marker). */
const A_USERS_MARKER = `ausr${randomBytes(4).toString('hex')}`;
let calls = 0;
let unique = 0;

async function account(fullName: string, email?: string): Promise<Account> {
  const a = await signUp(t.app, { fullName, ...(email ? { email } : {}) });
  const res = await a.client.post('/api/account/tokens', { name: 'isolation' });
  expect(res.statusCode, res.body).toBe(201);
  return {
    client: a.client,
    userId: a.user.id,
    email: a.email,
    password: a.password,
    token: res.json().token,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  aOwner = await account(`Owner ${A_USERS_MARKER}`, `${A_USERS_MARKER}-owner@example.com`);
  aCollaborator = await account(`Collab ${A_USERS_MARKER}`, `${A_USERS_MARKER}-collab@example.com`);
  bOwner = await account('Bee Owner');
  bSpare = await account('Bee Spare');
  // The first account made is a platform admin; nobody here may be one.
  await t.db.updateTable('users').set({ isAdmin: false }).execute();
  b = await freshTarget(t.db, {
    label: 'Tenant B',
    members: [
      { userId: bOwner.userId, role: 'owner', client: bOwner.client },
      { userId: bSpare.userId, role: 'owner', client: bSpare.client },
    ],
    ownerUserId: bOwner.userId,
    collaboratorUserId: bSpare.userId,
    customStageKey: 'tenant_b_only',
  });
  const session = await t.db
    .selectFrom('activeSessions')
    .select('id')
    .where('userId', '=', aOwner.userId)
    .executeTakeFirstOrThrow();
  aSessionId = String(session.id);
  const token = await t.db
    .selectFrom('apiTokens')
    .select('id')
    .where('userId', '=', aOwner.userId)
    .executeTakeFirstOrThrow();
  aTokenId = token.id;
});
afterAll(async () => {
  // The figure the report asks for: how many calls one run makes.
  console.info(`rest-isolation: ${calls} calls to ${Object.keys(restMatrix).length} routes`);
  await t.close();
});

function newTargetA(): Promise<Target> {
  return freshTarget(t.db, {
    label: 'Tenant A',
    members: [
      { userId: aOwner.userId, role: 'owner' },
      { userId: aCollaborator.userId, role: 'collaborator' },
    ],
    ownerUserId: aOwner.userId,
    collaboratorUserId: aCollaborator.userId,
    customStageKey: 'tenant_a_only',
  });
}

/** Every table row of A, A's members and their sessions and tokens, as one digest. */
async function snapshotOfA(db: Database, a: Target): Promise<string> {
  const workspaceTables = [
    'user_workspaces',
    'invitation_tokens',
    'organizations',
    'persons',
    'clients',
    'projects',
    'time_entries',
    'leads',
    'invoices',
    'tasks',
    'task_statuses',
    'rates',
    'timesheets',
    'stages',
    'tags',
    'contact_tags',
    'files',
    'timers',
    'proposals',
  ];
  const users = [aOwner.userId, aCollaborator.userId];
  const queries = [
    ...workspaceTables.map(
      (
        table,
      ) => sql`select ${table}::text as name, md5(string_agg(t::text, '|' order by t::text)) as digest
        from ${sql.table(table)} t where workspace_id = ${a.workspaceId}`,
    ),
    sql`select 'workspace' as name, md5(t::text) as digest from workspaces t where id = ${a.workspaceId}`,
    ...['users', 'api_tokens', 'active_sessions', 'sessions', 'files'].map((table) => {
      const column = table === 'users' ? 'id' : table === 'files' ? 'owner_user_id' : 'user_id';
      return sql`select ${table}::text as name, md5(string_agg(t::text, '|' order by t::text)) as digest
        from ${sql.table(table)} t where ${sql.ref(column)} in (${sql.join(users)})`;
    }),
  ];
  const parts: string[] = [];
  for (const query of queries) {
    const { rows } = await query.execute(db);
    const row = rows[0] as { name: string; digest: string | null };
    parts.push(`${row.name}:${row.digest ?? ''}`);
  }
  return parts.join('\n');
}

type Caller =
  { kind: 'session'; account: Account } | { kind: 'token'; account: Account; a: Target };

async function send(
  app: FastifyInstance,
  key: string,
  c: RestCase,
  ids: CallIds,
  caller: Caller,
): Promise<LightMyRequestResponse> {
  const [method, template] = key.split(' ') as [string, string];
  const params = c.params?.(ids) ?? {};
  let url = template.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${key}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  const query = c.query?.(ids);
  if (query)
    url += `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;
  const headers: Record<string, string> =
    caller.kind === 'token'
      ? {
          authorization: `Bearer ${caller.account.token}`,
          'x-workspace-id': String(caller.a.workspaceId),
        }
      : {};
  calls += 1;
  if (c.upload) {
    const file = c.file?.(ids) ?? {
      name: 'b.png',
      type: 'image/png',
      data: tinyPng('a tiny png of B'),
    };
    const { payload, headers: uploadHeaders } = fileUpload(
      c.upload,
      file.name,
      file.type,
      file.data,
    );
    const contentType = uploadHeaders['content-type'];
    const cookie = caller.kind === 'session' ? caller.account.client.cookie : undefined;
    return app.inject({
      method: method as 'POST',
      url,
      payload,
      headers: { ...headers, 'content-type': contentType, ...(cookie ? { cookie } : {}) },
    });
  }
  // A token call carries no cookie at all: a fresh client.
  const client = caller.kind === 'session' ? caller.account.client : new ApiClient(app);
  const body = c.body?.(ids);
  return client.request(method as 'GET', url, body, headers);
}

async function prepare(c: RestCase, a: Target) {
  if (c.prepare === 'startTimersInA') {
    await t.db
      .insertInto('timers')
      .values(
        [aOwner, aCollaborator].map((m) => ({
          workspaceId: a.workspaceId,
          userId: m.userId,
          projectId: a.projectId,
          elapsedSeconds: 90,
        })),
      )
      .execute();
  }
  if (c.prepare === 'deleteA') {
    await t.db
      .updateTable('workspaces')
      .set({
        isDeleted: true,
        deletedAt: new Date(),
        scheduledDeletionAt: sql<Date>`now() + interval '30 days'`,
      })
      .where('id', '=', a.workspaceId)
      .execute();
  }
}

/** What B's token naming A must get, by the route's scope. */
function tokenOutcome(entry: RestMatrixEntry, sessionOutcome: Outcome): Outcome {
  const scope = entry.scope;
  if (entry.token) return entry.token;
  if (scope === 'workspace') return 404;
  if (scope === 'platform') return 403;
  return sessionOutcome;
}

/** Spare sessions end or replace themselves: each such call gets a fresh sign-in. */
async function spareSession(): Promise<Account> {
  const client = new ApiClient(t.app);
  const res = await client.post('/api/auth/login', {
    email: bSpare.email,
    password: bSpare.password,
  });
  expect(res.statusCode, res.body).toBe(200);
  const sw = await client.post(`/api/workspaces/${b.workspaceId}/switch`);
  expect(sw.statusCode, sw.body).toBe(200);
  return { ...bSpare, client };
}

async function run(key: string, entry: RestMatrixEntry, c: RestCase, via: 'session' | 'token') {
  const a = await newTargetA();
  await prepare(c, a);
  const who = c.spare ? (via === 'session' ? await spareSession() : bSpare) : bOwner;
  if (who === bOwner) {
    // Creating a workspace makes it current: each call starts from B again.
    const sw = await bOwner.client.post(`/api/workspaces/${b.workspaceId}/switch`);
    expect(sw.statusCode, sw.body).toBe(200);
  }
  const caller: Caller =
    via === 'session' ? { kind: 'session', account: who } : { kind: 'token', account: who, a };
  unique += 1;
  const ids: CallIds = {
    a,
    b,
    unique: `u${unique}${randomBytes(2).toString('hex')}`,
    aSessionId,
    aTokenId,
    callerEmail: who.email,
    callerPassword: who.password,
  };
  const outcome = via === 'session' ? c.expect : tokenOutcome(entry, c.expect);
  const beforeDb = await snapshot(t.db);
  const beforeA = await snapshotOfA(t.db, a);
  const res = await send(t.app, key, c, ids, caller);
  const text = res.rawPayload.toString('latin1').toLowerCase();
  const where = `${key} via ${via}: ${res.statusCode} ${res.body.slice(0, 300)}`;
  if (typeof outcome === 'number') {
    expect(res.statusCode, where).toBe(outcome);
    expect(await snapshot(t.db), `${where}: refused but changed the database`).toBe(beforeDb);
  } else {
    expect(res.statusCode, where).toBe(c.status ?? 200);
    if (c.showsB && via === 'session') expect(text, `${where}: B's own rows`).toContain(b.marker);
  }
  expect(await snapshotOfA(t.db, a), `${where}: changed workspace A`).toBe(beforeA);
  expect(text, `${where}: shows A's rows`).not.toContain(a.marker.toLowerCase());
  expect(text, `${where}: shows A's members`).not.toContain(A_USERS_MARKER);
  if (c.countsStable && via === 'session') {
    await newTargetA();
    const again = await send(t.app, key, c, ids, caller);
    expect(again.body, `${where}: counts another workspace's rows`).toBe(res.body);
    expect(again.headers['x-total-count'], `${where}: total`).toBe(res.headers['x-total-count']);
  }
}

/** `METHOD /api/path/{param}` for every route the built app registers under /api. */
function registeredApiRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) {
      // Fastify answers HEAD with the GET handler of the same path.
      if (method === 'HEAD') continue;
      routes.push(`${method} ${path}`);
    }
  }
  return routes
    .filter((r) => r.split(' ')[1]!.startsWith('/api/'))
    .map((r) => r.replace(/:(\w+)/g, '{$1}'))
    .sort();
}

describe('the matrix', () => {
  it('has an entry for every /api route the app registers, and none for a route that is gone', () => {
    const registered = registeredApiRoutes(t.app);
    // The parser read the tree right: each route it found is one Fastify knows.
    for (const route of registered) {
      const [method, path] = route.split(' ') as [string, string];
      expect(
        t.app.hasRoute({ method: method as 'GET', url: path.replace(/\{(\w+)\}/g, ':$1') }),
        route,
      ).toBe(true);
    }
    // Every REST table row is among them.
    for (const route of restRoutes) expect(registered).toContain(`${route.method} ${route.path}`);
    expect(
      registered.filter((r) => !(r in restMatrix)),
      'routes without a matrix entry',
    ).toEqual([]);
    expect(
      Object.keys(restMatrix).filter((r) => !registered.includes(r)),
      'entries for routes that are gone',
    ).toEqual([]);
  });

  it("documents why each public or platform route holds none of a workspace's data", () => {
    for (const [key, entry] of Object.entries(restMatrix)) {
      if (entry.scope === 'public' || entry.scope === 'platform')
        expect(entry.why, key).toBeTruthy();
    }
  });
});

describe.each(Object.entries(restMatrix))('%s', (key, entry) => {
  for (const [index, c] of entry.cases.entries()) {
    const name = c.label ?? `case ${index + 1}`;
    const what =
      typeof c.expect === 'number' ? `answers ${c.expect}, changes nothing` : `is ${c.expect} only`;
    it(`${name}: B's session ${what}`, () => run(key, entry, c, 'session'));
    const tokenWhat = tokenOutcome(entry, c.expect);
    it(`${name}: B's token naming A answers ${tokenWhat}`, () => run(key, entry, c, 'token'));
  }
});
