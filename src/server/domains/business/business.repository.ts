import { sql } from 'kysely';
import {
  formatInvoiceNumber,
  type BusinessProfile,
  type BusinessProfileUpdate,
  type TimeRoundingMode,
} from '../../../shared/business.schema.ts';
import type { Database } from '../../db/create-db.ts';

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
  'invoiceFooter',
  'timezone',
  'invoiceApprovedTimeOnly',
  'timeRoundingMinutes',
  'timeRoundingMode',
] as const;

/**
 * Every workspace has one profile. Workspaces made before the invoice engine got theirs in
 * its migration; new ones get it on first use, so workspace creation needs no step. Its
 * time zone starts as the owner's.
 */
async function ensureProfile(db: Database, workspaceId: number) {
  await db
    .insertInto('businessProfiles')
    .columns(['workspaceId', 'legalName', 'address', 'timezone'])
    .expression((eb) =>
      eb
        .selectFrom('workspaces')
        .select([
          'id',
          'name',
          'address',
          sql<string>`coalesce((select u.timezone from user_workspaces uw
            join users u on u.id = uw.user_id
            where uw.workspace_id = workspaces.id and uw.role = 'owner'
            order by uw.id limit 1), 'UTC')`.as('timezone'),
        ])
        .where('id', '=', workspaceId),
    )
    .onConflict((oc) => oc.column('workspaceId').doNothing())
    .execute();
}

export async function findProfile(db: Database, workspaceId: number): Promise<BusinessProfile> {
  let row = await db
    .selectFrom('businessProfiles')
    .select(columns)
    .where('workspaceId', '=', workspaceId)
    .executeTakeFirst();
  if (!row) {
    await ensureProfile(db, workspaceId);
    row = await db
      .selectFrom('businessProfiles')
      .select(columns)
      .where('workspaceId', '=', workspaceId)
      .executeTakeFirstOrThrow();
  }
  return {
    ...row,
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
    },
  };
}
