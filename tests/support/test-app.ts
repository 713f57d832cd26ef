import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import type { WorkspaceRole } from '../../src/shared/roles.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { createDb, type Database } from '../../src/server/db/create-db.ts';
import { createPostgresCopy, dropPostgresDatabase } from './postgres.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { statementRecorder } from './workspace-queries.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

/**
 * A fresh, migrated database (PGlite copy, or PostgreSQL when TEST_DATABASE_URL is set). Its
 * statements are recorded and checked to be filtered by one workspace (workspace-queries.ts).
 */
export async function openTestDatabase() {
  const recorder = statementRecorder();
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const copyUrl = await createPostgresCopy(url, inject('postgresTemplate'));
    const handle = await createDb({ databaseUrl: copyUrl, poolSize: 5, log: recorder.log });
    await recorder.attach(handle.db);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        recorder.closed();
        await dropPostgresDatabase(new URL(copyUrl).pathname.slice(1));
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'keel-test-'));
  cpSync(inject('pgliteTemplateDir'), dir, { recursive: true });
  const handle = await createDb({ dataDir: dir, log: recorder.log });
  await recorder.attach(handle.db);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      recorder.closed();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Test configuration: a generous rate limit unless a test asks for another. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: join(tmpdir(), 'keel-test-config'),
      SESSION_SECRET: 'x'.repeat(40),
      LOG_LEVEL: 'silent',
    }),
    authRateLimit: 10_000,
    authAccountRateLimit: 10_000,
    authEmailRateLimit: 10_000,
    portalRateLimit: 10_000,
    clientDir: undefined,
    // Periodic work (housekeeping, reminders, recurring invoices) would run on the real
    // clock in the middle of a test; tests call it themselves, with their own clock.
    jobSchedules: false,
    // A job's retries come after seconds, not the production spacing (jobs.ts).
    jobPollingSeconds: 0.5,
    ...overrides,
  };
}

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const handle = await openTestDatabase();
  const app = await buildApp(testConfig(overrides), handle.db);
  return {
    app,
    db: handle.db,
    kind: handle.kind,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

/**
 * A value a file's tests share, made by a `beforeAll` hook registered here: the tests (and
 * the hooks registered after this one, which run after it) read it as if it were the value.
 * It keeps the files' set-up to one line a value instead of a `let` and its hook each.
 */
export function beforeAllValue<T extends object>(make: () => Promise<T>): T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await make();
  });
  const current = () => {
    if (value === undefined) throw new Error('read before the beforeAll hook that makes it');
    return value;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(current(), key),
    has: (_, key) => Reflect.has(current(), key),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(current(), key);
      // The proxy's target has none of the value's properties: they must be configurable.
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}

/** Configuration for `useTestApp`: as is, or read when the app opens (e.g. a sink's URL). */
type Overrides = Partial<Config> | (() => Partial<Config>);

/** The file's test app: opened before its tests, closed after them. */
export function useTestApp(overrides: Overrides = {}): TestApp {
  let opened: TestApp | undefined;
  const t = beforeAllValue(
    async () =>
      (opened = await createTestApp(typeof overrides === 'function' ? overrides() : overrides)),
  );
  // Not `t.close()`: when opening failed, reading `t` would add an error to the one that shows.
  afterAll(() => opened?.close());
  return t;
}

/** An SMTP server for the file's tests that keeps what it is sent; for `useTestApp`'s smtpUrl. */
export function useSmtpSink(): SmtpSink {
  let started: SmtpSink | undefined;
  const sink = beforeAllValue(async () => (started = await startSmtpSink()));
  afterAll(() => started?.close());
  return sink;
}

/** A client of the test server that keeps its session cookie, like a browser or a script. */
export class ApiClient {
  cookie: string | undefined;

