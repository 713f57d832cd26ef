import { sql } from 'kysely';
import type { Database } from '../../db/create-db.ts';

/**
 * Stores a new reset link of the user (its token's SHA-256 only) and forgets every earlier
 * one, used or not: only the latest email's link works. Times are the database's clock,
 * as every server sharing it agrees on it.
 */
export async function replaceResetToken(
  db: Database,
  userId: number,
  tokenHash: string,
  minutes: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('passwordResetTokens').where('userId', '=', userId).execute();
    await trx
      .insertInto('passwordResetTokens')
      .values({
        userId,
        tokenHash,
        expiresAt: sql<Date>`now() + make_interval(mins => ${minutes}::int)`,
      })
      .execute();
  });
}

/** The user a token resets, if it is unused and not expired; it stays usable. */
export async function findUsableResetToken(db: Database, tokenHash: string) {
  return db
    .selectFrom('passwordResetTokens')
    .select(['id', 'userId'])
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/**
 * Marks the token used, in one statement, if it still is usable: of two requests racing
 * with the same link, one gets the user and the other nothing.
 */
export async function consumeResetToken(db: Database, tokenHash: string) {
  return db
    .updateTable('passwordResetTokens')
    .set({ usedAt: sql<Date>`now()` })
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .returning(['id', 'userId'])
    .executeTakeFirst();
}

/** The user's other links, once one of them has set a password. */
export async function deleteOtherResetTokens(db: Database, userId: number, keepId: number) {
  await db
    .deleteFrom('passwordResetTokens')
    .where('userId', '=', userId)
    .where('id', '!=', keepId)
    .execute();
}
