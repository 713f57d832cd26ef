import { sql, type Kysely } from 'kysely';

/*
 * Recurring invoices (issue 21, item 5): a template (client, currency, lines, discount,
 * notes, payment terms) with a schedule (weekly, monthly, quarterly or yearly from a start
 * date, ending after a number of periods, on a date, or never) from which Keel creates one
 * invoice per period, left as a draft or issued and sent.
 *
 * Exactly one invoice per period: each invoice made from a template carries the template
 * and the start of its period, unique together. Whatever runs the schedule (two servers at
 * once, one killed half-way and run again), a second invoice for a period cannot exist.
 */
const statements = [
  `create table recurring_invoices (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    client_id integer not null,
    currency text not null check (currency ~ '^[A-Z]{3}$'),
    discount_type text check (discount_type in ('percent', 'amount')),
    discount_value numeric(15, 3) check (discount_value >= 0),
    notes text,
    -- Days from the issue date to the due date; null: the client's terms, else the workspace's.
    payment_terms_days integer check (payment_terms_days between 0 and 365),
    -- What each invoice comes to, computed from the lines when the template is saved.
    subtotal numeric(15, 3) not null default 0,
    total numeric(15, 3) not null default 0,
    frequency text not null check (frequency in ('weekly', 'monthly', 'quarterly', 'yearly')),
    start_date date not null,
    end_after_count integer check (end_after_count between 1 and 1000),
    end_date date,
    -- Issue each invoice and email it to the client, or leave it as a draft.
    auto_send boolean not null default false,
    status text not null default 'active' check (status in ('active', 'paused')),
    -- Periods behind us (invoiced or skipped): the next is period number period_index,
    -- starting on next_period_start (null once the schedule has ended).
    period_index integer not null default 0 check (period_index >= 0),
    -- Periods invoiced: end_after_count counts these (skipped periods do not).
    invoiced_count integer not null default 0 check (invoiced_count >= 0),
    next_period_start date,
    -- A run of the schedule working on this template until then (another run leaves it).
    claimed_until timestamptz,
    created_by integer references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint recurring_invoices_workspace_id_id_key unique (workspace_id, id),
    -- A client with invoices cannot be deleted; one with only templates takes them along.
    constraint recurring_invoices_client_fkey foreign key (workspace_id, client_id)
      references clients (workspace_id, id) on delete cascade,
    constraint recurring_invoices_end_check check (end_after_count is null or end_date is null),
    constraint recurring_invoices_end_date_check check (end_date is null or end_date >= start_date)
  )`,
  `create index recurring_invoices_workspace_id_created_at_idx
    on recurring_invoices (workspace_id, created_at desc)`,
  `create index recurring_invoices_due_idx on recurring_invoices (next_period_start)
    where status = 'active'`,
  `create index recurring_invoices_client_idx on recurring_invoices (workspace_id, client_id)`,

  `create table recurring_invoice_lines (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    recurring_invoice_id integer not null,
    position integer not null,
    description text not null,
    quantity numeric(9, 2) not null check (quantity >= 0),
    unit_price numeric(15, 3) not null check (unit_price >= 0),
    tax_rate numeric(6, 3) not null default 0 check (tax_rate between 0 and 100),
    constraint recurring_invoice_lines_workspace_id_id_key unique (workspace_id, id),
    constraint recurring_invoice_lines_template_fkey foreign key (workspace_id, recurring_invoice_id)
      references recurring_invoices (workspace_id, id) on delete cascade
  )`,
  `create index recurring_invoice_lines_template_idx
    on recurring_invoice_lines (workspace_id, recurring_invoice_id, position)`,

  // The invoice of a template's period. Deleting the template keeps its invoices.
  `alter table invoices add column recurring_invoice_id integer,
    add column recurring_period_start date,
    add constraint invoices_recurring_invoice_fkey foreign key (workspace_id, recurring_invoice_id)
      references recurring_invoices (workspace_id, id) on delete set null (recurring_invoice_id),
    add constraint invoices_recurring_period_key unique (recurring_invoice_id, recurring_period_start)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table invoices drop constraint invoices_recurring_period_key,
    drop constraint invoices_recurring_invoice_fkey,
    drop column recurring_period_start, drop column recurring_invoice_id`.execute(db);
  await sql`drop table recurring_invoice_lines`.execute(db);
  await sql`drop table recurring_invoices`.execute(db);
}
