import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type {
  AdminInvitationSort,
  AdminUserSort,
  AdminWorkspaceSort,
} from '../../../shared/admin.schema.ts';
import { SYSTEM_ACTOR_NAME, type Actor } from '../../../shared/activity.ts';
import type { ListQuery } from '../../../shared/list.schema.ts';
import { splitFullName } from '../../../shared/team.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { crossWorkspace, crossWorkspaceMarker } from '../../db/cross-workspace.ts';
import { keysetBatches, type RowExport } from '../../db/export-batches.ts';
import { containsPattern, iso, pageWithTotal, paginate, sortedBy } from '../../db/search.ts';
import { membersOf } from '../team/team.repository.ts';

const count = sql<number>`count(*)::int`;

// Users

function usersQuery(db: Database, search?: string) {
  let q = db.selectFrom('users as u');
  if (search) {
    const pattern = containsPattern(search);
    q = q.where((eb) =>
      eb.or([eb('u.fullName', 'ilike', pattern), eb('u.email', 'ilike', pattern)]),
    );
  }
  return q;
}

const USER_SORT_COLUMNS = {
  createdAt: sql`u.created_at`,
  fullName: sql`lower(u.full_name)`,
  email: sql`lower(u.email)`,
};

/** Every account with its workspaces, in `sort`'s order (newest first by default). */
export async function listUsers(db: Database, query: ListQuery & { sort?: AdminUserSort }) {
  const ordered = <Q extends { orderBy(expression: RawBuilder<unknown>): Q }>(q: Q) =>
    sortedBy(q, query.sort ?? '-createdAt', USER_SORT_COLUMNS, sql`u.id`);
  const rows = await paginate(
    ordered(
      usersQuery(db, query.search).select([
        'u.id',
        'u.fullName',
        'u.email',
        'u.isActive',
        'u.isAdmin',
        'u.createdAt',
        'u.profileImageUrl',
        'u.lastLoginAt',
        sql<boolean>`u.two_factor_enabled_at is not null`.as('twoFactorEnabled'),
      ]),
    ),
    query,
  ).execute();
  const { total } = await usersQuery(db, query.search)
    .select(count.as('total'))
    .executeTakeFirstOrThrow();
  const ids = rows.map((r) => r.id);
  const memberships = ids.length
    ? await db
        .selectFrom('userWorkspaces as uw')
        .innerJoin('workspaces as w', 'w.id', 'uw.workspaceId')
        .select(['uw.userId', 'w.id', 'w.name', 'uw.role'])
        .where('uw.userId', 'in', ids)
        .orderBy('w.name')
        .execute()
    : [];
  const items = rows.map((r) => ({
    ...r,
    ...splitFullName(r.fullName),
    createdAt: iso(r.createdAt),
    lastLoginAt: iso(r.lastLoginAt),
    role: r.isAdmin ? ('admin' as const) : ('user' as const),
    workspaces: memberships
      .filter((m) => m.userId === r.id)
      .map(({ id, name, role }) => ({ id, name, role })),
  }));
  return { items, total };
}

