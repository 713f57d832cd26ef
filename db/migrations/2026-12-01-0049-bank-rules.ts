import { sql, type Kysely } from 'kysely';

/*
 * Bank rules (issue 43): "when the counterparty or reference contains X (and the amount is in
 * a range), categorise as Y / mark as ignored", tried in order (position, then id). The
 * conditions and the action are the shapes of BankRuleSchema (src/shared/banking.schema.ts);
 * a categorise rule's category is kept in its own column too, for the foreign key: deleting
 * the category deletes the rules that put lines in it. A transaction keeps the rule that
 * applied to it (rule_id), forgotten when the rule is deleted.
 */
const statements = [
  `create table bank_rules (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    name text not null,
    position integer not null default 0,
    conditions jsonb not null,
    action jsonb not null,
    category_id integer,
    enabled boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint bank_rules_workspace_id_id_key unique (workspace_id, id),
    constraint bank_rules_category_fkey foreign key (workspace_id, category_id)
      references expense_categories (workspace_id, id) on delete cascade
  )`,
  `create index bank_rules_order_idx on bank_rules (workspace_id, position, id)`,
  `alter table bank_transactions add constraint bank_transactions_rule_fkey
    foreign key (workspace_id, rule_id) references bank_rules (workspace_id, id)
    on delete set null (rule_id)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table bank_transactions drop constraint bank_transactions_rule_fkey`.execute(db);
  await sql`drop table bank_rules`.execute(db);
}
