import { sql, type Kysely } from 'kysely';

/*
 * What Keel adds to the original's money loop: a running timer kept on the server, time
 * entries marked as billed by the invoice that charged them, and proposals stored for real.
 */
const statements = [
  `create table timers (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    user_id integer not null references users (id) on delete cascade,
    project_id integer not null,
    -- Seconds banked by earlier runs; running since started_at when it is set.
    elapsed_seconds integer not null default 0 check (elapsed_seconds >= 0),
    started_at timestamptz,
    created_at timestamptz not null default now(),
    constraint timers_workspace_id_id_key unique (workspace_id, id),
    constraint timers_workspace_id_user_id_key unique (workspace_id, user_id),
    constraint timers_project_fkey foreign key (workspace_id, project_id)
      references projects (workspace_id, id) on delete cascade
  )`,

  `alter table time_entries add column invoice_id integer`,
  `alter table time_entries add constraint time_entries_invoice_fkey
    foreign key (workspace_id, invoice_id) references invoices (workspace_id, id) on delete set null (invoice_id)`,
  `create index time_entries_workspace_id_invoice_id_idx on time_entries (workspace_id, invoice_id)`,
  `create index invoices_workspace_id_due_date_idx on invoices (workspace_id, due_date)`,

  `create table proposals (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    title text not null,
    client_name text not null,
    description text not null,
    amount numeric(10, 2) not null check (amount >= 0),
    status text not null default 'draft'
      check (status in ('draft', 'sent', 'viewed', 'accepted', 'rejected')),
    due_date date,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint proposals_workspace_id_id_key unique (workspace_id, id)
  )`,
  `create index proposals_workspace_id_created_at_idx on proposals (workspace_id, created_at desc)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table proposals`.execute(db);
  await sql`drop index invoices_workspace_id_due_date_idx`.execute(db);
  await sql`alter table time_entries drop column invoice_id`.execute(db);
  await sql`drop table timers`.execute(db);
}
