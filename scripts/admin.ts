/**
 * Platform administrator rights: `npm run admin -- grant <email>` or `revoke <email>`.
 * Uses the same configuration as the server (DATABASE_URL or DATA_DIR). With the embedded
 * database, stop the server first: only one process may open its directory.
 */
import { loadConfig } from '../src/server/config.ts';
import { createDb, migrateToLatest } from '../src/server/db/create-db.ts';
import { exitForStartupError, orExit, startupProblem } from '../src/server/startup-errors.ts';
import { setAdmin } from '../src/server/domains/auth/auth.repository.ts';

const [command, email] = process.argv.slice(2);
if ((command !== 'grant' && command !== 'revoke') || !email) {
  console.error('Usage: npm run admin -- grant <email> | revoke <email>');
  process.exit(2);
}

const config = orExit(() => loadConfig());
// A server holding the embedded database's directory is told in one line.
const handle = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch(
  exitForStartupError,
);
try {
  await migrateToLatest(handle.db);
  const user = await setAdmin(handle.db, email, command === 'grant');
  if (!user) {
    console.error(`No account with the email ${email}`);
    process.exitCode = 1;
  } else {
    console.log(`${user.email} is ${user.isAdmin ? 'now' : 'no longer'} a platform administrator`);
  }
} catch (error) {
  console.error(startupProblem(error) ?? error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
