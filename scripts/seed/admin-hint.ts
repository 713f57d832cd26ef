import type { Database } from '../../src/server/db/create-db.ts';

/**
 * The first account signed up on a server becomes its platform administrator; the demo's
 * accounts do not (their password is in the README), so a demo seeded before anyone signed
 * up leaves a server without one. Then the seed says how to make one: sign up, and grant
 * the rights with `npm run admin`. Undefined when an administrator exists.
 */
export async function adminHint(
  db: Database,
  kind: 'pglite' | 'postgres',
): Promise<string | undefined> {
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('isAdmin', '=', true)
    .executeTakeFirst();
  if (admin) return undefined;
  return [
    'This server has no platform administrator yet (the demo accounts are not one).',
    'Sign up with your own account, then give it the rights:',
    '  npm run admin -- grant you@example.com',
    ...(kind === 'pglite'
      ? ['With the embedded database, stop the server first: one process at a time opens it.']
      : []),
  ].join('\n');
}
