/**
 * The yardstick for the server benchmark: a bare Fastify server answering the benchmarked
 * requests with the same SQL Keel runs (see `bench/trace.ts`) and the same session lookup
 * (signed cookie → sessions row → active user with their membership of a live workspace),
 * but no tRPC, no Kysely, no zod, no plugins. Whatever Keel spends above this is overhead.
 *
 *   DATABASE_URL=… | DATA_DIR=…  SESSION_SECRET=…  PORT=…  tsx bench/bare.ts
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import argon2 from 'argon2';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import pg from 'pg';

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
  const [session] = await db.remembered<{
    sess: { userId?: number; workspaceId?: number };
    expire: Date;
  }>('select "sess", "expire" from "sessions" where "sid" = $1', [sid]);
  const userId = session && session.expire.getTime() > Date.now() ? session.sess.userId : undefined;
  if (!userId) return void reply.code(401).send({ error: 'Not authenticated' });
  const workspaceId = session!.sess.workspaceId ?? null;
  // Keel's caller statement: the active user and their membership, in one.
  const [row] = await db.remembered<{
    role: string | null;
    id: number | null;
    is_active: boolean;
  }>(
    `select "users"."id" as "user_id", "users"."email" as "user_email", "users"."full_name" as "user_full_name", "users"."is_admin" as "user_is_admin", "users"."profile_image_url" as "user_profile_image_url", "user_workspaces"."role", "workspaces"."id", "workspaces"."name", "workspaces"."subdomain" as "slug", "workspaces"."description", "workspaces"."email", "workspaces"."phone", "workspaces"."website", "workspaces"."address", "workspaces"."logo_url", "workspaces"."subscription_tier", "workspaces"."is_active", "workspaces"."is_deleted", "workspaces"."deleted_at", "workspaces"."scheduled_deletion_at", "workspaces"."created_at", "workspaces"."updated_at" from "users" left join "user_workspaces" on "user_workspaces"."user_id" = "users"."id" and "user_workspaces"."workspace_id" = $1 and "user_workspaces"."is_active" = $2 left join "workspaces" on "workspaces"."id" = "user_workspaces"."workspace_id" and "workspaces"."is_deleted" = $3 where "users"."id" = $4 and "users"."is_active" = $5`,
    [workspaceId, true, false, userId, true],
  );
  if (!row) return void reply.code(401).send({ error: 'Not authenticated' });
  const membership = row.role !== null && row.id !== null ? { isActive: row.is_active } : undefined;
  if (!membership) return void reply.code(404).send({ error: 'No workspace selected' });
  if (!membership.isActive) return void reply.code(403).send({ error: 'Suspended' });
  return { userId, workspaceId: workspaceId! };
}

interface PersonRow {
  id: number;
  fullName: string;
  email: string | null;
  phone: string | null;
  jobTitle: string | null;
  companyId: number | null;
  companyName: string | null;
  assignedUserId: number | null;
  status: string;
  notes: string | null;
  lastContact: Date | null;
  createdAt: Date;
}

const PERSON_COLUMNS = `"p"."id", "p"."full_name" as "fullName", "p"."email", "p"."phone", "p"."job_title" as "jobTitle", "p"."company_id" as "companyId", "o"."name" as "companyName", "p"."assigned_user_id" as "assignedUserId", "p"."status", "p"."notes", "p"."last_contact" as "lastContact", "p"."created_at" as "createdAt" from "persons" as "p" left join "organizations" as "o" on "o"."workspace_id" = "p"."workspace_id" and "o"."id" = "p"."company_id"`;

function toPerson({ companyName, ...r }: PersonRow) {
  return {
    ...r,
    company:
      r.companyId !== null && companyName !== null ? { id: r.companyId, name: companyName } : null,
    lastContact: iso(r.lastContact),
    createdAt: iso(r.createdAt),
  };
}

function pattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

app.get('/api/persons', async (req, reply) => {
  const who = await caller(req, reply);
  if (!who) return reply;
  const q = req.query as { limit?: string; offset?: string; search?: string };
  const limit = Math.min(500, Math.max(1, Number(q.limit ?? 50)));
  const search = q.search?.trim();
  const params: unknown[] = [who.workspaceId];
  let where = '"p"."workspace_id" = $1';
  if (search) {
    params.push(pattern(search));
    where += ' and "p"."search_text" like lower($2)';
  }
  const [rows, count] = await Promise.all([
    db.query<PersonRow>(
      `select ${PERSON_COLUMNS} where ${where} order by "p"."created_at" desc, "p"."id" desc limit $${params.length + 1}`,
      [...params, limit],
    ),
    // As Keel: unfiltered, the database's own count (migration 0025); filtered, counted.
    db.remembered<{ total: number }>(
      search
        ? `select count(*)::int as "total" from "persons" as "p" where ${where}`
        : `select coalesce((select "n" from "row_counts" where "workspace_id" = $1 and "table_name" = 'persons'), 0)::int as "total"`,
      params,
    ),
  ]);
  reply.header('x-total-count', String(count[0]!.total));
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
  const [inserted] = await db.query<{ id: number }>(
    'insert into "persons" ("full_name", "email", "workspace_id") values ($1, $2, $3) returning "id"',
    [body.fullName.trim(), email, who.workspaceId],
  );
  const [row] = await db.query<PersonRow>(
    `select ${PERSON_COLUMNS} where "p"."workspace_id" = $1 and "p"."id" = $2`,
    [who.workspaceId, inserted!.id],
  );
  return reply.code(201).send(toPerson(row!));
});

app.get('/api/leads', async (req, reply) => {
  const who = await caller(req, reply);
  if (!who) return reply;
  const q = req.query as { limit?: string };
  const limit = Math.min(500, Math.max(1, Number(q.limit ?? 50)));
  // As Keel (pipeline.repository.ts): the page comes as one JSON array.
  const [{ rows }] = (await db.query<{ rows: Record<string, unknown>[] }>(
    `select coalesce(json_agg(page order by page."createdAt" desc, page.id desc), '[]') as rows from (select "l"."id", "l"."deal_name" as "dealName", "l"."stage", l.value::text as "value", "l"."description", "l"."probability", "l"."close_date" as "closeDate", "l"."last_contact" as "lastContact", "l"."created_at" as "createdAt", "l"."person_id" as "personId", "l"."company_id" as "companyId", "l"."assigned_user_id" as "assignedUserId", "p"."full_name" as "personName", "p"."email" as "personEmail", "o"."name" as "companyName", "u"."full_name" as "ownerName", coalesce(uw.is_active and u.is_active, false) as "ownerActive" from "leads" as "l" left join "persons" as "p" on "p"."workspace_id" = "l"."workspace_id" and "p"."id" = "l"."person_id" left join "organizations" as "o" on "o"."workspace_id" = "l"."workspace_id" and "o"."id" = "l"."company_id" left join "user_workspaces" as "uw" on "uw"."workspace_id" = "l"."workspace_id" and "uw"."user_id" = "l"."assigned_user_id" left join "users" as "u" on "u"."id" = "uw"."user_id" where "l"."workspace_id" = $1 order by "l"."created_at" desc, "l"."id" desc limit $2) as page`,
    [who.workspaceId, limit],
  )) as [{ rows: Record<string, unknown>[] }];
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
const TIME_FROM = `from "time_entries" as "te" inner join "projects" as "pr" on "pr"."workspace_id" = "te"."workspace_id" and "pr"."id" = "te"."project_id" inner join "users" as "u" on "u"."id" = "te"."user_id" left join "tasks" as "tk" on "tk"."workspace_id" = "te"."workspace_id" and "tk"."id" = "te"."task_id" left join "clients" as "c" on "c"."workspace_id" = "pr"."workspace_id" and "c"."id" = "pr"."client_id"`;

app.get('/api/time-entries', async (req, reply) => {
  const who = await caller(req, reply);
  if (!who) return reply;
  const q = req.query as { limit?: string; from?: string; to?: string };
  const limit = Math.min(500, Math.max(1, Number(q.limit ?? 500)));
  const params: unknown[] = [who.workspaceId];
  let where = '"te"."workspace_id" = $1';
  if (q.from) {
    params.push(q.from);
    where += ` and "te"."date" >= $${params.length}`;
  }
  if (q.to) {
    params.push(q.to);
    where += ` and "te"."date" <= $${params.length}`;
  }
  const [rows, sums] = await Promise.all([
    db.query<Record<string, unknown>>(
      `select "te"."id", "te"."project_id" as "projectId", "te"."task_id" as "taskId", "tk"."title" as "taskTitle", "pr"."client_id" as "clientId", "c"."name" as "clientName", "te"."user_id" as "userId", "te"."description", "te"."hours", "te"."date", "te"."is_timer" as "isTimer", "te"."rate", "te"."cost_rate" as "costRate", "te"."invoice_id" as "invoiceId", "te"."created_at" as "createdAt", "pr"."name" as "projectName", "pr"."hourly_rate" as "hourlyRate", "u"."full_name" as "userName" ${TIME_FROM} where ${where} order by "te"."date" desc, "te"."created_at" desc, "te"."id" desc limit $${params.length + 1}`,
      [...params, limit],
    ),
    db.remembered<{ total: number; totalHours: string; totalAmount: string }>(
      `select count(*)::int as "total", coalesce(sum(te.hours), 0)::numeric(14, 2)::text as "totalHours", coalesce(sum(round(te.hours * te.rate, 2)), 0)::numeric(16, 2)::text as "totalAmount" ${TIME_FROM} where ${where}`,
      params,
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
