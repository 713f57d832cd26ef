import { sql, type Kysely } from 'kysely';

/*
 * The services catalogue (issue 40, item 1): what a business sells, priced once in its
 * currency, to put on the lines of invoices, estimates and recurring invoices. A name is
 * unique (whatever its case) among the workspace's services that are not archived; an
 * archived one keeps its name and may be brought back only while no active one holds it.
 */
const statements = [
  `create table services (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    name text not null check (length(name) between 1 and 200),
    description text,
    unit text not null default 'item' check (length(unit) between 1 and 20),
    unit_price numeric(15, 3) not null check (unit_price >= 0),
    currency text not null check (currency ~ '^[A-Z]{3}$'),
    tax_rate numeric(6, 3) not null default 0 check (tax_rate between 0 and 100),
    category text check (length(category) <= 100),
    archived boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint services_workspace_id_id_key unique (workspace_id, id)
  )`,
  `create unique index services_workspace_id_active_name_key
    on services (workspace_id, lower(name)) where not archived`,
  `create index services_workspace_id_name_idx on services (workspace_id, lower(name), id)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table services`.execute(db);
}
