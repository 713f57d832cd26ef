import { sql, type Kysely } from 'kysely';

/*
 * The money picture (issue 23): expenses with categories and receipts, billed once as
 * invoice lines like time; and notifications, in-app and by email.
 *
 * References are scoped by workspace_id through composite keys, as elsewhere.
 */
const statements = [
  // A workspace's expense categories. Every workspace starts with a usual set (made by a
  // trigger, whichever path creates it); members may add, rename and remove them.
  `create table expense_categories (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    name text not null check (length(name) between 1 and 100),
    created_at timestamptz not null default now(),
    constraint expense_categories_workspace_id_id_key unique (workspace_id, id),
    constraint expense_categories_workspace_id_name_key unique (workspace_id, name)
  )`,
  `insert into expense_categories (workspace_id, name)
    select w.id, c.name from workspaces w cross join (values
      ('Equipment'), ('Meals'), ('Office'), ('Software'), ('Subcontractors'), ('Travel'), ('Other')
    ) as c (name)`,
  `create function expense_categories_for_new_workspace() returns trigger language plpgsql as $$
    begin
      insert into expense_categories (workspace_id, name)
      values (new.id, 'Equipment'), (new.id, 'Meals'), (new.id, 'Office'), (new.id, 'Software'),
             (new.id, 'Subcontractors'), (new.id, 'Travel'), (new.id, 'Other');
      return new;
    end
  $$`,
  `create trigger workspaces_expense_categories after insert on workspaces
    for each row execute function expense_categories_for_new_workspace()`,

  // Receipts are files like logos and photos, belonging to the workspace.
  `alter table files drop constraint files_purpose_check`,
  `alter table files add constraint files_purpose_check
    check (purpose in ('workspace_logo', 'profile_photo', 'expense_receipt'))`,

  // An expense in its own currency (numeric(15, 3) like invoices). A billable one is
  // billed once: invoice_line_id is the line that billed it (removing the line from a
  // draft frees it, as for time), amount × (1 + markup_percent / 100) is what it bills.
  `create table expenses (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    date date not null,
    amount numeric(15, 3) not null check (amount > 0),
    currency text not null check (currency ~ '^[A-Z]{3}$'),
    category_id integer,
    vendor text,
    project_id integer,
    client_id integer,
    billable boolean not null default false,
    markup_percent numeric(6, 2) not null default 0 check (markup_percent between 0 and 1000),
    receipt_file_id integer references files (id) on delete set null,
    notes text,
    invoice_id integer,
    invoice_line_id integer,
    created_by integer references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint expenses_workspace_id_id_key unique (workspace_id, id),
    constraint expenses_category_fkey foreign key (workspace_id, category_id)
      references expense_categories (workspace_id, id) on delete set null (category_id),
    constraint expenses_project_fkey foreign key (workspace_id, project_id)
      references projects (workspace_id, id) on delete set null (project_id),
    constraint expenses_client_fkey foreign key (workspace_id, client_id)
      references clients (workspace_id, id) on delete set null (client_id),
    constraint expenses_invoice_fkey foreign key (workspace_id, invoice_id)
      references invoices (workspace_id, id) on delete set null (invoice_id),
    constraint expenses_invoice_line_fkey foreign key (workspace_id, invoice_line_id)
      references invoice_lines (workspace_id, id) on delete set null (invoice_line_id)
  )`,
  `create index expenses_workspace_id_date_idx on expenses (workspace_id, date desc, id desc)`,
  `create index expenses_workspace_id_project_id_idx on expenses (workspace_id, project_id)
    where project_id is not null`,
  `create index expenses_workspace_id_client_id_idx on expenses (workspace_id, client_id)
    where client_id is not null`,
  `create index expenses_workspace_id_invoice_line_id_idx on expenses (workspace_id, invoice_line_id)
    where invoice_line_id is not null`,
  `create index expenses_receipt_file_id_idx on expenses (receipt_file_id)
    where receipt_file_id is not null`,

  // Payments listed across invoices by method (the payments page).
  `create index invoice_payments_workspace_id_method_idx on invoice_payments (workspace_id, method)`,

  // What a member is told. workspace_id is null for platform notices (a failed job with no
  // workspace, for platform admins), shown in every workspace. category: 'mention' when it
  // is about the reader (assigned to them, their timesheet reviewed), 'update' otherwise.
  // link is a path inside the app.
  `create table notifications (
    id integer generated always as identity primary key,
    workspace_id integer references workspaces (id) on delete cascade,
    user_id integer not null references users (id) on delete cascade,
    kind text not null,
    category text not null check (category in ('mention', 'update')),
    title text not null,
    body text,
    link text,
    actor_user_id integer references users (id) on delete set null,
    read_at timestamptz,
    emailed_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create index notifications_user_id_created_at_idx
    on notifications (user_id, created_at desc, id desc)`,
  `create index notifications_user_id_unread_idx on notifications (user_id)
    where read_at is null`,
  `create index notifications_workspace_id_idx on notifications (workspace_id)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const undo = [
    `drop table notifications`,
    `drop index invoice_payments_workspace_id_method_idx`,
    `drop table expenses`,
    `delete from files where purpose = 'expense_receipt'`,
    `alter table files drop constraint files_purpose_check`,
    `alter table files add constraint files_purpose_check
      check (purpose in ('workspace_logo', 'profile_photo'))`,
    `drop trigger workspaces_expense_categories on workspaces`,
    `drop function expense_categories_for_new_workspace()`,
    `drop table expense_categories`,
  ];
  for (const statement of undo) await sql.raw(statement).execute(db);
}