export async function userExists(db: Database, id: number) {
  return (
    (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined
  );
}

// Workspaces

function workspacesQuery(db: Database, search?: string) {
  let q = db
    .selectFrom('workspaces as w')
    .leftJoin('userWorkspaces as ow', (j) =>
      j.onRef('ow.workspaceId', '=', 'w.id').on('ow.role', '=', 'owner'),
    )
    .leftJoin('users as owner', 'owner.id', 'ow.userId');
  if (search) {
    const pattern = containsPattern(search);
    q = q.where((eb) =>
      eb.or([eb('w.name', 'ilike', pattern), eb('owner.fullName', 'ilike', pattern)]),
    );
  }
  return q;
}

function selectWorkspace(db: Database, search?: string) {
  return workspacesQuery(db, search).select((eb) => [
    'w.id',
    'w.name',
    'w.subdomain as slug',
    'w.email',
    'w.logoUrl',
    'owner.fullName as ownerName',
    'w.createdAt',
    'w.subscriptionTier',
    'w.isActive',
    'w.isDeleted',
    eb
      .selectFrom('userWorkspaces as m')
      .select(count.as('n'))
      .whereRef('m.workspaceId', '=', 'w.id')
      .as('userCount'),
  ]);
}

type WorkspaceRow = Awaited<ReturnType<ReturnType<typeof selectWorkspace>['execute']>>[number];
const toWorkspace = (r: WorkspaceRow) => ({
  ...r,
  createdAt: iso(r.createdAt),
  userCount: r.userCount ?? 0,
});

const WORKSPACE_SORT_COLUMNS = {
  createdAt: sql`w.created_at`,
  name: sql`lower(w.name)`,
  // The selected count, by its output name (an ORDER BY may name a column of the answer).
  userCount: sql.ref('userCount'),
};

export async function listWorkspaces(
  db: Database,
  query: ListQuery & { sort?: AdminWorkspaceSort },
) {
  const rows = await paginate(
    sortedBy(
      selectWorkspace(db, query.search),
      query.sort ?? '-createdAt',
      WORKSPACE_SORT_COLUMNS,
      sql`w.id`,
    ),
    query,
  ).execute();
  const { total } = await workspacesQuery(db, query.search)
    .select(count.as('total'))
    .executeTakeFirstOrThrow();
  return { items: rows.map(toWorkspace), total };
}

export async function findWorkspace(db: Database, id: number) {
  const row = await selectWorkspace(db).where('w.id', '=', id).executeTakeFirst();
  return row && toWorkspace(row);
}

export async function listWorkspaceUsers(db: Database, workspaceId: number) {
  const rows = await membersOf(db, workspaceId)
    .select([
      'u.id',
      'u.fullName',
      'u.email',
      'uw.role',
      'uw.joinedAt',
      'uw.isActive',
      'u.isActive as accountActive',
    ])
    .orderBy('u.fullName')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    ...splitFullName(r.fullName),
    email: r.email,
    role: r.role,
    joinedAt: iso(r.joinedAt),
    isActive: r.isActive && r.accountActive,
  }));
}

export async function setWorkspaceActive(db: Database, id: number, isActive: boolean) {
  const result = await db
    .updateTable('workspaces')
    .set({ isActive, updatedAt: new Date() })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Adds the user to the workspace with the role, or changes the role they have there. */
export async function upsertMembership(
  db: Database,
  userId: number,
  workspaceId: number,
  role: string,
) {
  await db
    .insertInto('userWorkspaces')
    .values({ userId, workspaceId, role })
    .onConflict((oc) => oc.columns(['workspaceId', 'userId']).doUpdateSet({ role, isActive: true }))
    .execute();
}

// Invitations

const INVITATION_SORT_COLUMNS = {
  createdAt: sql`it.created_at`,
  email: sql`lower(it.email)`,
  workspaceName: sql`lower(w.name)`,
};

export async function listInvitations(
  db: Database,
  query: ListQuery & { sort?: AdminInvitationSort },
) {
  const { sort = '-createdAt' } = query;
  let q = db
    .selectFrom('invitationTokens as it')
    .innerJoin('workspaces as w', 'w.id', 'it.workspaceId')
    .leftJoin('users as inviter', 'inviter.id', 'it.invitedBy')
    .select([
      'it.id',
      'it.email',
      'w.name as workspaceName',
      'it.role',
      'inviter.fullName as invitedByName',
      'it.createdAt',
      'it.expiresAt',
      'it.used',
      'it.voidedAt',
    ])
    .$call(crossWorkspace('admin-console'));
  if (query.search) {
    const pattern = containsPattern(query.search);
    q = q.where((eb) => eb.or([eb('it.email', 'ilike', pattern), eb('w.name', 'ilike', pattern)]));
  }
  const { rows, total } = await pageWithTotal(
    db,
    sortedBy(q, sort, INVITATION_SORT_COLUMNS, sql`it.id`),
    query,
    // Newest first, a large page's slices continue after the last row read; the other
    // orders read them by offset.
    sort === '-createdAt'
      ? (id) =>
          sql<SqlBool>`(it.created_at, it.id) < (select a.created_at, a.id from invitation_tokens a where a.id = ${id})`
      : undefined,
  );
  const items = rows.map((r) => ({
    ...r,
    createdAt: iso(r.createdAt),
    expiresAt: iso(r.expiresAt),
    voidedAt: iso(r.voidedAt),
  }));
  return { items, total };
}

/** An invitation by its id alone: the console's list spans every workspace. */
export async function findInvitation(db: Database, id: number) {
  return db
    .selectFrom('invitationTokens as it')
    .innerJoin('workspaces as w', 'w.id', 'it.workspaceId')
    .select([
      'it.id',
      'it.workspaceId',
      'it.email',
      'it.fullName',
      'it.role',
      'it.used',
      'it.voidedAt',
      'w.name as workspaceName',
    ])
    .where('it.id', '=', id)
    .$call(crossWorkspace('admin-console'))
    .executeTakeFirst();
}

export async function renewInvitation(
  db: Database,
  workspaceId: number,
  id: number,
  tokenHash: string,
  expiresAt: Date,
) {
  await db
    .updateTable('invitationTokens')
    .set({ token: tokenHash, expiresAt })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .execute();
}

export async function deleteInvitation(db: Database, workspaceId: number, id: number) {
  await db
    .deleteFrom('invitationTokens')
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .execute();
}

// Activity logs

export interface LogFilter extends ListQuery {
  action?: string;
  userId?: number;
  success?: boolean;
}

function logsQuery(db: Database, filter: Omit<LogFilter, 'limit' | 'offset'>) {
  let q = db.selectFrom('activityLogs as l').leftJoin('users as u', 'u.id', 'l.userId');
  if (filter.action) q = q.where('l.action', '=', filter.action);
  if (filter.userId !== undefined) q = q.where('l.userId', '=', filter.userId);
  if (filter.success !== undefined) q = q.where('l.success', '=', filter.success);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    q = q.where((eb) =>
      eb.or([
        eb('l.details', 'ilike', pattern),
        eb('u.fullName', 'ilike', pattern),
        eb('u.email', 'ilike', pattern),
      ]),
    );
  }
  return q;
}

