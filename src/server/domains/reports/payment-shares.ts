import { sql } from 'kysely';
import { CURRENCIES } from '../../../shared/currencies.ts';

const codesWith = (digits: 0 | 3) =>
  Object.entries(CURRENCIES)
    .filter(([, c]) => c.digits === digits)
    .map(([code]) => code);

/** A currency column's minor digits in SQL, from the same table as minorDigits(). */
export const currencyDigitsSql = (column: string) =>
  sql`(case when ${sql.raw(column)} = any(${codesWith(0)}::text[]) then 0
    when ${sql.raw(column)} = any(${codesWith(3)}::text[]) then 3 else 2 end)`;

/**
 * Every payment of the workspace as a subquery (`id`, `date`, `amount`, `currency`,
 * `client_id`, `project_id`, `net`, `tax`): its invoice's currency, client and project, and
 * the parts of it that are revenue (`net`, before tax, after discounts) and tax collected
 * (`tax`). A payment carries its invoice's net ÷ total; the parts are rounded on the running
 * sum of the invoice's payments (by date, then id), so the net parts of an invoice paid in
 * full add up to its net exactly, however many payments it took. An invoice of 0 has no tax.
 */
export function paymentSharesSql(workspaceId: number) {
  const digits = currencyDigitsSql('i.currency');
  const netOf = (paid: string) => sql`(case when i.amount = 0 then (${sql.raw(paid)})
    else round((${sql.raw(paid)}) * (i.amount - i.tax_total) / i.amount, ${digits}) end)`;
  return sql`(
    select s.*, s.amount - s.net as tax
    from (
      select p.id, p.date, p.amount, i.currency, i.client_id, i.project_id,
        ${netOf('p.running')} - ${netOf('p.running - p.amount')} as net
      from (
        select p.id, p.invoice_id, p.workspace_id, p.date, p.amount,
          sum(p.amount) over (partition by p.invoice_id order by p.date, p.id) as running
        from invoice_payments p
        where p.workspace_id = ${workspaceId}
      ) p
      join invoices i on i.workspace_id = p.workspace_id and i.id = p.invoice_id
    ) s
  )`;
}

/**
 * Revenue as the reports count it (issue 41): every payment (paymentSharesSql) and every
 * credit note as negative revenue on its issue date, with the same columns (`id`, `date`,
 * `amount`, `currency`, `client_id`, `project_id`, `net`, `tax`) and `kind` ('payment' or
 * 'credit_note'). A credit note takes back its amount before tax from revenue and its tax
 * from the tax collected, in the period of its own date, whatever the invoice's.
 */
export function revenueSharesSql(workspaceId: number) {
  return sql`(
    select p.id, p.date, p.amount, p.currency, p.client_id, p.project_id, p.net, p.tax,
      'payment'::text as kind
    from ${paymentSharesSql(workspaceId)} p
    union all
    select cn.id, cn.issue_date, -cn.total, cn.currency, cn.client_id, cn.project_id,
      -cn.subtotal, -cn.tax_total, 'credit_note'::text
    from credit_notes cn
    where cn.workspace_id = ${workspaceId}
  )`;
}
