import { sql, type Kysely } from 'kysely';

/*
 * The work itself (issue 22): tasks on projects with workspace statuses, time entries and
 * the timer naming a task, rate cards resolved into each entry (billable and cost), weekly
 * timesheets that lock once approved, and each member's weekly capacity.
 *
 * Every reference is scoped by workspace_id through composite keys, as elsewhere: a task,
 * rate or timesheet can only point at projects, members and statuses of its own workspace.
 */
const statements = [
  // A workspace's task columns. `is_done` marks the statuses that close a task (open task
  // estimates in resourcing leave them out); `to do`, `in progress` and `done` are made
  // for every workspace and cannot be removed, others may be added.
  `create table task_statuses (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    key text not null,
    label text not null,
    color text not null default 'gray',
    sort_order integer not null default 0,
    is_done boolean not null default false,
    is_system boolean not null default false,
    created_at timestamptz not null default now(),
    constraint task_statuses_workspace_id_id_key unique (workspace_id, id),
    constraint task_statuses_workspace_id_key_key unique (workspace_id, key)
  )`,
  `insert into task_statuses (workspace_id, key, label, color, sort_order, is_done, is_system)
    select w.id, s.key, s.label, s.color, s.sort_order, s.is_done, true
    from workspaces w cross join (values
      ('todo', 'To Do', 'gray', 0, false),
      ('in_progress', 'In Progress', 'blue', 1, false),
      ('done', 'Done', 'green', 2, true)
    ) as s (key, label, color, sort_order, is_done)`,
  // Every workspace has the three statuses, however it is made (sign-up, a new workspace,
  // the seeders, the tests' fixtures): a trigger keeps that true in one place.
  `create function task_statuses_for_new_workspace() returns trigger language plpgsql as $$
    begin
      insert into task_statuses (workspace_id, key, label, color, sort_order, is_done, is_system)
      values (new.id, 'todo', 'To Do', 'gray', 0, false, true),
             (new.id, 'in_progress', 'In Progress', 'blue', 1, false, true),
             (new.id, 'done', 'Done', 'green', 2, true, true);
      return new;
    end
  $$`,
  `create trigger workspaces_task_statuses after insert on workspaces
    for each row execute function task_statuses_for_new_workspace()`,

  // The tasks table of the first schema had no screen or API: nothing but the seeders
  // wrote it. A task now always belongs to a project (its time is logged there).
  `delete from tasks where project_id is null`,
  `alter table tasks alter column project_id set not null`,
  // The status is the status's key, so \`todo\` is a default that holds in every workspace
  // and a filter reads as the API spells it.
  `alter table tasks add column status text not null default 'todo'`,
  `update tasks set status = 'done' where completed`,
  `alter table tasks drop column completed`,
  `alter table tasks add constraint tasks_status_fkey foreign key (workspace_id, status)
    references task_statuses (workspace_id, key) on update cascade`,
  `alter table tasks add column estimate_hours numeric(10, 2) check (estimate_hours >= 0)`,
  // Order within its status column (the board) and in lists.
  `alter table tasks add column sort_order integer not null default 0`,
  `alter table tasks add column created_by integer references users (id) on delete set null`,
  `alter table tasks add column updated_at timestamptz not null default now()`,
  `create index tasks_workspace_id_status_sort_order_idx on tasks (workspace_id, status, sort_order, id)`,
  `create index tasks_workspace_id_due_date_idx on tasks (workspace_id, due_date)`,

  `alter table time_entries add column task_id integer`,
  `alter table time_entries add constraint time_entries_task_fkey
    foreign key (workspace_id, task_id) references tasks (workspace_id, id) on delete set null (task_id)`,
  `create index time_entries_workspace_id_task_id_idx on time_entries (workspace_id, task_id)
    where task_id is not null`,
  // The time log filtered by member, and timesheets (a member's week).
  `create index time_entries_workspace_id_user_id_date_idx
    on time_entries (workspace_id, user_id, date)`,
  // The cost of the hour when it was logged (rate cards), beside its billable \`rate\`.
  `alter table time_entries add column cost_rate numeric(10, 2) not null default 0
    check (cost_rate >= 0)`,

  `alter table timers add column task_id integer`,
  `alter table timers add constraint timers_task_fkey
    foreign key (workspace_id, task_id) references tasks (workspace_id, id) on delete set null (task_id)`,
  `alter table timers add column description text`,

  // Rate cards: for a member (any project), a project (any member), or a member on a
  // project, each from a date. The rate in force on a day is the latest effective_from on
  // or before it, the most specific card first (member on project, project, member).
  `create table rates (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    user_id integer,
    project_id integer,
    billable_rate numeric(10, 2) not null check (billable_rate >= 0),
    cost_rate numeric(10, 2) not null check (cost_rate >= 0),
    effective_from date not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint rates_workspace_id_id_key unique (workspace_id, id),
    constraint rates_user_fkey foreign key (workspace_id, user_id)
      references user_workspaces (workspace_id, user_id) on delete cascade,
    constraint rates_project_fkey foreign key (workspace_id, project_id)
      references projects (workspace_id, id) on delete cascade,
    constraint rates_target_check check (user_id is not null or project_id is not null),
    constraint rates_one_per_day_key unique nulls not distinct
      (workspace_id, user_id, project_id, effective_from)
  )`,
  `create index rates_workspace_id_project_id_idx on rates (workspace_id, project_id)`,

  // A member's week (Monday to Sunday). No row: the week is open. Approved weeks are
  // locked: their entries cannot change until a manager unlocks the week (status 'open').
  `create table timesheets (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    user_id integer not null,
    week_start date not null check (extract(isodow from week_start) = 1),
    status text not null check (status in ('open', 'submitted', 'approved', 'rejected')),
    comment text,
    submitted_at timestamptz,
    reviewed_by integer references users (id) on delete set null,
    reviewed_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint timesheets_workspace_id_id_key unique (workspace_id, id),
    constraint timesheets_workspace_id_user_id_week_start_key
      unique (workspace_id, user_id, week_start),
    constraint timesheets_user_fkey foreign key (workspace_id, user_id)
      references user_workspaces (workspace_id, user_id) on delete cascade
  )`,
  `create index timesheets_workspace_id_status_idx on timesheets (workspace_id, status, week_start)`,

  // Hours a member can work in a week (resourcing).
  `alter table user_workspaces add column capacity_hours numeric(5, 2) not null default 40
    check (capacity_hours between 0 and 168)`,
  // Invoices bill only time from approved timesheets.
  `alter table business_profiles add column invoice_approved_time_only boolean not null default false`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const undo = [
    `alter table business_profiles drop column invoice_approved_time_only`,
    `alter table user_workspaces drop column capacity_hours`,
    `drop table timesheets`,
    `drop table rates`,
    `alter table timers drop column description`,
    `alter table timers drop column task_id`,
    `alter table time_entries drop column cost_rate`,
    `drop index time_entries_workspace_id_user_id_date_idx`,
    `alter table time_entries drop column task_id`,
    `drop index tasks_workspace_id_due_date_idx`,
    `drop index tasks_workspace_id_status_sort_order_idx`,
    `alter table tasks drop column updated_at`,
    `alter table tasks drop column created_by`,
    `alter table tasks drop column sort_order`,
    `alter table tasks drop column estimate_hours`,
    `alter table tasks add column completed boolean not null default false`,
    `update tasks set completed = true where status = 'done'`,
    `alter table tasks drop column status`,
    `alter table tasks alter column project_id drop not null`,
    `drop trigger workspaces_task_statuses on workspaces`,
    `drop function task_statuses_for_new_workspace()`,
    `drop table task_statuses`,
  ];
  for (const statement of undo) await sql.raw(statement).execute(db);
}
