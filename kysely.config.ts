/**
 * kysely-ctl, through npm scripts: `npm run migrate:list`, `migrate:latest`, `migrate:down`,
 * and `npm run migrate:make -- <name>`, which writes db/migrations/<date>-<number>-<name>.ts
 * (then list it in db/migrations.ts and run `npm run db:codegen`). It opens the database the
 * server would: DATABASE_URL, else the embedded database in DATA_DIR (stop the server first:
 * one process owns an embedded database).
 */
import { readdirSync } from 'node:fs';
import { format } from 'date-fns';
import { defineConfig } from 'kysely-ctl';
import { migrations } from './db/migrations.ts';
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
  migrations: {
    // The server's own list, not a scan of the folder: `latest` runs exactly what a server
    // start would, and a file not yet listed in db/migrations.ts is not run behind its back
    // (the server would then refuse the database as holding a migration it does not know).
    provider: { getMigrations: async () => migrations },
    getMigrationPrefix: nextMigrationPrefix,
    // @ts-expect-error kysely-ctl's types forbid a folder beside a provider, yet `migrate make`
    // writes its file into this folder whatever the provider (else into ./migrations).
    migrationFolder: MIGRATION_FOLDER,
  },
});
