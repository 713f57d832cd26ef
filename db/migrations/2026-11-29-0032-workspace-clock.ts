import { sql, type Kysely } from 'kysely';

/*
 * The workspace's clock (issue 38, item 5): beside its time zone, the date and time format
 * its documents, emails and portal use, so a client reads one format whoever of the team
 * sent the invoice. Existing workspaces take their owner's preferences, as their time zone
 * did; a workspace without an owner keeps the SPEC's defaults (MM/DD/YYYY, 12-hour).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table business_profiles
    add column date_format text not null default 'MM/DD/YYYY'
      check (date_format in ('MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD')),
    add column time_format text not null default '12h'
      check (time_format in ('12h', '24h'))`.execute(db);
  await sql`update business_profiles bp
    set date_format = u.date_format, time_format = u.time_format
    from user_workspaces uw join users u on u.id = uw.user_id
    where uw.workspace_id = bp.workspace_id and uw.role = 'owner'
      and u.date_format in ('MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD')
      and u.time_format in ('12h', '24h')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table business_profiles drop column date_format, drop column time_format`.execute(
    db,
  );
}
