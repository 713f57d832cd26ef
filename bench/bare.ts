/**
 * The yardstick for the server benchmark: a bare Fastify server answering the benchmarked
 * requests with the same SQL Keel runs (see `bench/trace.ts`) and the same session lookup
 * (signed cookie → sessions row → active user with their membership of a live workspace),
 * but no tRPC, no Kysely at request time, no zod, no plugins. Whatever Keel spends above
 * this is overhead. The SQL is Keel's own: its repositories' query builders, compiled once
 * (`prepare`), so that it cannot drift from what Keel runs; only the sign-in's statements,
 * which Keel's auth service runs in between its own logic, are still written out here.
 *
 *   DATABASE_URL=… | DATA_DIR=…  SESSION_SECRET=…  PORT=…  tsx bench/bare.ts
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import argon2 from 'argon2';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import {
  DummyDriver,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type Compilable,
} from 'kysely';
import pg from 'pg';
import { makeKysely } from '../src/server/db/create-db.ts';
import { rowCountQuery } from '../src/server/db/row-counts.ts';
import { totalFromPage } from '../src/server/db/search.ts';
import { callerQuery } from '../src/server/domains/auth/auth.repository.ts';
import {
  insertPersonQuery,
  personQuery,
  personsPage,
  personsTotalQuery,
} from '../src/server/domains/contacts/contacts.repository.ts';
import { leadsCountQuery, leadsPage } from '../src/server/domains/pipeline/pipeline.repository.ts';
import { timeEntriesPage, timeEntryTotals } from '../src/server/domains/time/time.repository.ts';
import { sessionQuery } from '../src/server/plugins/session.ts';

const NUMERIC = 1700;
const DATE = 1082;
const INT8 = 20;

type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

interface Db {
  query: Query;
  /**
   * The reads Keel remembers on the embedded database (src/server/db/embedded.ts: the
   * session, the caller, a list's total) are remembered here too, the same way: until the
   * next statement that is not a `select`. With PostgreSQL, a plain query.
   */
  remembered: Query;
  close(): Promise<void>;
}

async function connect(): Promise<Db> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({
      connectionString: url,
      max: 20,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
          if (oid === NUMERIC || oid === DATE) return (v: string) => v;
          if (oid === INT8) return (v: string) => Number(v);
          return pg.types.getTypeParser(oid, format);
        }) as typeof pg.types.getTypeParser,
      },
    });
    const query: Query = async (text, params) => (await pool.query(text, params)).rows;
    return { query, remembered: query, close: () => pool.end() };
  }
  const client = await PGlite.create(join(process.env.DATA_DIR ?? './data', 'pglite'), {
    // The contact-search indexes need it, as in Keel's createDb.
    extensions: { pg_trgm },
    parsers: {
      [NUMERIC]: (v: string) => v,
      [DATE]: (v: string) => v,
      [INT8]: (v: string) => Number(v),
    },
  });
  let generation = 0;
  let known = new Map<string, Promise<unknown[]>>();
  const query: Query = async <T>(text: string, params?: unknown[]) => {
    // As Keel's embedded dialect (src/server/db/embedded.ts): the event loop takes a
    // turn before each statement, so requests queue in the order they came.
    await new Promise((resolve) => setImmediate(resolve));
    if (/^\s*select\b/i.test(text)) return (await client.query<T>(text, params)).rows;
    generation++;
    known = new Map();
    try {
      return (await client.query<T>(text, params)).rows;
    } finally {
      generation++;
      known = new Map();
    }
  };
  const remembered: Query = <T>(text: string, params?: unknown[]) => {
    const key = `${text}${JSON.stringify(params)}`;
    const hit = known.get(key);
    if (hit) return hit as Promise<T[]>;
    const at = generation;
    const entries = known;
    const loading = query<T>(text, params);
    entries.set(key, loading);
    loading.then(
      () => at !== generation && entries.delete(key),
      () => entries.delete(key),
    );
    return loading;
  };
  return { query, remembered, close: () => client.close() };
}

/** Keel's Kysely (its plugins: CamelCasePlugin), with no database: it only compiles. */
const compiler = makeKysely({
  createAdapter: () => new PostgresAdapter(),
  createDriver: () => new DummyDriver(),
  createIntrospector: (db) => new PostgresIntrospector(db),
  createQueryCompiler: () => new PostgresQueryCompiler(),
});

/**
 * Stand-ins for a request's values: a builder is compiled once with them, and each
 * parameter equal to one is that value of the request (`bind`). Values that shape the SQL
 * itself (a page's size, whether there is a search) are compiled for each one met.
 */
