import { sql, type Kysely } from 'kysely';

/*
 * Lead forms (issue 44): a workspace's forms, whose fields and autoresponder are the shapes
 * of FormSchema (src/shared/forms.schema.ts), and what visitors sent through them. The deal a
 * submission makes is kept in columns, for the foreign keys: deleting its stage ends the
 * form's deal (no deal is made any more) rather than refusing the stage's deletion. The public address names the workspace (`/f/{workspaceId}-{slug}`), so the slug is
 * unique per workspace only. A submission keeps the contact and deal it made (forgotten when
 * they are deleted), the consent text as it read when agreed to, and a hash of the address
 * rather than the address itself.
 */
const statements = [
  `create table forms (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    name text not null,
    slug text not null,
    published boolean not null default false,
    fields jsonb not null default '[]',
    deal_stage_id integer,
    deal_value numeric(10, 2),
    deal_assignee_id integer,
    submit_label text,
    thank_you_message text,
    redirect_url text,
    autoresponder jsonb,
    allow_indexing boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint forms_workspace_id_id_key unique (workspace_id, id),
    constraint forms_workspace_id_slug_key unique (workspace_id, slug),
    constraint forms_deal_stage_fkey foreign key (workspace_id, deal_stage_id)
      references stages (workspace_id, id) on delete set null (deal_stage_id),
    constraint forms_deal_assignee_fkey foreign key (workspace_id, deal_assignee_id)
      references user_workspaces (workspace_id, user_id) on delete set null (deal_assignee_id)
  )`,
  `create table form_submissions (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    form_id integer not null,
    answers jsonb not null,
    page_url text,
    consent_text text,
    person_id integer,
    organization_id integer,
    lead_id integer,
    ip_hash text,
    submitted_at timestamptz not null default now(),
    constraint form_submissions_workspace_id_id_key unique (workspace_id, id),
    constraint form_submissions_form_fkey foreign key (workspace_id, form_id)
      references forms (workspace_id, id) on delete cascade,
    constraint form_submissions_person_fkey foreign key (workspace_id, person_id)
      references persons (workspace_id, id) on delete set null (person_id),
    constraint form_submissions_organization_fkey foreign key (workspace_id, organization_id)
      references organizations (workspace_id, id) on delete set null (organization_id),
    constraint form_submissions_lead_fkey foreign key (workspace_id, lead_id)
      references leads (workspace_id, id) on delete set null (lead_id)
  )`,
  `create index form_submissions_form_idx on form_submissions (workspace_id, form_id, submitted_at desc, id desc)`,
  `create index form_submissions_person_idx on form_submissions (workspace_id, person_id)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table form_submissions`.execute(db);
  await sql`drop table forms`.execute(db);
}
