import { sql, type Kysely } from 'kysely';

/*
 * Scheduling (issue 44): booking types, each member's availability, bookings, the blocks
 * that keep an owner's bookings from overlapping, and private calendar feeds.
 *
 * No overlap is enforced by the database, not by a check before the insert: a booking
 * writes one booking_blocks row per 5-minute block it occupies (buffers included) under
 * the key (workspace_id, user_id, block_start), so two bookings of one person, of any of
 * their types, can never share a block; the second insert fails with a unique violation,
 * even when both were checked free in the same second. An exclusion constraint would say
 * it in one line but needs btree_gist, which the embedded database does not ship.
 *
 * Secrets (a booking's manage token, a feed's token) are stored as SHA-256 hashes only.
 */
const statements = [
  `create table booking_types (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    owner_id integer not null,
    name text not null,
    slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
    description text,
    location text,
    duration_minutes integer not null check (duration_minutes between 5 and 720),
    buffer_before_minutes integer not null default 0 check (buffer_before_minutes between 0 and 720),
    buffer_after_minutes integer not null default 0 check (buffer_after_minutes between 0 and 720),
    min_notice_minutes integer not null default 0 check (min_notice_minutes >= 0),
    max_days_ahead integer not null default 60 check (max_days_ahead between 0 and 730),
    max_per_day integer check (max_per_day > 0),
    questions jsonb not null default '[]',
    deal_stage text,
    deal_value numeric(10, 2),
    active boolean not null default true,
    allow_indexing boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint booking_types_workspace_id_id_key unique (workspace_id, id),
    constraint booking_types_workspace_id_slug_key unique (workspace_id, slug),
    constraint booking_types_owner_fkey foreign key (workspace_id, owner_id)
      references user_workspaces (workspace_id, user_id) on delete cascade,
    constraint booking_types_deal_stage_fkey foreign key (workspace_id, deal_stage)
      references stages (workspace_id, key) on update cascade on delete set null (deal_stage)
  )`,
  `create index booking_types_owner_idx on booking_types (workspace_id, owner_id)`,

  `create table availability (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    user_id integer not null,
    timezone text not null,
    weekly jsonb not null default '{}',
    overrides jsonb not null default '[]',
    updated_at timestamptz not null default now(),
    constraint availability_workspace_id_id_key unique (workspace_id, id),
    constraint availability_workspace_id_user_id_key unique (workspace_id, user_id),
    constraint availability_user_fkey foreign key (workspace_id, user_id)
      references user_workspaces (workspace_id, user_id) on delete cascade
  )`,

  `create table bookings (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    type_id integer,
    owner_id integer not null,
    title text not null,
    location text,
    start_at timestamptz not null,
    end_at timestamptz not null,
    buffer_before_minutes integer not null default 0,
    buffer_after_minutes integer not null default 0,
    visitor_name text not null,
    visitor_email text not null,
    visitor_timezone text not null,
    answers jsonb not null default '{}',
    status text not null default 'booked' check (status in ('booked', 'cancelled')),
    cancel_reason text,
    cancelled_by text check (cancelled_by in ('owner', 'visitor')),
    cancelled_at timestamptz,
    uid text not null unique,
    sequence integer not null default 0,
    manage_token_hash text not null unique,
    contact_id integer,
    deal_id integer,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (end_at > start_at),
    constraint bookings_workspace_id_id_key unique (workspace_id, id),
    constraint bookings_type_fkey foreign key (workspace_id, type_id)
      references booking_types (workspace_id, id) on delete set null (type_id),
    constraint bookings_owner_fkey foreign key (workspace_id, owner_id)
      references user_workspaces (workspace_id, user_id) on delete cascade,
    constraint bookings_contact_fkey foreign key (workspace_id, contact_id)
      references persons (workspace_id, id) on delete set null (contact_id),
    constraint bookings_deal_fkey foreign key (workspace_id, deal_id)
      references leads (workspace_id, id) on delete set null (deal_id)
  )`,
  `create index bookings_start_idx on bookings (workspace_id, start_at, id)`,
  `create index bookings_owner_start_idx on bookings (workspace_id, owner_id, start_at)`,
  `create index bookings_type_start_idx on bookings (workspace_id, type_id, start_at)`,
  `create index bookings_contact_idx on bookings (workspace_id, contact_id)`,

  `create table booking_blocks (
    workspace_id integer not null references workspaces (id) on delete cascade,
    user_id integer not null,
    block_start timestamptz not null,
    booking_id integer not null,
    constraint booking_blocks_pkey primary key (workspace_id, user_id, block_start),
    constraint booking_blocks_booking_fkey foreign key (workspace_id, booking_id)
      references bookings (workspace_id, id) on delete cascade
  )`,
  `create index booking_blocks_booking_idx on booking_blocks (workspace_id, booking_id)`,

  `create table calendar_feeds (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    user_id integer not null,
    token_hash text not null unique,
    created_at timestamptz not null default now(),
    constraint calendar_feeds_workspace_id_id_key unique (workspace_id, id),
    constraint calendar_feeds_workspace_id_user_id_key unique (workspace_id, user_id),
    constraint calendar_feeds_user_fkey foreign key (workspace_id, user_id)
      references user_workspaces (workspace_id, user_id) on delete cascade
  )`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table calendar_feeds`.execute(db);
  await sql`drop table booking_blocks`.execute(db);
  await sql`drop table bookings`.execute(db);
  await sql`drop table availability`.execute(db);
  await sql`drop table booking_types`.execute(db);
}