const SLOT = {
  workspaceId: -7_000_001,
  userId: -7_000_002,
  id: -7_000_003,
  sid: '\u0000sid',
  fullName: '\u0000fullName',
  email: '\u0000email',
  from: '\u0000from',
  to: '\u0000to',
} as const;
type Slots = { [K in keyof typeof SLOT]?: unknown };

interface Statement {
  sql: string;
  bind(values: Slots): unknown[];
}

function prepare(query: Compilable): Statement {
  const { sql, parameters } = query.compile();
  const slotOf = new Map<unknown, keyof typeof SLOT>(
    Object.entries(SLOT).map(([name, value]) => [value, name as keyof typeof SLOT]),
  );
  const slots = parameters.map((p) => slotOf.get(p));
  return {
    sql,
    bind: (values) => parameters.map((p, i) => (slots[i] ? values[slots[i]] : p)),
  };
}

/** Statements compiled on first use for each key (the values that shape their SQL). */
function prepared<K>(build: (key: K) => Compilable) {
  const statements = new Map<string, Statement>();
  return (key: K) => {
    const name = JSON.stringify(key);
    let statement = statements.get(name);
    if (!statement) statements.set(name, (statement = prepare(build(key))));
    return statement;
  };
}

const SQL = {
  session: prepare(sessionQuery(compiler, SLOT.sid)),
  caller: prepare(callerQuery(compiler, SLOT.userId, SLOT.workspaceId)),
  personsPage: prepared(({ limit, search }: { limit: number; search?: string }) =>
    personsPage(compiler, SLOT.workspaceId, { limit, search }, { limit }),
  ),
  personsTotal: prepared((search: string | undefined) =>
    personsTotalQuery(compiler, SLOT.workspaceId, { search }),
  ),
  rowCount: prepare(rowCountQuery(compiler, SLOT.workspaceId, 'persons')),
  insertPerson: prepare(
    insertPersonQuery(compiler, SLOT.workspaceId, { fullName: SLOT.fullName, email: SLOT.email }),
  ),
  person: prepare(personQuery(compiler, SLOT.workspaceId, SLOT.id)),
  leadsPage: prepared((limit: number) =>
    leadsPage(compiler, SLOT.workspaceId, undefined, { limit }),
  ),
  leadsCount: prepare(leadsCountQuery(compiler, SLOT.workspaceId, undefined)),
  timePage: prepared(({ limit, from, to }: { limit: number; from: boolean; to: boolean }) =>
    timeEntriesPage(compiler, SLOT.workspaceId, period(from, to, limit), { limit }),
  ),
  timeTotals: prepared(({ from, to }: { from: boolean; to: boolean }) =>
    timeEntryTotals(compiler, SLOT.workspaceId, period(from, to)),
  ),
};

function period(from: boolean, to: boolean, limit?: number) {
  return {
    ...(from ? { from: SLOT.from } : {}),
    ...(to ? { to: SLOT.to } : {}),
    limit,
  } as Parameters<typeof timeEntryTotals>[2];
}

/** Runs a prepared statement with this request's values. */
function run<T = Record<string, unknown>>(
  query: Query,
  statement: Statement,
  values: Slots,
): Promise<T[]> {
  return query<Record<string, unknown>>(statement.sql, statement.bind(values)).then(
    (rows) => rows.map(camelCased) as T[],
  );
}

/** As Keel's CamelCasePlugin answers rows: snake_case keys camel-cased, nested ones too. */
const camelKeys = new Map<string, string>();
function camelCased(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelCased);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    let camel = camelKeys.get(key);
    if (camel === undefined) {
      camel = key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
      camelKeys.set(key, camel);
    }
    out[camel] = camelCased(v);
  }
  return out;
}

const secret = process.env.SESSION_SECRET ?? '';
if (secret.length < 32) throw new Error('SESSION_SECRET (32+ characters) is required');
const COOKIE = 'keel.sid';
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

function sign(sid: string): string {
  return `${sid}.${createHmac('sha256', secret).update(sid).digest('base64').replace(/=/g, '')}`;
}

function unsign(value: string): string | undefined {
  const dot = value.lastIndexOf('.');
  if (dot < 0) return undefined;
  const expected = Buffer.from(sign(value.slice(0, dot)));
  const given = Buffer.from(value);
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? value.slice(0, dot)
    : undefined;
}

function cookieValue(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === COOKIE) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

const db = await connect();
const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });

const iso = (d: Date | null) => (d ? d.toISOString() : null);

interface Caller {
  userId: number;
  workspaceId: number;
}

