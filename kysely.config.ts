/**
 * kysely-ctl (`npx kysely …`): `migrate list`, `migrate latest`, `migrate up`, `migrate down`,
 * and `migrate make <name>`, which writes db/migrations/<date>-<number>-<name>.ts (add it to
 * db/migrations.ts, then `npm run db:codegen`). It opens the database the server would:
 * DATABASE_URL, else the embedded database in DATA_DIR (stop the server first: one process
 * owns an embedded database).
 */
import { readdirSync } from 'node:fs';
import { format } from 'date-fns';
import { defineConfig } from 'kysely-ctl';
import { loadConfig } from './src/server/config.ts';
import { createDb } from './src/server/db/create-db.ts';

const MIGRATION_FOLDER = 'db/migrations';

/** `2026-11-26-0009-`: the day, then the next number of the whole sequence. */
function nextMigrationPrefix(): string {
  const numbers = readdirSync(MIGRATION_FOLDER).map((file) => Number(file.slice(11, 15)) || 0);
  const next = String(Math.max(0, ...numbers) + 1).padStart(4, '0');
  return `${format(new Date(), 'yyyy-MM-dd')}-${next}-`;
}

export default defineConfig({
  kysely: async () => {
    const config = loadConfig();
    return (await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })).db;
  },
  migrations: { migrationFolder: MIGRATION_FOLDER, getMigrationPrefix: nextMigrationPrefix },
});
