import { sql, type Kysely } from 'kysely';

/*
 * Supplier e-invoices become expenses (issue 41, item 6).
 *
 * - draft: an imported expense waits for the user's review; drafts count in no report,
 *   total or billing until confirmed (draft = false). Every existing expense is confirmed.
 * - vendor_tax_id: the seller's VAT identifier (EN 16931 BT-31).
 * - supplier_invoice_number: the seller's own invoice number (BT-1), the reference.
 * - tax_amount: the invoice's VAT total (BT-110), in the expense's currency.
 * - One supplier invoice is imported once per workspace: unique on the seller (its VAT id,
 *   or its name when it has none) and the invoice number.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table expenses
      add column draft boolean not null default false,
      add column vendor_tax_id text
        check (vendor_tax_id is null or char_length(vendor_tax_id) between 1 and 100),
      add column supplier_invoice_number text
        check (supplier_invoice_number is null or char_length(supplier_invoice_number) between 1 and 200),
      add column tax_amount numeric(15, 3)
  `.execute(db);
  await sql`
    create unique index expenses_supplier_invoice_key
      on expenses (workspace_id, (coalesce(vendor_tax_id, lower(vendor))), supplier_invoice_number)
      where supplier_invoice_number is not null
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index expenses_supplier_invoice_key`.execute(db);
  await sql`
    alter table expenses drop column draft, drop column vendor_tax_id,
      drop column supplier_invoice_number, drop column tax_amount
  `.execute(db);
}
