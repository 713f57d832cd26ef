import { sql, type Kysely } from 'kysely';

/*
 * Where each of Keel's tables goes on a Citus cluster (issue 45): the one source of truth for
 * the schema test (tests/server/citus-readiness.test.ts), and for the runbook and the query
 * checks that come after it.
 *
 * - Distributed by `workspace_id`: every table of the public schema with a `workspace_id`
 *   column that is not listed below. It is derived from the catalog (distributedTables), so a
 *   new workspace table is distributed without being listed, and the test holds it to the
 *   rule: workspace_id (not null) in its primary key, in every unique constraint and unique
 *   index, and in every foreign key to another distributed table.
 * - Reference tables: small, shared by every workspace, copied to every node so that any
 *   shard joins them locally. A reference table never has a foreign key to a distributed one.
 * - Local tables: stay on the coordinator (Citus "local tables"): per account rather than per
 *   workspace, or mixed, or the migrator's and the job queue's own. Only the application reads
 *   them, through the coordinator; a distributed table never points at one.
 */

export type Placement = 'reference' | 'local';

export interface PlacedTable {
  placement: Placement;
  /** Why the table is not distributed by workspace_id. */
  reason: string;
  /**
   * The table has a workspace_id column on purpose ('optional': it also holds rows of no
   * workspace; 'required': a reference table that maps accounts to workspaces). Absent: the
   * table has no workspace_id, and the test fails if one appears (it would then belong with
   * the distributed tables).
   */
  workspaceId?: 'optional' | 'required';
}

export const REFERENCE_TABLES = {
  workspaces: {
    placement: 'reference',
    reason:
      'The tenant table itself: one row per workspace, small, joined by every tenant table (its status, plan, time zone) and read to route a subdomain to its workspace.',
  },
  users: {
    placement: 'reference',
    reason:
      'Accounts are shared across workspaces (one person, many workspaces), looked up by email at sign-in before any workspace is known, and joined by every table that names an author or assignee.',
  },
  user_workspaces: {
    placement: 'reference',
    workspaceId: 'required',
    reason:
      'Memberships are read by account across workspaces at sign-in and on every request (which workspaces may this user open, with which role); distributed, that would ask every node. One small row per membership, rarely written, and the target of the composite foreign keys (workspace_id, user_id) of the tables that name a member, which a reference table may be.',
  },
} as const satisfies Record<string, PlacedTable>;

export const LOCAL_TABLES = {
  sessions: {
    placement: 'local',
    reason:
      'Signed-in browser sessions, per account and written on every request: a reference table would write them on every node.',
  },
  active_sessions: {
    placement: 'local',
    reason: "The account's list of its signed-in devices, beside sessions.",
  },
  api_tokens: {
    placement: 'local',
    reason:
      "An account's personal API tokens, looked up by their hash before any workspace is known.",
  },
  password_reset_tokens: {
    placement: 'local',
    reason: 'Per account, looked up by their hash before sign-in.',
  },
  two_factor_recovery_codes: {
    placement: 'local',
    reason: 'Per account, read at sign-in.',
  },
  rate_limits: {
    placement: 'local',
    reason:
      'Counters per client address or account, written on every limited request; lost rows only reset a window.',
  },
  activity_logs: {
    placement: 'local',
    workspaceId: 'optional',
    reason:
      'Mixes account events of no workspace (sign-in, sign-up, password changes) with workspace events, and the admin console reads it across workspaces. Append-only; to be split (workspace events into a distributed table) if the coordinator outgrows it.',
  },
  files: {
    placement: 'local',
    workspaceId: 'optional',
    reason:
      "Uploads owned by an account: profile photos belong to no workspace, a logo is uploaded before its workspace exists, and a file is read by its secret key alone (/api/files/{key}). Expenses keep a receipt's id without a foreign key (a distributed table may not point at a local one); the receipt goes with its expense in code. A hosted Keel keeps the bytes in object storage.",
  },
  notifications: {
    placement: 'local',
    workspaceId: 'optional',
    reason:
      "Per account: a member's bell lists the current workspace's notifications and the platform's (of no workspace) in one query.",
  },
  kysely_migration: {
    placement: 'local',
    reason: "The migrator's record of applied migrations.",
  },
  kysely_migration_lock: {
    placement: 'local',
    reason: "The migrator's lock.",
  },
} as const satisfies Record<string, PlacedTable>;

/** Every listed table by name, reference and local together. */
export const PLACED_TABLES: Readonly<Record<string, PlacedTable>> = {
  ...REFERENCE_TABLES,
  ...LOCAL_TABLES,
};

/**
 * Schemas left whole on the coordinator: the job queue (pg-boss) claims rows across
 * workspaces with SKIP LOCKED, which is what a queue does and what Citus does not distribute.
 */
export const LOCAL_SCHEMAS = {
  pgboss: 'The job queue (pg-boss): jobs of every workspace, claimed across workspaces.',
} as const;

/** The tenant column Citus distributes by. */
export const DISTRIBUTION_COLUMN = 'workspace_id';

/**
 * The tables to distribute by workspace_id, from the catalog: every base table of the public
 * schema with a workspace_id column, less the reference and local tables. In name order.
 */
export async function distributedTables(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    select c.relname as table_name
    from pg_class c
    join pg_attribute a on a.attrelid = c.oid and a.attname = ${DISTRIBUTION_COLUMN} and not a.attisdropped
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
    order by c.relname`.execute(db.withoutPlugins());
  return rows.map((r) => r.table_name).filter((table) => !(table in PLACED_TABLES));
}

/*
 * Secrets looked up before any workspace is known (a portal link, an invitation, a booking's
 * manage link, a calendar feed, a payment webhook's endpoint key) name their workspace before
 * a dot, `{workspaceId}.{secret}`, so that the lookup is filtered by one workspace (one node
 * on Citus) and the uniqueness of the secret is per workspace. base64url has no dot, so a
 * token issued before tokens named their workspace (the secret alone) is told apart, and is
 * still looked up by the secret alone.
 */
const SCOPED_TOKEN = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{20,100})$/;

/** `{workspaceId}.{secret}`. */
export function scopedToken(workspaceId: number, secret: string): string {
  return `${workspaceId}.${secret}`;
}

/** The workspace a token names, or null for anything else (an older token among them). */
export function workspaceOfToken(token: string): number | null {
  const match = SCOPED_TOKEN.exec(token);
  return match ? Number(match[1]) : null;
}
