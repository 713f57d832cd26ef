import { sql, type Kysely } from 'kysely';

/*
 * Estimates (issue 21, item 6): lines like an invoice, numbered from their own gap-free
 * sequence per workspace (beside the invoice sequence on the business profile), sent,
 * accepted or declined (in the app or the client portal), and converted into a draft
 * invoice once. Acceptance records keep who decided, when, from where, and a SHA-256 of
 * the document as it was decided. Proposals may name the client and the deal they are
 * for, so an accepted proposal can move its deal to won, start a project and draft a
 * deposit invoice.
 */
const statements = [
  `alter table business_profiles
    add column estimate_prefix text not null default 'EST-',
    -- The number the next issued estimate gets; taken in the issuing transaction, like
    -- next_invoice_number, so estimate numbers have no gaps and no repeats.
    add column next_estimate_number integer not null default 1
      check (next_estimate_number between 1 and 999999999)`,

  `create table estimates (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    client_id integer not null,
    estimate_number text,
    status text not null default 'draft'
      check (status in ('draft', 'sent', 'viewed', 'accepted', 'declined', 'converted')),
    currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
    issue_date date,
    valid_until date,
    discount_type text check (discount_type in ('percent', 'amount')),
    discount_value numeric(15, 3) check (discount_value >= 0),
    subtotal numeric(15, 3) not null default 0,
    discount_total numeric(15, 3) not null default 0,
    tax_total numeric(15, 3) not null default 0,
    amount numeric(15, 3) not null default 0,
    notes text,
    seller jsonb,
    buyer jsonb,
    issued_at timestamptz,
    viewed_at timestamptz,
    decided_at timestamptz,
    converted_invoice_id integer,
    converted_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint estimates_workspace_id_id_key unique (workspace_id, id),
    constraint estimates_workspace_id_estimate_number_key unique (workspace_id, estimate_number),
    -- A client with estimates cannot be deleted (no action), like one with invoices.
    constraint estimates_client_fkey foreign key (workspace_id, client_id)
      references clients (workspace_id, id),
    constraint estimates_converted_invoice_fkey foreign key (workspace_id, converted_invoice_id)
      references invoices (workspace_id, id) on delete set null (converted_invoice_id)
  )`,
  `create index estimates_workspace_id_created_at_idx on estimates (workspace_id, created_at desc)`,
  `create index estimates_workspace_id_client_id_idx on estimates (workspace_id, client_id)`,
  `create index estimates_workspace_id_converted_invoice_id_idx
    on estimates (workspace_id, converted_invoice_id)`,

  `create table estimate_lines (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    estimate_id integer not null,
    position integer not null,
    description text not null,
    quantity numeric(9, 2) not null check (quantity >= 0),
    unit_price numeric(15, 3) not null check (unit_price >= 0),
    tax_rate numeric(6, 3) not null default 0 check (tax_rate between 0 and 100),
    amount numeric(15, 3) not null,
    discount numeric(15, 3) not null default 0,
    constraint estimate_lines_workspace_id_id_key unique (workspace_id, id),
    constraint estimate_lines_estimate_fkey foreign key (workspace_id, estimate_id)
      references estimates (workspace_id, id) on delete cascade
  )`,
  `create index estimate_lines_estimate_idx on estimate_lines (workspace_id, estimate_id, position)`,

  // The invoice an estimate became names it ("from estimate EST-0003").
  `alter table invoices add column estimate_id integer,
    add constraint invoices_estimate_fkey foreign key (workspace_id, estimate_id)
      references estimates (workspace_id, id) on delete set null (estimate_id)`,
  `create index invoices_workspace_id_estimate_id_idx on invoices (workspace_id, estimate_id)`,

  `create table document_acceptances (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    document_type text not null check (document_type in ('estimate', 'proposal')),
    document_id integer not null,
    decision text not null check (decision in ('accepted', 'declined')),
    name text not null,
    reason text,
    ip text,
    user_agent text,
    document_sha256 text not null check (document_sha256 ~ '^[0-9a-f]{64}$'),
    via text not null check (via in ('portal', 'app')),
    user_id integer references users (id) on delete set null,
    created_at timestamptz not null default now(),
    constraint document_acceptances_workspace_id_id_key unique (workspace_id, id),
    -- One decision per document.
    constraint document_acceptances_document_key unique (workspace_id, document_type, document_id)
  )`,

  // Proposals may name their client and deal; follow-ups of an acceptance are applied once.
  `alter table proposals
    add column client_id integer,
    add column deal_id integer,
    add column follow_ups_applied_at timestamptz,
    add column project_id integer,
    add column deposit_invoice_id integer,
    add constraint proposals_client_fkey foreign key (workspace_id, client_id)
      references clients (workspace_id, id) on delete set null (client_id),
    add constraint proposals_deal_fkey foreign key (workspace_id, deal_id)
      references leads (workspace_id, id) on delete set null (deal_id),
    add constraint proposals_project_fkey foreign key (workspace_id, project_id)
      references projects (workspace_id, id) on delete set null (project_id),
    add constraint proposals_deposit_invoice_fkey foreign key (workspace_id, deposit_invoice_id)
      references invoices (workspace_id, id) on delete set null (deposit_invoice_id)`,
  `create index proposals_workspace_id_client_id_idx on proposals (workspace_id, client_id)`,
  `create index proposals_workspace_id_deal_id_idx on proposals (workspace_id, deal_id)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table proposals drop column client_id, drop column deal_id,
    drop column follow_ups_applied_at, drop column project_id, drop column deposit_invoice_id`.execute(
    db,
  );
  await sql`drop table document_acceptances`.execute(db);
  await sql`alter table invoices drop column estimate_id`.execute(db);
  await sql`drop table estimate_lines`.execute(db);
  await sql`drop table estimates`.execute(db);
  await sql`alter table business_profiles drop column estimate_prefix,
    drop column next_estimate_number`.execute(db);
}
