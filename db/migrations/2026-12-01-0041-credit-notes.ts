import { sql, type Kysely } from 'kysely';

/*
 * Credit notes (issue 41, item 5): an issued invoice is never changed, it is credited.
 *
 * - business_profiles: the credit note prefix and counter, a sequence of their own
 *   (CN-0001), taken in the crediting transaction as invoice numbers are.
 * - invoices.credited_total: the sum of the invoice's credit notes, kept beside paid_total;
 *   the balance is total − paid − credited.
 * - credit_notes: a number unique per workspace, the invoice it credits (with its client
 *   and project, copied for the reports), the issue date, the frozen seller and buyer, the
 *   currency, the reason, and positive totals (what is credited), with the tax per rate
 *   (taxes: [{rate, base, amount}]) as it was computed, since a credit of what remains
 *   takes the invoice's remaining tax rather than recomputing it.
 * - credit_note_lines: what is credited, line by line. A line credited from an invoice line
 *   names it (invoice_line_id) and says whether by quantity or by amount, so the invoice
 *   line's remaining creditable quantity and amount can be read back; a credit by amount
 *   gets one line per tax rate and names no invoice line. `amount` is the line's taxable
 *   amount (after the invoice's discount share). The e-invoicing columns are stored as the
 *   invoice line had them, when it has them.
 * - invoice_emails carries credit note emails too (kind 'credit_note'); the workspace's
 *   email settings gain the credit note template (null: the code's default text).
 */
const statements = [
  `alter table business_profiles
    add column credit_note_prefix text not null default 'CN-'
      check (char_length(credit_note_prefix) <= 20),
    add column next_credit_note_number integer not null default 1
      check (next_credit_note_number between 1 and 999999999)`,
  `alter table invoices add column credited_total numeric(15, 3) not null default 0
    check (credited_total >= 0)`,
  `create table credit_notes (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    invoice_id integer not null,
    client_id integer not null,
    project_id integer,
    credit_note_number text not null,
    issue_date date not null,
    currency text not null,
    reason text not null check (char_length(reason) between 1 and 500),
    mode text not null check (mode in ('full', 'lines', 'amount')),
    seller jsonb not null,
    buyer jsonb not null,
    subtotal numeric(15, 3) not null check (subtotal >= 0),
    tax_total numeric(15, 3) not null check (tax_total >= 0),
    total numeric(15, 3) not null check (total > 0),
    taxes jsonb not null default '[]',
    emailed_at timestamptz,
    created_by integer references users (id) on delete set null,
    created_at timestamptz not null default now(),
    constraint credit_notes_workspace_id_id_key unique (workspace_id, id),
    constraint credit_notes_number_key unique (workspace_id, credit_note_number),
    constraint credit_notes_invoice_fkey foreign key (workspace_id, invoice_id)
      references invoices (workspace_id, id),
    constraint credit_notes_client_fkey foreign key (workspace_id, client_id)
      references clients (workspace_id, id),
    constraint credit_notes_project_fkey foreign key (workspace_id, project_id)
      references projects (workspace_id, id) on delete set null (project_id)
  )`,
  `create index credit_notes_workspace_created_idx on credit_notes (workspace_id, created_at desc)`,
  `create index credit_notes_invoice_idx on credit_notes (workspace_id, invoice_id)`,
  `create index credit_notes_client_idx on credit_notes (workspace_id, client_id)`,
  `create index credit_notes_issue_date_idx on credit_notes (workspace_id, issue_date)`,
  `create table credit_note_lines (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    credit_note_id integer not null,
    invoice_line_id integer,
    position integer not null,
    credits text not null check (credits in ('quantity', 'amount', 'rate')),
    description text not null,
    quantity numeric(9, 2) not null check (quantity >= 0),
    unit text,
    unit_price numeric(15, 3) not null check (unit_price >= 0),
    tax_rate numeric(6, 3) not null default 0 check (tax_rate between 0 and 100),
    amount numeric(15, 3) not null check (amount >= 0),
    unit_code text,
    tax_category text,
    tax_exemption_reason text,
    constraint credit_note_lines_workspace_id_id_key unique (workspace_id, id),
    constraint credit_note_lines_credit_note_fkey foreign key (workspace_id, credit_note_id)
      references credit_notes (workspace_id, id) on delete cascade,
    constraint credit_note_lines_invoice_line_fkey foreign key (workspace_id, invoice_line_id)
      references invoice_lines (workspace_id, id),
    constraint credit_note_lines_source_check
      check ((credits = 'rate') = (invoice_line_id is null))
  )`,
  `create index credit_note_lines_note_idx on credit_note_lines (workspace_id, credit_note_id, position)`,
  `create index credit_note_lines_invoice_line_idx on credit_note_lines (workspace_id, invoice_line_id)
    where invoice_line_id is not null`,
  `alter table invoice_emails add column credit_note_id integer`,
  `alter table invoice_emails add constraint invoice_emails_credit_note_fkey
    foreign key (workspace_id, credit_note_id) references credit_notes (workspace_id, id) on delete cascade`,
  `alter table invoice_emails drop constraint invoice_emails_kind_check`,
  `alter table invoice_emails add constraint invoice_emails_kind_check
    check (kind in ('invoice', 'reminder', 'estimate', 'contract', 'credit_note'))`,
  `alter table invoice_emails drop constraint invoice_emails_document_check`,
  `alter table invoice_emails add constraint invoice_emails_document_check
    check (case kind
      when 'estimate' then estimate_id is not null and invoice_id is null and contract_id is null
        and credit_note_id is null
      when 'contract' then contract_id is not null and invoice_id is null and estimate_id is null
        and credit_note_id is null
      when 'credit_note' then credit_note_id is not null and invoice_id is null
        and estimate_id is null and contract_id is null
      else invoice_id is not null and estimate_id is null and contract_id is null
        and credit_note_id is null end)`,
  `create index invoice_emails_credit_note_idx on invoice_emails (workspace_id, credit_note_id, queued_at)
    where credit_note_id is not null`,
  `alter table invoice_email_settings add column credit_note_subject text`,
  `alter table invoice_email_settings add column credit_note_body text`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table invoice_email_settings drop column credit_note_body`.execute(db);
  await sql`alter table invoice_email_settings drop column credit_note_subject`.execute(db);
  await sql`delete from invoice_emails where kind = 'credit_note'`.execute(db);
  await sql`drop index invoice_emails_credit_note_idx`.execute(db);
  await sql`alter table invoice_emails drop constraint invoice_emails_document_check`.execute(db);
  await sql`alter table invoice_emails add constraint invoice_emails_document_check
    check (case kind
      when 'estimate' then estimate_id is not null and invoice_id is null and contract_id is null
      when 'contract' then contract_id is not null and invoice_id is null and estimate_id is null
      else invoice_id is not null and estimate_id is null and contract_id is null end)`.execute(db);
  await sql`alter table invoice_emails drop constraint invoice_emails_kind_check`.execute(db);
  await sql`alter table invoice_emails add constraint invoice_emails_kind_check
    check (kind in ('invoice', 'reminder', 'estimate', 'contract'))`.execute(db);
  await sql`alter table invoice_emails drop constraint invoice_emails_credit_note_fkey`.execute(db);
  await sql`alter table invoice_emails drop column credit_note_id`.execute(db);
  await sql`drop table credit_note_lines`.execute(db);
  await sql`drop table credit_notes`.execute(db);
  await sql`alter table invoices drop column credited_total`.execute(db);
  await sql`alter table business_profiles drop column next_credit_note_number,
    drop column credit_note_prefix`.execute(db);
}
