import { sql } from 'kysely';
import {
  formatInvoiceNumber,
  type BusinessProfile,
  type BusinessProfileUpdate,
  type TimeRoundingMode,
} from '../../../shared/business.schema.ts';
import { setFields, type Party } from '../../../shared/invoices.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { findWorkspaceLogoFile } from '../files/files.repository.ts';

const columns = [
  'legalName',
  'address',
  'taxId',
  'currency',
  'defaultHourlyRate',
  'paymentTermsDays',
  'paymentInstructions',
  'invoicePrefix',
  'nextInvoiceNumber',
  'estimatePrefix',
  'creditNotePrefix',
  'invoiceFooter',
  'timezone',
  'dateFormat',
  'timeFormat',
  'invoiceApprovedTimeOnly',
  'logoUrl',
  'timeRoundingMinutes',
  'timeRoundingMode',
  'countryCode',
  'street',
  'city',
  'postalCode',
  'registrationId',
  'iban',
  'bic',
  'electronicAddress',
  'electronicAddressScheme',
  'einvoicing',
] as const;

/**
 * Every workspace has one profile, made with the workspace (after its owner joins: the
 * profile's clock, time zone and date and time formats, starts as the owner's). Workspaces of
 * before had theirs from migrations 0010 and 0061. Idempotent: the writes that need the row
 * call it too, for workspaces a seeder or a test inserted without it.
 */
export async function ensureProfile(db: Database, workspaceId: number) {
  await db
    .insertInto('businessProfiles')
    .columns(['workspaceId', 'legalName', 'address', 'timezone', 'dateFormat', 'timeFormat'])
    .expression((eb) =>
      eb
        .selectFrom('workspaces')
        .leftJoinLateral(
          (lateral) =>
            lateral
              .selectFrom('userWorkspaces as uw')
              .innerJoin('users as u', 'u.id', 'uw.userId')
              .select(['u.timezone', 'u.dateFormat', 'u.timeFormat'])
              .whereRef('uw.workspaceId', '=', 'workspaces.id')
              .where('uw.role', '=', 'owner')
              .orderBy('uw.id')
              .limit(1)
              .as('owner'),
          (join) => join.onTrue(),
        )
        .select([
          'workspaces.id',
          'workspaces.name',
          'workspaces.address',
          sql<string>`coalesce(owner.timezone, 'UTC')`.as('timezone'),
          sql<string>`coalesce(owner.date_format, 'MM/DD/YYYY')`.as('dateFormat'),
          sql<string>`coalesce(owner.time_format, '12h')`.as('timeFormat'),
        ])
        .where('workspaces.id', '=', workspaceId),
    )
    .onConflict((oc) => oc.column('workspaceId').doNothing())
    .execute();
}

function selectProfile(db: Database, workspaceId: number) {
  return db
    .selectFrom('businessProfiles')
    .select(columns)
    .select((eb) =>
      eb
        .selectFrom('workspaces')
        .select('workspaces.logoUrl')
        .where('workspaces.id', '=', workspaceId)
        .as('workspaceLogoUrl'),
    )
    .where('workspaceId', '=', workspaceId);
}

export async function findProfile(db: Database, workspaceId: number): Promise<BusinessProfile> {
  let row = await selectProfile(db, workspaceId).executeTakeFirst();
  // Only a workspace inserted outside createWorkspace (a seeder, a test) lacks its profile: a
  // read makes it then rather than fail. Keel's own workspaces never write here on a GET.
  if (!row) {
    await ensureProfile(db, workspaceId);
    row = await selectProfile(db, workspaceId).executeTakeFirstOrThrow();
  }
  return {
    ...row,
    // The column's check constraint holds it to the choices.
    dateFormat: row.dateFormat as BusinessProfile['dateFormat'],
    timeFormat: row.timeFormat as BusinessProfile['timeFormat'],
    workspaceLogoUrl: row.workspaceLogoUrl ?? null,
    // The column's check allows only these.
    timeRoundingMode: row.timeRoundingMode as TimeRoundingMode,
    nextInvoiceNumberPreview: formatInvoiceNumber(row.invoicePrefix, row.nextInvoiceNumber),
  };
}

export async function updateProfile(
  db: Database,
  workspaceId: number,
  values: BusinessProfileUpdate,
) {
  await ensureProfile(db, workspaceId);
  await db
    .updateTable('businessProfiles')
    .set({ ...values, updatedAt: sql<Date>`now()` })
    .where('workspaceId', '=', workspaceId)
    .execute();
}

/**
 * Takes the next invoice number of the workspace. Run inside the issuing transaction: the
 * UPDATE locks the profile row until commit, so concurrent issues queue here and a rolled
 * back issue gives its number back. Numbers are gap-free and never repeat.
 */
export async function takeInvoiceNumber(db: Database, workspaceId: number): Promise<string> {
  await ensureProfile(db, workspaceId);
  const row = await db
    .updateTable('businessProfiles')
    .set({ nextInvoiceNumber: sql<number>`next_invoice_number + 1` })
    .where('workspaceId', '=', workspaceId)
    .returning([sql<number>`next_invoice_number - 1`.as('counter'), 'invoicePrefix'])
    .executeTakeFirstOrThrow();
  return formatInvoiceNumber(row.invoicePrefix, row.counter);
}

/**
 * Takes the next credit note number of the workspace (CN-0001), its own sequence, in the
 * crediting transaction: gap-free and never repeated, as takeInvoiceNumber.
 */
export async function takeCreditNoteNumber(db: Database, workspaceId: number): Promise<string> {
  await ensureProfile(db, workspaceId);
  const row = await db
    .updateTable('businessProfiles')
    .set({ nextCreditNoteNumber: sql<number>`next_credit_note_number + 1` })
    .where('workspaceId', '=', workspaceId)
    .returning([sql<number>`next_credit_note_number - 1`.as('counter'), 'creditNotePrefix'])
    .executeTakeFirstOrThrow();
  return formatInvoiceNumber(row.creditNotePrefix, row.counter);
}

/** The workspace as its invoices name the seller: the profile, else the workspace itself. */
export async function findSeller(db: Database, workspaceId: number) {
  const profile = await findProfile(db, workspaceId);
  const workspace = await db
    .selectFrom('workspaces')
    .select(['name', 'email'])
    .where('id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return {
    profile,
    seller: {
      name: profile.legalName || workspace.name,
      contactName: null,
      address: profile.address,
      taxId: profile.taxId,
      email: workspace.email,
      // The structured fields only when set: a party without them freezes (and hashes, on
      // an accepted estimate) exactly as before they existed.
      ...setFields({
        countryCode: profile.countryCode,
        street: profile.street,
        city: profile.city,
        postalCode: profile.postalCode,
        registrationId: profile.registrationId,
        electronicAddress: profile.electronicAddress,
        electronicAddressScheme: profile.electronicAddressScheme,
        iban: profile.iban,
        bic: profile.bic,
      }),
    } satisfies Party,
  };
}

/**
 * The logo the workspace's documents print: the profile's own, else the workspace's, and
 * only while it is a file the workspace holds. Undefined: the documents print none.
 */
export async function findDocumentLogo(db: Database, workspaceId: number) {
  const { logoUrl, workspaceLogoUrl } = await findProfile(db, workspaceId);
  const url = logoUrl ?? workspaceLogoUrl;
  return url ? findWorkspaceLogoFile(db, workspaceId, url) : undefined;
}
