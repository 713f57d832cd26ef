import type { Database } from './create-db.ts';

/**
 * Answers a few hot, repeated reads (a request's session and caller, a list's total) from
 * memory, on the embedded database only.
 *
 * PGlite is one process's database: create-db.ts locks its directory, so every statement
 * that can change it passes through this process's single connection, and the dialect of
 * embedded-dialect.ts reports it here. Any statement that is not a plain `select` (an
 * insert, update or delete, DDL, `begin`, `commit`, `rollback`, `vacuum`) moves the
 * generation on, before it runs and again once it is done. A remembered answer is used only at the generation it was
 * read at, so it is the answer the database would give now. With PostgreSQL other servers
 * write too, and nothing is remembered.
 *
 * Only reads whose result depends on the rows alone may be remembered: nothing reading
 * `now()` or a sequence. Reads inside a transaction are never remembered (a transaction is
 * another Kysely instance, unknown here).
 */
export class ReadCache {
  private generation = 0;
  private entries = new Map<string, Promise<unknown>>();

  /** A statement that may write is about to run or has run: forget everything. */
  written(): void {
    this.generation++;
    if (this.entries.size > 0) this.entries = new Map();
  }

  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const known = this.entries.get(key) as Promise<T> | undefined;
    if (known) return known;
    const generation = this.generation;
    const loading = load();
    // Requests arriving while it loads share it: no write has come between.
    if (this.entries.size >= MAX_ENTRIES) this.entries = new Map();
    const entries = this.entries;
    entries.set(key, loading);
    loading.then(
      () => {
        // A write issued while this read waited for the connection may or may not be in
        // its answer: keep it only when none came.
        if (this.generation !== generation) entries.delete(key);
      },
      () => entries.delete(key),
    );
    return loading;
  }
}

/** Sessions, callers and list totals of the people using one server: plenty. */
const MAX_ENTRIES = 10_000;

const caches = new WeakMap<Database, ReadCache>();

/** Makes `db` remember reads in `cache` (createDb does it for the embedded database). */
export function attachReadCache(db: Database, cache: ReadCache): void {
  caches.set(db, cache);
}

/** `load()`, or its remembered answer when `db` has a read cache and nothing was written since. */
export function rememberedRead<T>(db: Database, key: string, load: () => Promise<T>): Promise<T> {
  const cache = caches.get(db);
  return cache ? cache.read(key, load) : load();
}

/**
 * Whether `db` is the embedded database, whose statements run on this server's one thread
 * (createDb attaches a read cache to it alone): a long statement there holds up every
 * other request.
 */
export function runsOnServerThread(db: Database): boolean {
  return caches.has(db);
}
