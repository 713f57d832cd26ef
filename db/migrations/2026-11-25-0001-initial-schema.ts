import { sql, type Kysely } from 'kysely';

/*
 * The whole schema of SPEC §3. Frozen: later changes get a migration of their own.
 *
 * Every workspace table has `unique (workspace_id, id)` and references between workspace
 * tables are composite foreign keys, so no row can point into another workspace even if
 * an application check is forgotten (DESIGN §4).
 */
const statements = [
  `create table workspaces (
    id integer generated always as identity primary key,
    name text not null,
    subdomain text not null,
    description text,
    email text,
    phone text,
    website text,
    address text,
    logo_url text,
    subscription_tier text not null default 'free',
    is_active boolean not null default true,
    is_deleted boolean not null default false,
    deleted_at timestamptz,
    scheduled_deletion_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint workspaces_subdomain_key unique (subdomain)
  )`,
  `create index workspaces_name_idx on workspaces (lower(name))`,
  `create index workspaces_scheduled_deletion_idx on workspaces (scheduled_deletion_at) where is_deleted`,

  `create table users (
    id integer generated always as identity primary key,
    email text not null,
    password_hash text not null,
    full_name text not null,
    phone text,
    profile_image_url text,
    is_active boolean not null default true,
    is_admin boolean not null default false,
    timezone text not null default 'America/New_York',
    date_format text not null default 'MM/DD/YYYY',
    time_format text not null default '12h',
    language text not null default 'en',
    email_notifications boolean not null default true,
    push_notifications boolean not null default true,
    task_reminders boolean not null default true,
    project_updates boolean not null default true,
    team_invites boolean not null default true,
    security_alerts boolean not null default true,
    assigned_person_id integer,
    last_login_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint users_email_key unique (email),
    constraint users_email_lowercase check (email = lower(email))
  )`,
  `create index users_full_name_idx on users (lower(full_name))`,

  `create table user_workspaces (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    user_id integer not null references users (id) on delete cascade,
    role text not null default 'collaborator'
      check (role in ('owner', 'partner', 'administrator', 'project_manager', 'collaborator')),
    is_active boolean not null default true,
    invited_by integer references users (id) on delete set null,
    joined_at timestamptz not null default now(),
    constraint user_workspaces_workspace_id_id_key unique (workspace_id, id),
    constraint user_workspaces_workspace_id_user_id_key unique (workspace_id, user_id)
  )`,
  `create index user_workspaces_user_id_idx on user_workspaces (user_id)`,

  `create table sessions (
    sid text primary key,
    sess jsonb not null,
    expire timestamptz not null,
    user_id integer references users (id) on delete cascade
  )`,
  `create index sessions_expire_idx on sessions (expire)`,
  `create index sessions_user_id_idx on sessions (user_id)`,

  `create table active_sessions (
    id text primary key,
    session_sid text not null references sessions (sid) on delete cascade,
    user_id integer not null references users (id) on delete cascade,
    device_name text,
    ip_address text,
    user_agent text,
    location text,
    last_active timestamptz not null default now(),
    created_at timestamptz not null default now(),
    constraint active_sessions_session_sid_key unique (session_sid)
  )`,
  `create index active_sessions_user_id_idx on active_sessions (user_id, last_active desc)`,

  `create table invitation_tokens (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    token text not null,
    email text not null,
    full_name text,
    role text not null default 'collaborator'
      check (role in ('partner', 'administrator', 'project_manager', 'collaborator')),
    invited_by integer references users (id) on delete set null,
    used boolean not null default false,
    used_at timestamptz,
    expires_at timestamptz not null,
    created_at timestamptz not null default now(),
    constraint invitation_tokens_token_key unique (token),
    constraint invitation_tokens_workspace_id_id_key unique (workspace_id, id)
  )`,
  `create index invitation_tokens_workspace_id_idx on invitation_tokens (workspace_id, created_at desc)`,
  `create index invitation_tokens_created_at_idx on invitation_tokens (created_at desc)`,
  `create index invitation_tokens_email_idx on invitation_tokens (email)`,

  `create table organizations (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    name text not null,
    email text,
    phone text,
    website text,
    address text,
    industry text,
    status text not null default 'active',
    notes text,
    created_at timestamptz not null default now(),
    constraint organizations_workspace_id_id_key unique (workspace_id, id)
  )`,
  `create index organizations_workspace_id_name_idx on organizations (workspace_id, lower(name))`,

  `create table persons (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    full_name text not null,
    email text,
    phone text,
    job_title text,
    company_id integer,
    assigned_user_id integer,
    status text not null default 'active',
    notes text,
    last_contact timestamptz,
    created_at timestamptz not null default now(),
    constraint persons_workspace_id_id_key unique (workspace_id, id),
    constraint persons_company_fkey foreign key (workspace_id, company_id)
      references organizations (workspace_id, id) on delete set null (company_id),
    constraint persons_assigned_user_fkey foreign key (workspace_id, assigned_user_id)
      references user_workspaces (workspace_id, user_id) on delete set null (assigned_user_id)
  )`,
  `create index persons_workspace_id_created_at_idx on persons (workspace_id, created_at desc, id desc)`,
  `create index persons_workspace_id_full_name_idx on persons (workspace_id, lower(full_name))`,
  `create index persons_workspace_id_company_id_idx on persons (workspace_id, company_id)`,
  `create index persons_workspace_id_assigned_user_id_idx on persons (workspace_id, assigned_user_id)`,

  // A user may be linked to a person record; persons are per workspace, users are not.
  `alter table users add constraint users_assigned_person_fkey
    foreign key (assigned_person_id) references persons (id) on delete set null`,

  `create table clients (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    name text not null,
    email text not null,
    company text,
    phone text,
    status text not null default 'lead',
    hourly_rate numeric(10, 2),
    last_contact timestamptz,
    created_at timestamptz not null default now(),
    constraint clients_workspace_id_id_key unique (workspace_id, id)
  )`,
  `create index clients_workspace_id_name_idx on clients (workspace_id, lower(name))`,

  `create table projects (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    name text not null,
    description text,
    client_id integer,
    status text not null default 'active' check (status in ('active', 'completed', 'paused')),
    budget_type text not null check (budget_type in ('time', 'budget')),
    budget_limit numeric(10, 2) not null,
    hourly_rate numeric(10, 2) not null,
    total_hours numeric(10, 2) not null default 0,
    total_amount numeric(10, 2) not null default 0,
    assigned_user_id integer,
    created_at timestamptz not null default now(),
    constraint projects_workspace_id_id_key unique (workspace_id, id),
    -- A client with projects cannot be deleted (no action).
    constraint projects_client_fkey foreign key (workspace_id, client_id)
      references clients (workspace_id, id),
    constraint projects_assigned_user_fkey foreign key (workspace_id, assigned_user_id)
      references user_workspaces (workspace_id, user_id) on delete set null (assigned_user_id)
  )`,
  `create index projects_workspace_id_created_at_idx on projects (workspace_id, created_at desc)`,
  `create index projects_workspace_id_client_id_idx on projects (workspace_id, client_id)`,
  `create index projects_workspace_id_status_idx on projects (workspace_id, status)`,

  `create table time_entries (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    project_id integer not null,
    user_id integer not null references users (id),
    description text,
    hours numeric(10, 2) not null check (hours >= 0),
    date date not null,
    is_timer boolean not null default false,
    created_at timestamptz not null default now(),
    constraint time_entries_workspace_id_id_key unique (workspace_id, id),
    constraint time_entries_project_fkey foreign key (workspace_id, project_id)
      references projects (workspace_id, id) on delete cascade
  )`,
  `create index time_entries_workspace_id_date_idx on time_entries (workspace_id, date desc, id desc)`,
  `create index time_entries_workspace_id_project_id_idx on time_entries (workspace_id, project_id)`,
  `create index time_entries_user_id_idx on time_entries (user_id)`,

  `create table stages (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    key text not null,
    label text not null,
    color text not null default 'gray',
    sort_order integer not null default 0,
    is_system_stage boolean not null default false,
    created_at timestamptz not null default now(),
    constraint stages_workspace_id_id_key unique (workspace_id, id),
    constraint stages_workspace_id_key_key unique (workspace_id, key)
  )`,
  `create index stages_workspace_id_sort_order_idx on stages (workspace_id, sort_order)`,

  `create table leads (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    deal_name text not null,
    person_id integer,
    company_id integer,
    stage text not null default 'contacted',
    value numeric(10, 2) not null default 0,
    description text,
    assigned_user_id integer,
    probability integer not null default 0 check (probability between 0 and 100),
    close_date date,
    last_contact timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint leads_workspace_id_id_key unique (workspace_id, id),
    constraint leads_person_fkey foreign key (workspace_id, person_id)
      references persons (workspace_id, id) on delete set null (person_id),
    constraint leads_company_fkey foreign key (workspace_id, company_id)
      references organizations (workspace_id, id) on delete set null (company_id),
    -- A stage holding opportunities cannot be deleted (no action).
    constraint leads_stage_fkey foreign key (workspace_id, stage)
      references stages (workspace_id, key) on update cascade,
    constraint leads_assigned_user_fkey foreign key (workspace_id, assigned_user_id)
      references user_workspaces (workspace_id, user_id) on delete set null (assigned_user_id)
  )`,
  `create index leads_workspace_id_stage_idx on leads (workspace_id, stage, created_at desc)`,
  `create index leads_workspace_id_created_at_idx on leads (workspace_id, created_at desc)`,
  `create index leads_workspace_id_person_id_idx on leads (workspace_id, person_id)`,
  `create index leads_workspace_id_company_id_idx on leads (workspace_id, company_id)`,
  `create index leads_workspace_id_assigned_user_id_idx on leads (workspace_id, assigned_user_id)`,

  `create table invoices (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    client_id integer not null,
    project_id integer,
    invoice_number text not null,
    amount numeric(10, 2) not null,
    status text not null default 'draft'
      check (status in ('draft', 'sent', 'viewed', 'paid', 'overdue')),
    due_date date,
    paid_date date,
    created_at timestamptz not null default now(),
    constraint invoices_workspace_id_id_key unique (workspace_id, id),
    constraint invoices_workspace_id_invoice_number_key unique (workspace_id, invoice_number),
    -- A client with invoices cannot be deleted (no action).
    constraint invoices_client_fkey foreign key (workspace_id, client_id)
      references clients (workspace_id, id),
    constraint invoices_project_fkey foreign key (workspace_id, project_id)
      references projects (workspace_id, id) on delete set null (project_id)
  )`,
  `create index invoices_workspace_id_created_at_idx on invoices (workspace_id, created_at desc)`,
  `create index invoices_workspace_id_status_idx on invoices (workspace_id, status)`,
  `create index invoices_workspace_id_client_id_idx on invoices (workspace_id, client_id)`,
  `create index invoices_workspace_id_project_id_idx on invoices (workspace_id, project_id)`,

  `create table tasks (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    project_id integer,
    title text not null,
    description text,
    assigned_user_id integer,
    completed boolean not null default false,
    due_date date,
    created_at timestamptz not null default now(),
    constraint tasks_workspace_id_id_key unique (workspace_id, id),
    constraint tasks_project_fkey foreign key (workspace_id, project_id)
      references projects (workspace_id, id) on delete cascade,
    constraint tasks_assigned_user_fkey foreign key (workspace_id, assigned_user_id)
      references user_workspaces (workspace_id, user_id) on delete set null (assigned_user_id)
  )`,
  `create index tasks_workspace_id_project_id_idx on tasks (workspace_id, project_id)`,
  `create index tasks_workspace_id_assigned_user_id_idx on tasks (workspace_id, assigned_user_id)`,

  `create table tags (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    name text not null,
    color text not null default 'blue'
      check (color in ('blue', 'red', 'green', 'purple', 'orange', 'yellow')),
    created_at timestamptz not null default now(),
    constraint tags_workspace_id_id_key unique (workspace_id, id),
    constraint tags_workspace_id_name_key unique (workspace_id, name)
  )`,

  `create table contact_tags (
    workspace_id integer not null references workspaces (id) on delete cascade,
    person_id integer not null,
    tag_id integer not null,
    created_at timestamptz not null default now(),
    primary key (workspace_id, person_id, tag_id),
    constraint contact_tags_person_fkey foreign key (workspace_id, person_id)
      references persons (workspace_id, id) on delete cascade,
    constraint contact_tags_tag_fkey foreign key (workspace_id, tag_id)
      references tags (workspace_id, id) on delete cascade
  )`,
  `create index contact_tags_workspace_id_tag_id_idx on contact_tags (workspace_id, tag_id)`,

  // Platform-wide audit trail: sign-ups and failed logins have no workspace.
  `create table activity_logs (
    id integer generated always as identity primary key,
    user_id integer references users (id) on delete set null,
    workspace_id integer references workspaces (id) on delete set null,
    action text not null,
    details text,
    ip_address text,
    user_agent text,
    success boolean not null default true,
    created_at timestamptz not null default now()
  )`,
  `create index activity_logs_created_at_idx on activity_logs (created_at desc, id desc)`,
  `create index activity_logs_action_idx on activity_logs (action, created_at desc)`,
  `create index activity_logs_user_id_idx on activity_logs (user_id, created_at desc)`,
  `create index activity_logs_workspace_id_idx on activity_logs (workspace_id, created_at desc)`,

  // Uploaded images (workspace logos, profile photos). A logo is uploaded before its
  // workspace exists, so files belong to the uploader and optionally to a workspace.
  // `key` is the unguessable name in the URL; the integer id never leaves the server.
  `create table files (
    id integer generated always as identity primary key,
    key text not null,
    owner_user_id integer references users (id) on delete cascade,
    workspace_id integer references workspaces (id) on delete cascade,
    purpose text not null check (purpose in ('workspace_logo', 'profile_photo')),
    content_type text not null,
    size integer not null check (size between 1 and 5242880),
    data bytea not null,
    created_at timestamptz not null default now(),
    constraint files_key_key unique (key)
  )`,
  `create index files_owner_user_id_idx on files (owner_user_id)`,
  `create index files_workspace_id_idx on files (workspace_id)`,
];

const tables = [
  'files',
  'activity_logs',
  'contact_tags',
  'tags',
  'tasks',
  'invoices',
  'leads',
  'stages',
  'time_entries',
  'projects',
  'clients',
  'persons',
  'organizations',
  'invitation_tokens',
  'active_sessions',
  'sessions',
  'user_workspaces',
  'users',
  'workspaces',
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table users drop constraint users_assigned_person_fkey').execute(db);
  for (const table of tables) await sql.raw(`drop table ${table}`).execute(db);
}
