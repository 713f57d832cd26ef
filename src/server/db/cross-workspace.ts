import { sql, type Expression, type RawBuilder } from 'kysely';

/*
 * The statements that read or write several workspaces' rows on purpose (issue 45). On a
 * Citus cluster every other statement on a workspace table is filtered by one workspace_id
 * (so it goes to one node), and joins between workspace tables are on equal workspace ids;
 * the integration suites check that of every statement they run
 * (tests/support/workspace-queries.ts). A statement outside that rule carries a marker,
 * `/* cross-workspace: <key> *\/`, put there by `crossWorkspace(key)` at its call site: this
 * list is the set of keys and why each is allowed, reviewed like code. The check fails on a
 * marker whose key is not here, and on a marked statement that needs no marker (it is
 * filtered by one workspace after all), so the list stays the statements that need it.
 *
 * Not listed because not checked: migrations (the suites migrate their template database
 * before any recording), statements other than SELECT/INSERT/UPDATE/DELETE (ANALYZE, VACUUM,
 * DDL), the job queue's own tables (schema pgboss, local), and reference and local tables
 * (tenancy.ts), which any statement may read whole.
 */
export const CROSS_WORKSPACE = {
  'admin-console': {
    reason:
      'The platform administrator console lists and counts across every workspace (workspaces, members, usage): asking every node is what it is for, and it is rare.',
  },
  housekeeping: {
    reason:
      'Housekeeping finds the workspaces and rows to purge or expire across every workspace (one sweep a day), then works one workspace at a time.',
  },
  'job-sweep': {
    reason:
      'Scheduled jobs (reminders, recurring invoices, expiries) find the due rows of every workspace in one sweep, then handle each row in its own workspace.',
  },
  'legacy-token': {
    reason:
      'A secret issued before tokens named their workspace (`{workspaceId}.{secret}`, tenancy.ts) is looked up by the secret alone: the workspace is not known yet.',
  },
} as const satisfies Record<string, { reason: string }>;

export type CrossWorkspaceKey = keyof typeof CROSS_WORKSPACE;

/** The marker a cross-workspace statement carries; the check reads it from the SQL text. */
export function crossWorkspaceMarker(key: CrossWorkspaceKey): RawBuilder<unknown> {
  return sql.raw(`/* cross-workspace: ${key} */`);
}

/** Matches a marker in a statement's text; the key is group 1. */
export const CROSS_WORKSPACE_MARKER = /\/\* cross-workspace: ([a-z0-9-]+) \*\//g;

/**
 * Marks a query builder's statement as cross-workspace on purpose: `.$call(crossWorkspace(key))`.
 * The marker is a comment at the statement's end, so it changes nothing the database does.
 */
export function crossWorkspace(key: CrossWorkspaceKey) {
  return <QB extends { modifyEnd(modifier: Expression<any>): QB }>(qb: QB): QB =>
    qb.modifyEnd(crossWorkspaceMarker(key));
}
