import { sql, type Kysely } from 'kysely';

/*
 * Banking (issue 43): bank accounts, the statement files imported into them, and their
 * transactions. A transaction's dedupe_key (the bank's id, else a fingerprint: see
 * src/server/domains/banking/statements/fingerprint.ts) is unique per account, so importing
 * the same file twice, or two statements that overlap, saves each money movement once. The
 * matching columns (invoice payment, expense, category, rule, matched at/by) are filled by
 * the matching and rules work; rule_id gets its foreign key with the rules table.
 */
const statements = [
  `create table bank_accounts (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    name text not null,
    currency text not null check (currency ~ '^[A-Z]{3}$'),
    identifier text,
    opening_balance numeric(18, 3) not null default 0,
    opening_date date,
    archived boolean not null default false,
    csv_mapping jsonb,
    created_by integer references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint bank_accounts_workspace_id_id_key unique (workspace_id, id)
  )`,

  `create table bank_imports (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    account_id integer not null,
    file_name text,
    format text not null check (format in ('csv', 'ofx', 'camt053', 'mt940')),
    imported_count integer not null default 0,
    duplicate_count integer not null default 0,
    rejected_count integer not null default 0,
    statement_closing_balance numeric(18, 3),
    statement_closing_date date,
    imported_by integer references users (id) on delete set null,
    imported_at timestamptz not null default now(),
    constraint bank_imports_workspace_id_id_key unique (workspace_id, id),
    constraint bank_imports_account_fkey foreign key (workspace_id, account_id)
      references bank_accounts (workspace_id, id) on delete cascade
  )`,
  `create index bank_imports_account_idx on bank_imports (workspace_id, account_id, statement_closing_date)`,

  `create table bank_transactions (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    account_id integer not null,
    import_id integer,
    booking_date date not null,
    value_date date,
    amount numeric(18, 3) not null,
    currency text not null check (currency ~ '^[A-Z]{3}$'),
    counterparty_name text,
    counterparty_iban text,
    remittance text,
    reference text,
    bank_transaction_id text,
    bank_code text,
    dedupe_key text not null,
    status text not null default 'unmatched' check (status in ('unmatched', 'matched', 'ignored')),
    invoice_payment_id integer,
    expense_id integer,
    category_id integer,
    rule_id integer,
    matched_at timestamptz,
    matched_by integer references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint bank_transactions_workspace_id_id_key unique (workspace_id, id),
    constraint bank_transactions_dedupe_key unique (workspace_id, account_id, dedupe_key),
    constraint bank_transactions_account_fkey foreign key (workspace_id, account_id)
      references bank_accounts (workspace_id, id) on delete cascade,
    constraint bank_transactions_import_fkey foreign key (workspace_id, import_id)
      references bank_imports (workspace_id, id) on delete set null (import_id),
    constraint bank_transactions_invoice_payment_fkey foreign key (workspace_id, invoice_payment_id)
      references invoice_payments (workspace_id, id) on delete set null (invoice_payment_id),
    constraint bank_transactions_expense_fkey foreign key (workspace_id, expense_id)
      references expenses (workspace_id, id) on delete set null (expense_id),
    constraint bank_transactions_category_fkey foreign key (workspace_id, category_id)
      references expense_categories (workspace_id, id) on delete set null (category_id)
  )`,
  `create index bank_transactions_account_date_idx
    on bank_transactions (workspace_id, account_id, booking_date, id)`,
  `create index bank_transactions_date_idx on bank_transactions (workspace_id, booking_date, id)`,
  `create index bank_transactions_status_idx on bank_transactions (workspace_id, account_id, status)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table bank_transactions`.execute(db);
  await sql`drop table bank_imports`.execute(db);
  await sql`drop table bank_accounts`.execute(db);
}
