import { sql } from 'kysely';
import type { Database } from '../../db/create-db.ts';

/** The columns a request needs about its user; never the password hash. */
export async function findActiveUserById(db: Database, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'fullName', 'isAdmin', 'profileImageUrl'])
    .where('id', '=', id)
    .where('isActive', '=', true)
    .executeTakeFirst();
}
export type SessionUser = NonNullable<Awaited<ReturnType<typeof findActiveUserById>>>;

export async function findUserCredentialsByEmail(db: Database, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'fullName', 'passwordHash', 'isActive'])
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

/** The first account ever created is the platform administrator. */
export async function insertUser(
  db: Database,
  values: { email: string; fullName: string; passwordHash: string },
) {
  return db
    .insertInto('users')
    .values({
      email: values.email.toLowerCase(),
      fullName: values.fullName,
      passwordHash: values.passwordHash,
      isAdmin: sql<boolean>`not exists (select 1 from users)`,
    })
    .returning(['id', 'email', 'fullName'])
    .executeTakeFirstOrThrow();
}

export async function recordLogin(db: Database, userId: number): Promise<void> {
  await db.updateTable('users').set({ lastLoginAt: new Date() }).where('id', '=', userId).execute();
}

export async function setAdmin(db: Database, email: string, isAdmin: boolean) {
  return db
    .updateTable('users')
    .set({ isAdmin, updatedAt: new Date() })
    .where('email', '=', email.toLowerCase())
    .returning(['id', 'email', 'isAdmin'])
    .executeTakeFirst();
}