/** Keel's session lookup, query for query. */
async function caller(req: FastifyRequest, reply: FastifyReply): Promise<Caller | undefined> {
  const raw = cookieValue(req.headers.cookie);
  const sid = raw && unsign(raw);
  if (!sid) return void reply.code(401).send({ error: 'Not authenticated' });
  const [session] = await run<{
    sess: { userId?: number; workspaceId?: number };
    expire: Date;
  }>(db.remembered, SQL.session, { sid });
  const userId = session && session.expire.getTime() > Date.now() ? session.sess.userId : undefined;
  if (!userId) return void reply.code(401).send({ error: 'Not authenticated' });
  const workspaceId = session!.sess.workspaceId ?? null;
  // Keel's caller statement: the active user and their membership, in one.
  const [row] = await run<{ role: string | null; id: number | null; isActive: boolean }>(
    db.remembered,
    SQL.caller,
    { userId, workspaceId },
  );
  if (!row) return void reply.code(401).send({ error: 'Not authenticated' });
  const membership = row.role !== null && row.id !== null ? { isActive: row.isActive } : undefined;
  if (!membership) return void reply.code(404).send({ error: 'No workspace selected' });
  if (!membership.isActive) return void reply.code(403).send({ error: 'Suspended' });
  return { userId, workspaceId: workspaceId! };
}

interface PersonRow {
  id: number;
  companyId: number | null;
  companyName: string | null;
  lastContact: Date | null;
  createdAt: Date;
}

function toPerson({ companyName, ...r }: PersonRow) {
  return {
    ...r,
    company:
      r.companyId !== null && companyName !== null ? { id: r.companyId, name: companyName } : null,
    lastContact: iso(r.lastContact),
    createdAt: iso(r.createdAt),
  };
}

app.get('/api/persons', async (req, reply) => {
  const who = await caller(req, reply);
  if (!who) return reply;
  const q = req.query as { limit?: string; offset?: string; search?: string };
  const limit = Math.min(500, Math.max(1, Number(q.limit ?? 50)));
  const search = q.search?.trim() || undefined;
  const [rows, count] = await Promise.all([
    run<PersonRow>(db.query, SQL.personsPage({ limit, search }), who),
    // As Keel: unfiltered, the database's own count (migration 0025); filtered, counted.
    run<{ total?: number; n?: number }>(db.remembered, SQL.personsTotal(search), who),
  ]);
  reply.header('x-total-count', String(count[0]?.total ?? count[0]?.n ?? 0));
  return rows.map(toPerson);
});

app.post('/api/persons', async (req, reply) => {
  const who = await caller(req, reply);
  if (!who) return reply;
  const body = req.body as { fullName?: unknown; email?: unknown };
  if (typeof body?.fullName !== 'string' || body.fullName.trim() === '') {
    return reply.code(400).send({ error: 'Name is required' });
  }
  const email = typeof body.email === 'string' && body.email !== '' ? body.email : null;
  const [inserted] = await run<{ id: number }>(db.query, SQL.insertPerson, {
    ...who,
    fullName: body.fullName.trim(),
    email,
  });
  const [row] = await run<PersonRow>(db.query, SQL.person, { ...who, id: inserted!.id });
  return reply.code(201).send(toPerson(row!));
});

app.get('/api/leads', async (req, reply) => {
  const who = await caller(req, reply);
  if (!who) return reply;
  const q = req.query as { limit?: string };
  const limit = Math.min(500, Math.max(1, Number(q.limit ?? 50)));
  // As Keel (pipeline.repository.ts): the page comes as one JSON array, and a full page
  // costs a count.
  const [{ rows }] = (await run<{ rows: Record<string, unknown>[] }>(
    db.query,
    SQL.leadsPage(limit),
    who,
  )) as [{ rows: Record<string, unknown>[] }];
  const total =
    totalFromPage(rows.length, { limit }) ??
    (await run<{ total: number }>(db.remembered, SQL.leadsCount, who))[0]!.total;
  reply.header('x-total-count', String(total));
  const at = (v: unknown) => (v === null ? null : new Date(v as string).toISOString());
  return rows.map(({ personName, personEmail, companyName, ownerName, ownerActive, ...r }) => ({
    ...r,
    lastContact: at(r.lastContact),
    createdAt: at(r.createdAt),
    person: personName !== null ? { fullName: personName, email: personEmail } : null,
    company: companyName !== null ? { name: companyName } : null,
    owner: ownerName !== null ? { fullName: ownerName, isActive: ownerActive } : null,
  }));
});

