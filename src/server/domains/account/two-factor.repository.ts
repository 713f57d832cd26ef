import { sql } from 'kysely';
import type { Database } from '../../db/create-db.ts';

/** The user's two-factor state: a secret without `enabledAt` is an enrolment not confirmed yet. */
export async function findTwoFactor(db: Database, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'fullName',
      'isActive',
      'twoFactorSecret as secret',
      'twoFactorEnabledAt as enabledAt',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function isTwoFactorEnabled(db: Database, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('twoFactorEnabledAt', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes an authenticator code's time step as the account's last one, if it is later than
 * the last accepted: false for a code used before (or an earlier one), even by a request
 * racing this one, since the condition is the UPDATE's own.
 */
export async function spendTimeStep(db: Database, userId: number, step: number) {
  const result = await db
    .updateTable('users')
    .set({ twoFactorLastStep: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('twoFactorLastStep', 'is', null), eb('twoFactorLastStep', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Stores a new pending secret; nothing when two-factor sign-in is already on. */
export async function savePendingSecret(db: Database, userId: number, secret: string) {
  const result = await db
    .updateTable('users')
    .set({ twoFactorSecret: secret, twoFactorLastStep: null, updatedAt: new Date() })
    .where('id', '=', userId)
    .where('twoFactorEnabledAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Turns the pending secret on and replaces the recovery codes, all or nothing. False when
 * the secret is no longer the pending one (a new setup, or an enable, happened meanwhile).
 */
export async function enableTwoFactor(
  db: Database,
  userId: number,
  secret: string,
  codeHashes: string[],
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('users')
      .set({ twoFactorEnabledAt: sql<Date>`now()`, updatedAt: new Date() })
      .where('id', '=', userId)
      .where('twoFactorSecret', '=', secret)
      .where('twoFactorEnabledAt', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx.deleteFrom('twoFactorRecoveryCodes').where('userId', '=', userId).execute();
    await trx
      .insertInto('twoFactorRecoveryCodes')
      .values(codeHashes.map((codeHash) => ({ userId, codeHash })))
      .execute();
    return true;
  });
}

/** Two-factor sign-in off: the secret and every recovery code are gone. */
export async function clearTwoFactor(db: Database, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        twoFactorSecret: null,
        twoFactorEnabledAt: null,
        twoFactorLastStep: null,
        updatedAt: new Date(),
      })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('twoFactorRecoveryCodes').where('userId', '=', userId).execute();
  });
}

/**
 * Spends a recovery code: true once, for the one statement that marks it used (two
 * requests racing with the same code cannot both get it).
 */
export async function spendRecoveryCode(
  db: Database,
  userId: number,
  codeHash: string,
): Promise<boolean> {
  const row = await db
    .updateTable('twoFactorRecoveryCodes')
    .set({ usedAt: sql<Date>`now()` })
    .where('userId', '=', userId)
    .where('codeHash', '=', codeHash)
    .where('usedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function countRecoveryCodesLeft(db: Database, userId: number): Promise<number> {
  const row = await db
    .selectFrom('twoFactorRecoveryCodes')
    .select(sql<number>`count(*)::int`.as('left'))
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return row.left;
}