  constructor(private readonly app: FastifyInstance) {}

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({
      method,
      url,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    const setCookie = res.cookies.findLast((c) => c.name === 'keel.sid');
    if (setCookie) this.cookie = setCookie.value ? `keel.sid=${setCookie.value}` : undefined;
    return res;
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown) => this.request('POST', url, body);
  put = (url: string, body?: unknown) => this.request('PUT', url, body);
  delete = (url: string) => this.request('DELETE', url);

  /** Calls a tRPC procedure over HTTP, as the browser client does (or a script, with headers). */
  async trpc(
    path: string,
    type: 'query' | 'mutation',
    input?: unknown,
    headers: Record<string, string> = {},
  ) {
    const res =
      type === 'query'
        ? await this.request(
            'GET',
            `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
            undefined,
            headers,
          )
        : await this.request('POST', `/trpc/${path}`, input ?? {}, headers);
    return res;
  }
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Signs a new user up over REST; the client holds their session. */
export async function signUp(
  app: FastifyInstance,
  fields: { fullName?: string; email?: string; password?: string } = {},
) {
  const client = new ApiClient(app);
  const email = fields.email ?? uniqueEmail();
  const password = fields.password ?? 'correct-horse-9';
  const res = await client.post('/api/auth/signup', {
    fullName: fields.fullName ?? 'Test User',
    email,
    password,
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return {
    client,
    email,
    password,
    user: res.json().user as { id: number; email: string; fullName: string },
  };
}

/** Signs up and creates a workspace, which becomes current. */
export async function signUpWithWorkspace(app: FastifyInstance, name = 'Acme Studio') {
  const account = await signUp(app);
  const res = await account.client.post('/api/workspaces', { name });
  if (res.statusCode !== 201)
    throw new Error(`workspace creation failed: ${res.statusCode} ${res.body}`);
  return { ...account, workspace: res.json() as { id: number; name: string; slug: string } };
}

/** An account signed up with a workspace of its own, current for its session. */
/** A new account with these display preferences, then the owner of a new workspace (which takes its clock). */
export async function signUpWithWorkspaceAs(
  app: FastifyInstance,
  preferences: { timezone: string; dateFormat: string; timeFormat: string },
  name = 'Acme Studio',
) {
  const account = await signUp(app);
  const prefs = await account.client.put('/api/account/preferences', preferences);
  if (prefs.statusCode !== 200)
    throw new Error(`preferences refused: ${prefs.statusCode} ${prefs.body}`);
  const res = await account.client.post('/api/workspaces', { name });
  if (res.statusCode !== 201)
    throw new Error(`workspace creation failed: ${res.statusCode} ${res.body}`);
  return { ...account, workspace: res.json() as { id: number; name: string; slug: string } };
}

export type WorkspaceAccount = Awaited<ReturnType<typeof signUpWithWorkspace>>;

/** The owner of a new workspace, signed up before the file's tests (after `useTestApp`). */
export function useOwner(t: TestApp, name: string): WorkspaceAccount {
  return beforeAllValue(() => signUpWithWorkspace(t.app, name));
}

/**
 * The file's test app and the owners of two workspaces: the one its tests are about and
 * another one, whose rows they must never reach.
 */
export function useTwoWorkspaces(name: string, otherName: string, overrides: Overrides = {}) {
  const t = useTestApp(overrides);
  return { t, owner: useOwner(t, name), other: useOwner(t, otherName) };
}

/** A new user who is a member of the workspace with this role, with it as their current one. */
export async function joinAs(t: TestApp, workspaceId: number, role: WorkspaceRole) {
  const account = await signUp(t.app);
  await t.db
    .insertInto('userWorkspaces')
    .values({ workspaceId, userId: account.user.id, role })
    .execute();
  const res = await account.client.post(`/api/workspaces/${workspaceId}/switch`);
  if (res.statusCode !== 200) throw new Error(`switch failed: ${res.statusCode} ${res.body}`);
  return account;
}

/** A member of the owner's workspace with this role, joined before the file's tests. */
export function useMember(t: TestApp, owner: WorkspaceAccount, role: WorkspaceRole) {
  return beforeAllValue(() => joinAs(t, owner.workspace.id, role));
}

/**
 * Everything a denied call must leave untouched (sessions and the audit log may change), as
 * each table's row count and newest row version. PostgreSQL gives every row an insert or
 * update writes a new `xmin` (the writing transaction's id, which only grows), so an insert
 * or an update raises the table's newest `xmin` and a delete lowers its count; even an
 * update that writes the same values shows. Hashing every row's text instead cost a sort of
 * each whole table twice per test, which grew with every row the earlier tests made: it was
 * most of the access matrix's time.
 */
export async function snapshot(db: Database): Promise<string> {
  const { sql } = await import('kysely');
  const tables = [
    'workspaces',
    'users',
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
    'deal_tags',
    'files',
    'timers',
    'proposals',
    'client_portal_links',
    'expenses',
    'expense_categories',
    'contract_templates',
    'contracts',
    'contract_signatures',
    'contract_events',
    'services',
    'credit_notes',
    'credit_note_lines',
    'payment_settings',
    'checkout_sessions',
    'stripe_events',
    'bank_accounts',
    'bank_imports',
    'bank_transactions',
    'bank_rules',
    'forms',
    'form_submissions',
    'booking_types',
    'availability',
    'bookings',
    'booking_blocks',
    'calendar_feeds',
  ];
  const { rows } = await sql<{ state: string }>`select ${sql.join(
    tables.map(
      (table) =>
        sql`(select ${sql.lit(`${table}:`)} || count(*) || ':' || coalesce(max(t.xmin::text::bigint), 0) from ${sql.table(table)} t)`,
    ),
    sql` || E'\n' || `,
  )} as state`.execute(db);
  return rows[0]?.state ?? '';
}

/**
 * The workspace's time zone (its business profile's, taken from its owner's, America/New_York
 * by default). The server's "today" is the date there, which is not the UTC date for some
 * hours of every day: a test comparing dates with today asks for it in this zone.
 */
export async function workspaceZone(client: ApiClient): Promise<string> {
  const res = await client.get('/api/settings/business');
  if (res.statusCode !== 200) throw new Error(`business profile: ${res.statusCode}`);
  return (res.json() as { timezone: string }).timezone;
}
