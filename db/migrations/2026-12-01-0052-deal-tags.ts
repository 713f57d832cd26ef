import { sql, type Kysely } from 'kysely';

/*
 * Deal tags (issue 44): deals take the workspace's tags, the ones contacts carry, so that one
 * "Website" tag names the lead and the deal a form made. The composite foreign keys keep a tag
 * of another workspace from ever attaching, whatever the application checks.
 *
 * A form keeps the tag names its deals get rather than tag ids: a submission finds or creates
 * them by name, so a tag deleted since the form was saved comes back instead of being lost.
 */
const statements = [
  `create table deal_tags (
    workspace_id integer not null references workspaces (id) on delete cascade,
    deal_id integer not null,
    tag_id integer not null,
    created_at timestamptz not null default now(),
    primary key (workspace_id, deal_id, tag_id),
    constraint deal_tags_deal_fkey foreign key (workspace_id, deal_id)
      references leads (workspace_id, id) on delete cascade,
    constraint deal_tags_tag_fkey foreign key (workspace_id, tag_id)
      references tags (workspace_id, id) on delete cascade
  )`,
  `create index deal_tags_workspace_id_tag_id_idx on deal_tags (workspace_id, tag_id)`,
  `alter table forms add column deal_tags text[] not null default '{}'`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table forms drop column deal_tags`.execute(db);
  await sql`drop table deal_tags`.execute(db);
}
