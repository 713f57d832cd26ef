import { sql, type Kysely } from 'kysely';

/*
 * The invoice engine (issue 18): a business profile per workspace (seller details and the
 * invoice number sequence), clients with billing details, invoices with lines, discounts,
 * taxes, currencies, payments and frozen seller and buyer copies, and the rate stored on
 * each time entry so that billed time never changes price.
 *
 * Money of invoices is numeric(15, 3): up to 999,999,999,999.999, three decimals because
 * some currencies have them (KWD, BHD, …); the service answers as many decimals as the
 * currency has. Sums (project totals, dashboard) are unbounded numeric.
 */
const statements = [
  `create table business_profiles (
    workspace_id integer primary key references workspaces (id) on delete cascade,
    legal_name text,
    address text,
    tax_id text,
    currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
    default_hourly_rate numeric(10, 2) not null default 120 check (default_hourly_rate >= 0),
    payment_terms_days integer not null default 30 check (payment_terms_days between 0 and 365),
    payment_instructions text,
    invoice_prefix text not null default 'INV-',
    -- The number the next issued invoice gets; taken and moved on in the issuing
    -- transaction (UPDATE … RETURNING), so numbers have no gaps and no repeats.
    next_invoice_number integer not null default 1
      check (next_invoice_number between 1 and 999999999),
    invoice_footer text,
    timezone text not null default 'UTC',
    updated_at timestamptz not null default now()
  )`,
  `insert into business_profiles (workspace_id, legal_name, address)
    select id, name, address from workspaces`,

  `alter table clients
    add column contact_name text,
    add column address text,
    add column tax_id text,
    add column currency text check (currency ~ '^[A-Z]{3}$'),
    add column payment_terms_days integer check (payment_terms_days between 0 and 365),
    add column organization_id integer,
    add constraint clients_organization_fkey foreign key (workspace_id, organization_id)
      references organizations (workspace_id, id) on delete set null (organization_id)`,
  `create index clients_workspace_id_organization_id_idx on clients (workspace_id, organization_id)`,

  // Time: the rate is stored on each entry when it is logged.
  `alter table time_entries add column rate numeric(10, 2)`,
  `update time_entries te set rate = p.hourly_rate from projects p
    where p.workspace_id = te.workspace_id and p.id = te.project_id`,
  `alter table time_entries alter column rate set not null,
    add constraint time_entries_rate_check check (rate >= 0)`,
  `alter table projects alter column total_hours type numeric(14, 2),
    alter column total_amount type numeric(20, 2)`,

  // Invoices: drafts have no number until they are issued.
  `alter table invoices alter column invoice_number drop not null,
    alter column amount type numeric(15, 3),
    add column currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
    add column issue_date date,
    add column discount_type text check (discount_type in ('percent', 'amount')),
    add column discount_value numeric(15, 3) check (discount_value >= 0),
    add column subtotal numeric(15, 3) not null default 0,
    add column discount_total numeric(15, 3) not null default 0,
    add column tax_total numeric(15, 3) not null default 0,
    add column paid_total numeric(15, 3) not null default 0,
    add column notes text,
    add column seller jsonb,
    add column buyer jsonb,
    add column issued_at timestamptz,
    add column voided_at timestamptz,
    add column void_reason text,
    add column updated_at timestamptz not null default now()`,
  `alter table invoices drop constraint invoices_status_check`,
  `alter table invoices add constraint invoices_status_check
    check (status in ('draft', 'sent', 'viewed', 'paid', 'overdue', 'void'))`,

  `create table invoice_lines (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    invoice_id integer not null,
    position integer not null,
    description text not null,
    quantity numeric(9, 2) not null check (quantity >= 0),
    unit_price numeric(15, 3) not null check (unit_price >= 0),
    tax_rate numeric(6, 3) not null default 0 check (tax_rate between 0 and 100),
    amount numeric(15, 3) not null,
    discount numeric(15, 3) not null default 0,
    constraint invoice_lines_workspace_id_id_key unique (workspace_id, id),
    constraint invoice_lines_invoice_fkey foreign key (workspace_id, invoice_id)
      references invoices (workspace_id, id) on delete cascade
  )`,
  `create index invoice_lines_invoice_idx on invoice_lines (workspace_id, invoice_id, position)`,

  `create table invoice_payments (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    invoice_id integer not null,
    amount numeric(15, 3) not null check (amount > 0),
    date date not null,
    method text not null,
    note text,
    created_by integer references users (id) on delete set null,
    created_at timestamptz not null default now(),
    constraint invoice_payments_workspace_id_id_key unique (workspace_id, id),
    constraint invoice_payments_invoice_fkey foreign key (workspace_id, invoice_id)
      references invoices (workspace_id, id) on delete cascade
  )`,
  `create index invoice_payments_invoice_idx on invoice_payments (workspace_id, invoice_id)`,
  `create index invoice_payments_workspace_id_date_idx on invoice_payments (workspace_id, date)`,

  // Which line billed an entry: removing the line from a draft frees its time.
  `alter table time_entries add column invoice_line_id integer,
    add constraint time_entries_invoice_line_fkey foreign key (workspace_id, invoice_line_id)
      references invoice_lines (workspace_id, id) on delete set null (invoice_line_id)`,

  // Existing invoices become one line each and keep their numbers; those marked paid
  // get the payment that settled them, so "paid" always means paid in full.
  `insert into invoice_lines (workspace_id, invoice_id, position, description, quantity, unit_price, amount)
    select i.workspace_id, i.id, 1, coalesce(p.name, 'Services'), 1, i.amount, i.amount
    from invoices i left join projects p on p.workspace_id = i.workspace_id and p.id = i.project_id`,
  `update invoices set subtotal = amount,
    issue_date = case when status <> 'draft' then created_at::date end,
    issued_at = case when status <> 'draft' then created_at end,
    paid_total = case when status = 'paid' then amount else 0 end`,
  `insert into invoice_payments (workspace_id, invoice_id, amount, date, method, note)
    select workspace_id, id, amount, coalesce(paid_date, created_at::date), 'other',
      'Recorded before payments were tracked'
    from invoices where status = 'paid' and amount > 0`,
  `update time_entries te set invoice_line_id = l.id from invoice_lines l
    where te.invoice_id is not null and l.workspace_id = te.workspace_id and l.invoice_id = te.invoice_id`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table time_entries drop column invoice_line_id`.execute(db);
  await sql`drop table invoice_payments`.execute(db);
  await sql`drop table invoice_lines`.execute(db);
  await sql`delete from invoices where status = 'void' or invoice_number is null`.execute(db);
  await sql`alter table invoices drop constraint invoices_status_check`.execute(db);
  await sql`alter table invoices add constraint invoices_status_check
    check (status in ('draft', 'sent', 'viewed', 'paid', 'overdue'))`.execute(db);
  await sql`alter table invoices drop column currency, drop column issue_date,
    drop column discount_type, drop column discount_value, drop column subtotal,
    drop column discount_total, drop column tax_total, drop column paid_total, drop column notes,
    drop column seller, drop column buyer, drop column issued_at, drop column voided_at,
    drop column void_reason, drop column updated_at,
    alter column amount type numeric(10, 2), alter column invoice_number set not null`.execute(db);
  await sql`alter table projects alter column total_hours type numeric(10, 2),
    alter column total_amount type numeric(10, 2)`.execute(db);
  await sql`alter table time_entries drop column rate`.execute(db);
  await sql`alter table clients drop column contact_name, drop column address, drop column tax_id,
    drop column currency, drop column payment_terms_days, drop column organization_id`.execute(db);
  await sql`drop table business_profiles`.execute(db);
}
