import { sql, type Kysely } from 'kysely';

/*
 * The data EN 16931 needs (issue 41, item 1). Every column is nullable (or defaults), so
 * existing rows keep working; the rules that make them required (the e-invoicing switch)
 * live in the code, which validates the merged profile.
 *
 * - business_profiles: the seller's structured address (country ISO 3166-1 alpha-2, street,
 *   city, postcode), company registration id, IBAN and BIC (stored normalised: upper case,
 *   no spaces), electronic address with its EAS scheme (both or neither), the switch.
 * - clients: the buyer's structured address, buyer reference (e.g. a Leitweg-ID) and
 *   electronic address with its scheme.
 * - invoice, estimate and recurring invoice lines: a UN/ECE Rec. 20 unit code, a UNCL 5305
 *   tax category and an exemption reason; null means "derived" (from the unit, the rate).
 * - invoices: buyer and purchase order references, the service period (end not before start).
 */
const LINE_TABLES = ['invoice_lines', 'estimate_lines', 'recurring_invoice_lines'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table business_profiles
      add column country_code text check (country_code is null or country_code ~ '^[A-Z]{2}$'),
      add column street text check (street is null or char_length(street) between 1 and 200),
      add column city text check (city is null or char_length(city) between 1 and 100),
      add column postal_code text check (postal_code is null or char_length(postal_code) between 1 and 20),
      add column registration_id text check (registration_id is null or char_length(registration_id) between 1 and 50),
      add column iban text check (iban is null or iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$'),
      add column bic text check (bic is null or bic ~ '^[A-Z0-9]{8}([A-Z0-9]{3})?$'),
      add column electronic_address text check (electronic_address is null or char_length(electronic_address) between 1 and 200),
      add column electronic_address_scheme text check (electronic_address_scheme is null or electronic_address_scheme ~ '^[A-Z0-9]{2,4}$'),
      add column einvoicing boolean not null default false,
      add constraint business_profiles_electronic_address_pair check ((electronic_address is null) = (electronic_address_scheme is null))
  `.execute(db);
  await sql`
    alter table clients
      add column country_code text check (country_code is null or country_code ~ '^[A-Z]{2}$'),
      add column street text check (street is null or char_length(street) between 1 and 200),
      add column city text check (city is null or char_length(city) between 1 and 100),
      add column postal_code text check (postal_code is null or char_length(postal_code) between 1 and 20),
      add column buyer_reference text check (buyer_reference is null or char_length(buyer_reference) between 1 and 200),
      add column electronic_address text check (electronic_address is null or char_length(electronic_address) between 1 and 200),
      add column electronic_address_scheme text check (electronic_address_scheme is null or electronic_address_scheme ~ '^[A-Z0-9]{2,4}$'),
      add constraint clients_electronic_address_pair check ((electronic_address is null) = (electronic_address_scheme is null))
  `.execute(db);
  for (const table of LINE_TABLES) {
    await sql
      .raw(
        `alter table ${table}
          add column unit_code text check (unit_code is null or unit_code ~ '^[A-Z0-9]{2,3}$'),
          add column tax_category text check (tax_category is null or tax_category in ('S', 'Z', 'E', 'AE', 'K', 'G', 'O')),
          add column tax_exemption_reason text check (tax_exemption_reason is null or char_length(tax_exemption_reason) between 1 and 300)`,
      )
      .execute(db);
  }
  await sql`
    alter table invoices
      add column buyer_reference text check (buyer_reference is null or char_length(buyer_reference) between 1 and 200),
      add column purchase_order_reference text check (purchase_order_reference is null or char_length(purchase_order_reference) between 1 and 200),
      add column service_period_start date,
      add column service_period_end date,
      add constraint invoices_service_period_order check (service_period_start is null or service_period_end is null or service_period_end >= service_period_start)
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    alter table invoices drop column buyer_reference, drop column purchase_order_reference,
      drop column service_period_start, drop column service_period_end
  `.execute(db);
  for (const table of LINE_TABLES) {
    await sql
      .raw(
        `alter table ${table} drop column unit_code, drop column tax_category, drop column tax_exemption_reason`,
      )
      .execute(db);
  }
  await sql`
    alter table clients drop column country_code, drop column street, drop column city,
      drop column postal_code, drop column buyer_reference, drop column electronic_address,
      drop column electronic_address_scheme
  `.execute(db);
  await sql`
    alter table business_profiles drop column country_code, drop column street, drop column city,
      drop column postal_code, drop column registration_id, drop column iban, drop column bic,
      drop column electronic_address, drop column electronic_address_scheme, drop column einvoicing
  `.execute(db);
}
