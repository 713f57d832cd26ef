import { sql } from 'kysely';
import type { Database } from '../../db/create-db.ts';

/**
 * Completes invoices written in the shape they had before the invoice engine (a number, an
 * amount and a status, as the seeders write them): one line each, their totals, the issue
 * date of those issued, the payment of those paid, and the workspace's number sequence
 * moved past the highest `INV-` number, as the engine's migration did for existing data.
 */
export async function adoptLegacyInvoices(db: Database, workspaceId: number) {
  const run = (statement: ReturnType<typeof sql>) => statement.execute(db);
  await run(sql`insert into invoice_lines (workspace_id, invoice_id, position, description, quantity, unit_price, amount)
    select i.workspace_id, i.id, 1, coalesce(p.name, 'Services'), 1, i.amount, i.amount
    from invoices i left join projects p on p.workspace_id = i.workspace_id and p.id = i.project_id
    where i.workspace_id = ${workspaceId}
      and not exists (select 1 from invoice_lines l where l.workspace_id = i.workspace_id and l.invoice_id = i.id)`);
  await run(sql`update invoices set subtotal = amount,
    issue_date = case when status <> 'draft' then created_at::date end,
    issued_at = case when status <> 'draft' then created_at end,
    paid_total = case when status = 'paid' then amount else 0 end
    where workspace_id = ${workspaceId} and issued_at is null and subtotal = 0`);
  await run(sql`insert into invoice_payments (workspace_id, invoice_id, amount, date, method)
    select workspace_id, id, amount, coalesce(paid_date, created_at::date), 'bank_transfer'
    from invoices i where workspace_id = ${workspaceId} and status = 'paid' and amount > 0
      and not exists (select 1 from invoice_payments p where p.workspace_id = i.workspace_id and p.invoice_id = i.id)`);
  await run(sql`insert into business_profiles (workspace_id, legal_name, address)
    select id, name, address from workspaces where id = ${workspaceId}
    on conflict (workspace_id) do nothing`);
  await run(sql`update business_profiles set next_invoice_number = greatest(next_invoice_number,
      coalesce((select max(substring(invoice_number from '^INV-([0-9]{1,9})$')::int) + 1
        from invoices where workspace_id = ${workspaceId}), 1))
    where workspace_id = ${workspaceId}`);
}
