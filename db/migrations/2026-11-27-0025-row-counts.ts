import { sql, type Kysely } from 'kysely';

/*
 * How many contacts each workspace has, kept by the database as rows come and go, so that an
 * unfiltered contacts page answers its total from one row instead of counting the workspace's
 * rows on every page (issue 16: at 10,000 contacts the count was most of a page's cost on
 * PostgreSQL, and a 50-row page should cost about the same at 10,000 rows as at 50).
 *
 * Statement-level triggers with transition tables add one update per statement whatever its
 * size (an import of 500 rows is one), and run in the writer's transaction: a rolled-back
 * import changes no count, and concurrent writers in one workspace queue on its row, so the
 * count is exact. No foreign key to workspaces: deleting a workspace deletes its contacts
 * first (cascade), and the delete trigger must still find nothing to break; the workspace's
 * own delete then removes its counts. Only updates on delete, never inserts, for the same
 * reason. Counts of other tables can be added the same way (table_name).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table row_counts (
      workspace_id integer not null,
      table_name text not null,
      n bigint not null default 0 check (n >= 0),
      primary key (workspace_id, table_name)
    )`.execute(db);
  await sql`
    create function row_counts_added() returns trigger language plpgsql as $$
    begin
      insert into row_counts (workspace_id, table_name, n)
        select workspace_id, TG_TABLE_NAME, count(*) from added group by workspace_id
        on conflict (workspace_id, table_name) do update set n = row_counts.n + excluded.n;
      return null;
    end $$`.execute(db);
  await sql`
    create function row_counts_removed() returns trigger language plpgsql as $$
    begin
      update row_counts c set n = c.n - r.removed
        from (select workspace_id, count(*) as removed from removed group by workspace_id) r
        where c.workspace_id = r.workspace_id and c.table_name = TG_TABLE_NAME;
      return null;
    end $$`.execute(db);
  await sql`
    create function row_counts_forget_workspace() returns trigger language plpgsql as $$
    begin
      delete from row_counts where workspace_id = old.id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger persons_counted_added after insert on persons
      referencing new table as added for each statement execute function row_counts_added()`.execute(
    db,
  );
  await sql`
    create trigger persons_counted_removed after delete on persons
      referencing old table as removed for each statement execute function row_counts_removed()`.execute(
    db,
  );
  await sql`
    create trigger workspaces_forget_counts after delete on workspaces
      for each row execute function row_counts_forget_workspace()`.execute(db);
  await sql`
    insert into row_counts (workspace_id, table_name, n)
      select workspace_id, 'persons', count(*) from persons group by workspace_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger workspaces_forget_counts on workspaces`.execute(db);
  await sql`drop trigger persons_counted_removed on persons`.execute(db);
  await sql`drop trigger persons_counted_added on persons`.execute(db);
  await sql`drop function row_counts_forget_workspace()`.execute(db);
  await sql`drop function row_counts_removed()`.execute(db);
  await sql`drop function row_counts_added()`.execute(db);
  await sql`drop table row_counts`.execute(db);
}