export async function listLogs(db: Database, filter: LogFilter) {
  const rows = await paginate(
    logsQuery(db, filter)
      .select([
        'l.id',
        'l.createdAt',
        'u.fullName as userName',
        'l.userId',
        'l.actor',
        'l.action',
        'l.details',
        'l.ipAddress',
        'l.success',
      ])
      .orderBy('l.createdAt', 'desc')
      .orderBy('l.id', 'desc'),
    filter,
  ).execute();
  const { total } = await logsQuery(db, filter).select(count.as('total')).executeTakeFirstOrThrow();
  return {
    items: rows.map(({ createdAt, actor, ...r }) => ({
      ...r,
      actor: actor as Actor,
      timestamp: iso(createdAt),
    })),
    total,
  };
}

/** Removes log rows older than the retention period; safe on every server. */
const LOG_EXPORT_COLUMNS = ['Time', 'User', 'Action', 'Details', 'IP Address', 'Status'] as const;

/** The activity log CSV with the list's filters, newest first (by id, its batches' key). */
export function logsForExport(
  db: Database,
  filter: Omit<LogFilter, 'limit' | 'offset'>,
): RowExport {
  const read = (after: { id: number } | undefined, size: number) => {
    let query = logsQuery(db, filter).select([
      'l.id',
      'l.createdAt',
      'u.fullName as userName',
      'l.action',
      'l.details',
      'l.ipAddress',
      'l.success',
    ]);
    if (after) query = query.where('l.id', '<', after.id);
    return query.orderBy('l.id', 'desc').limit(size).execute();
  };
  return {
    columns: LOG_EXPORT_COLUMNS,
    batches: async function* () {
      for await (const rows of keysetBatches(read)) {
        yield rows.map((l) => ({
          Time: iso(l.createdAt),
          User: l.userName ?? SYSTEM_ACTOR_NAME,
          Action: l.action,
          Details: l.details ?? '',
          'IP Address': l.ipAddress ?? '',
          Status: l.success ? 'Success' : 'Failed',
        }));
      }
    },
  };
}

export async function purgeOldLogs(db: Database, retentionDays: number) {
  const result = await db
    .deleteFrom('activityLogs')
    .where('createdAt', '<', sql<Date>`now() - make_interval(days => ${retentionDays})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

// Dashboard

export async function platformCounts(db: Database) {
  const { rows } = await sql<{
    totalUsers: number;
    workspaces: number;
    pendingInvites: number;
    actionsToday: number;
    activeSessions: number;
  }>`
    select
      (select count(*)::int from users) as "totalUsers",
      (select count(*)::int from workspaces where not is_deleted) as workspaces,
      (select count(*)::int from invitation_tokens where not used and voided_at is null and expires_at > now()) as "pendingInvites",
      (select count(*)::int from activity_logs where created_at >= date_trunc('day', now())) as "actionsToday",
      (select count(*)::int from sessions where expire > now() and user_id is not null) as "activeSessions"
    ${crossWorkspaceMarker('admin-console')}
  `.execute(db.withoutPlugins());
  return rows[0]!;
}