// As Keel (time.repository.ts): the time log's page, and its count, hours and money.
app.get('/api/time-entries', async (req, reply) => {
  const who = await caller(req, reply);
  if (!who) return reply;
  const q = req.query as { limit?: string; from?: string; to?: string };
  const limit = Math.min(500, Math.max(1, Number(q.limit ?? 500)));
  const shape = { from: q.from !== undefined, to: q.to !== undefined };
  const values = { ...who, from: q.from, to: q.to };
  const [rows, sums] = await Promise.all([
    run<Record<string, unknown>>(db.query, SQL.timePage({ limit, ...shape }), values),
    run<{ total: number; totalHours: string; totalAmount: string }>(
      db.remembered,
      SQL.timeTotals(shape),
      values,
    ),
  ]);
  reply
    .header('x-total-count', String(sums[0]!.total))
    .header('x-total-hours', sums[0]!.totalHours)
    .header('x-total-amount', sums[0]!.totalAmount);
  return rows.map(({ projectName, hourlyRate, userName, taskTitle, clientName, ...r }) => ({
    ...r,
    createdAt: new Date(r.createdAt as string).toISOString(),
    project: { name: projectName, hourlyRate },
    user: { fullName: userName },
    task: r.taskId !== null ? { id: r.taskId, title: taskTitle } : null,
    client: r.clientId !== null ? { id: r.clientId, name: clientName } : null,
  }));
});

app.post('/api/auth/login', async (req, reply) => {
  const body = req.body as { email?: unknown; password?: unknown };
  if (typeof body?.email !== 'string' || typeof body.password !== 'string') {
    return reply.code(400).send({ error: 'Email and password are required' });
  }
  const ip = req.ip;
  const userAgent = req.headers['user-agent']?.slice(0, 500) ?? null;
  const email = body.email.trim().toLowerCase();
  const [found] = await db.query<{
    id: number;
    email: string;
    fullName: string;
    passwordHash: string;
    isActive: boolean;
  }>(
    'select "id", "email", "full_name" as "fullName", "password_hash" as "passwordHash", "is_active" as "isActive" from "users" where "email" = $1',
    [email],
  );
  if (!found || !found.isActive || !(await argon2.verify(found.passwordHash, body.password))) {
    return reply.code(401).send({ success: false, message: 'Invalid email or password' });
  }
  const workspaces = await db.query<{ id: number }>(
    'select "workspaces"."id" from "user_workspaces" inner join "workspaces" on "workspaces"."id" = "user_workspaces"."workspace_id" where "user_workspaces"."user_id" = $1 and "user_workspaces"."is_active" = $2 and "workspaces"."is_active" = $3 and "workspaces"."is_deleted" = $4',
    [found.id, true, true, false],
  );
  const sid = randomBytes(24).toString('base64url');
  const expires = new Date(Date.now() + MAX_AGE_MS);
  const sess = {
    cookie: { originalMaxAge: MAX_AGE_MS, expires, httpOnly: true, path: '/', sameSite: 'lax' },
    userId: found.id,
    workspaceId: workspaces.length === 1 ? workspaces[0]!.id : null,
    lastSeenAt: Date.now(),
  };
  await db.query(
    'insert into "sessions" ("sid", "sess", "expire", "user_id") values ($1, $2, $3, $4)',
    [sid, JSON.stringify(sess), expires, found.id],
  );
  await db.query('update "users" set "last_login_at" = $1 where "id" = $2', [new Date(), found.id]);
  await db.query(
    'insert into "active_sessions" ("id", "session_sid", "user_id", "device_name", "ip_address", "user_agent") values ($1, $2, $3, $4, $5, $6)',
    [randomBytes(16).toString('hex'), sid, found.id, 'Browser', ip, userAgent],
  );
  await db.query(
    'insert into "activity_logs" ("action", "user_id", "workspace_id", "details", "ip_address", "user_agent", "success") values ($1, $2, $3, $4, $5, $6, $7)',
    ['login', found.id, null, `Signed in as ${found.email}`, ip, userAgent, true],
  );
  reply.header(
    'set-cookie',
    `${COOKIE}=${encodeURIComponent(sign(sid))}; Path=/; Expires=${expires.toUTCString()}; HttpOnly; SameSite=Lax`,
  );
  return { success: true, user: { id: found.id, email: found.email, fullName: found.fullName } };
});

app.get('/api/health', async () => ({ status: 'ok' }));

const stop = async () => {
  await app.close();
  await db.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

await app.listen({ port: Number(process.env.PORT ?? 3100), host: '127.0.0.1' });
console.log(`bare server ready on ${process.env.PORT ?? 3100}`);
