import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CamelCasePlugin, Kysely, PostgresDialect, sql, type Dialect, type LogEvent } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { DB } from '../../../db/schema.ts';
import { migrations } from '../../../db/migrations.ts';
import { installJobSchema } from '../domains/jobs/job-schema.ts';
import { embeddedDialect } from './embedded.ts';
import { migrateInOneTransaction } from './migrate.ts';

export type Database = Kysely<DB>;

export interface DbHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

// Type OIDs whose default JavaScript form does not suit the API.
const NUMERIC = 1700; // money travels as a string with two decimals
const DATE = 1082; // a calendar date is not an instant: keep 'yyyy-MM-dd'
const INT8 = 20; // counts: bigint → number (never near 2^53 here)

/** The one place a Kysely instance is made: PostgreSQL when a URL is given, else PGlite. */
export async function createDb(options: {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  /** Give up connecting after this long (pg waits forever by default): the replica's pool. */
  connectTimeoutMs?: number;
  /**
   * Told of every statement run, the test suites' recorder (tests/support/workspace-queries.ts).
   * Absent in production, where Kysely then wraps nothing.
   */
  log?: (event: LogEvent) => void;
}): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 20,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 0,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
          if (oid === NUMERIC || oid === DATE) return (v: string) => v;
          if (oid === INT8) return (v: string) => Number(v);
          return pg.types.getTypeParser(oid, format);
        }) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => {});
    const db = makeKysely(new PostgresDialect({ pool }), options.log);
    return { db, kind: 'postgres', close: () => db.destroy() };
  }

  const dataDir = options.dataDir ?? './data';
  const pgDir = join(dataDir, 'pglite');
  mkdirSync(pgDir, { recursive: true });
  const releaseLock = acquireLock(join(dataDir, 'keel.lock'));
  try {
    // Durability: PGlite starts PostgreSQL with fsync off (-F) and its Node file system has
    // no fsync anyway, but every commit is written to the kernel before the reply is sent.
    // So an acknowledged write survives the process being killed (SIGKILL, OOM; see
    // tests/security/durability.test.ts) but not a power cut or kernel crash: use
    // PostgreSQL where that matters.
    const client = await PGlite.create(pgDir, {
      // Trigram indexes serve contact search (migration 0005).
      extensions: { pg_trgm },
      // shared_buffers is 128MB in the data directory's postgresql.conf (initdb's default).
      // Inside PGlite that is WebAssembly memory, zeroed at start (so resident at once, and
      // 0.1 to 0.3 s of a start) and never given back. A block not in it is one read from
      // the OS page cache, about 10 µs; the bench data set (25 MB with indexes; a page of
      // its lists a few hundred blocks) reads as fast with 16MB. RSS idle 432 → ~310 MB.
      startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
      parsers: {
        [NUMERIC]: (v: string) => v,
        [DATE]: (v: string) => v,
        [INT8]: (v: string) => Number(v),
      },
    });
    // One process owns this database, on this thread: embedded.ts says what that allows.
    const embedded = embeddedDialect(new PGliteDialect(client) as Dialect);
    const db = makeKysely(embedded.dialect, options.log);
    embedded.attach(db);
    return {
      db,
      kind: 'pglite',
      close: async () => {
        await db.destroy();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

export function makeKysely(dialect: Dialect, log?: (event: LogEvent) => void): Database {
  return new Kysely<DB>({ dialect, plugins: [new CamelCasePlugin()], ...(log ? { log } : {}) });
}

/**
 * Brings the schema up to date. Safe with several servers, directly or through PgBouncer in
 * transaction mode: one transaction under an advisory lock (migrate.ts).
 */
export async function migrateToLatest(db: Database): Promise<void> {
  // Every start comes here, and the database is nearly always up to date: two reads say so,
  // where the Migrator creates its tables, takes its lock and reads them (a quarter second
  // of an embedded start).
  if (!(await isUpToDate(db))) await migrateInOneTransaction(db);
  await installJobSchema(db);
}

/** True when exactly our migrations, all of them, are recorded as run. */
async function isUpToDate(db: Database): Promise<boolean> {
  const { rows } = await sql<{ present: boolean }>`
    select to_regclass('kysely_migration') is not null as present`.execute(db);
  if (!rows[0]?.present) return false;
  const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  // Sorted here, not by the database's collation, as the Migrator sorts them.
  const names = applied.rows.map((row) => row.name).sort();
  const known = Object.keys(migrations).sort();
  return names.length === known.length && names.every((name, i) => name === known[i]);
}

/** Another live process holds the embedded database's directory: an operator's mistake, told in one line. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by process ${ownerPid} (another Keel server or script): stop it, or set DATA_DIR to another directory.`,
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * PGlite is one process's database: a second process opening the same directory would
 * corrupt it. The lock file holds the owner's pid (and, on Linux, when that process started);
 * a lock left by a dead process, as after SIGKILL, is taken over.
 */
function acquireLock(file: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${process.pid} ${processStart(process.pid) ?? ''}`.trim());
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
        process.off('exit', release);
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [pidText, startedText] = readFileSync(file, 'utf8').trim().split(/\s+/);
      const owner = Number(pidText);
      // After a crash and restart (a container, a reboot) the dead owner's pid may now be
      // another live process, even this server's own wrapper: a different start time says so.
      const ownerStarted = processStart(owner);
      const reused =
        startedText !== undefined && ownerStarted !== undefined && ownerStarted !== startedText;
      if (owner && owner !== process.pid && isAlive(owner) && !reused) {
        throw new DataDirInUseError(dirname(file), owner);
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${file}`);
}

/** The process's start time in clock ticks since boot (Linux); undefined elsewhere. */
function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name (which may hold spaces); starttime is 22nd.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
