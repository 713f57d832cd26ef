import { sql, type Kysely } from 'kysely';

/*
 * A business profile for every workspace. Until now a workspace made after the invoice engine
 * got its profile on the first read of it, so a GET could write (and could not be served by a
 * read replica, issue 45). Workspaces now get theirs when they are made (createWorkspace);
 * this gives one to every workspace that has none yet, as createWorkspace's ensureProfile
 * would: its clock (time zone, date and time formats) from its first owner, else UTC and the
 * defaults.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    insert into business_profiles (workspace_id, legal_name, address, timezone, date_format, time_format)
    select w.id, w.name, w.address,
      coalesce(owner.timezone, 'UTC'),
      coalesce(owner.date_format, 'MM/DD/YYYY'),
      coalesce(owner.time_format, '12h')
    from workspaces w
    left join lateral (
      select u.timezone, u.date_format, u.time_format
      from user_workspaces uw
      join users u on u.id = uw.user_id
      where uw.workspace_id = w.id and uw.role = 'owner'
      order by uw.id
      limit 1
    ) owner on true
    where not exists (select 1 from business_profiles b where b.workspace_id = w.id)
    on conflict (workspace_id) do nothing`.execute(db);
}

/** The profiles stay: they hold what the users have typed since. */
export async function down(): Promise<void> {}
