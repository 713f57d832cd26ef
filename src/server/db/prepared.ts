import { createQueryId, type Compilable } from 'kysely';
import type { Database } from './create-db.ts';
import { rememberedRead } from './read-cache.ts';
import { paginate } from './search.ts';

/** Stands in for argument `index` while the query is built and compiled. */
class Placeholder {
  constructor(readonly index: number) {}
}

const MAX_ARGUMENTS = 8;
const placeholders = Array.from({ length: MAX_ARGUMENTS }, (_, i) => new Placeholder(i));

/**
 * A query built and compiled once per database handle, then run with each call's arguments
 * swapped into its parameters. For the statements every request runs (its session, its
 * caller): building a Kysely query, passing it through CamelCasePlugin and compiling it
 * costs the server more CPU than the database spends answering it (see bench/profile.ts).
 *
 * `build` must use its arguments only as plain values (`where(col, '=', arg)`), never in
 * `in` lists, conditionals or SQL fragments: it runs once, with placeholders for them.
 * Results still pass through the handle's plugins (CamelCasePlugin).
 *
 * With `remember`, the rows may come from the embedded database's read cache
 * (read-cache.ts): for reads that depend on the rows alone, never on `now()`. Remembered
 * rows are shared between callers, who must not change them.
 */
export function prepared<A extends unknown[], R>(
  build: (db: Database, ...args: A) => Compilable<R>,
  options: { remember?: boolean } = {},
): (db: Database, ...args: A) => Promise<R[]> {
  const compiled = new WeakMap<Database, ReturnType<Compilable<R>['compile']>>();
  const run = async (db: Database, args: A) => {
    let query = compiled.get(db);
    if (!query) {
      query = build(db, ...(placeholders as unknown as A)).compile();
      compiled.set(db, query);
    }
    const parameters = query.parameters.map((value) =>
      value instanceof Placeholder ? args[value.index] : value,
    );
    const result = await db.executeQuery<R>({ ...query, parameters, queryId: createQueryId() });
    return result.rows;
  };
  if (!options.remember) return (db, ...args) => run(db, args);
  const id = `q${++remembered}`;
  return (db, ...args) => rememberedRead(db, `${id}${JSON.stringify(args)}`, () => run(db, args));
}

/** Numbers the remembering statements, whose keys in the read cache start with it. */
let remembered = 0;

/**
 * As `prepared`, for a query whose shape depends on the call (whether a search applies,
 * whether the list is paged): one statement compiled per `variant`, a short string that
 * `build` reads to choose the shape, and that must say everything it reads.
 */
export function preparedVariants<V extends string, A extends unknown[], R>(
  build: (db: Database, variant: V, ...args: A) => Compilable<R>,
  options: { remember?: boolean } = {},
): (db: Database, variant: V, ...args: A) => Promise<R[]> {
  const variants = new Map<V, (db: Database, ...args: A) => Promise<R[]>>();
  return (db, variant, ...args) => {
    let run = variants.get(variant);
    if (!run) {
      run = prepared((handle: Database, ...rest: A) => build(handle, variant, ...rest), options);
      variants.set(variant, run);
    }
    return run(db, ...args);
  };
}

/**
 * The variant of a prepared list read: whether it searches, and whether it is limited and
 * offset (see `paginateVariant`).
 */
export function listVariant(searched: boolean, query: { limit?: number; offset?: number }): string {
  return `${searched ? 'search' : ''}${query.limit !== undefined ? ' limit' : ''}${query.offset ? ' offset' : ''}`;
}

/** `paginate` for a prepared list read: the limit and offset its variant says it has. */
export function paginateVariant<Q extends { limit(n: number): Q; offset(n: number): Q }>(
  query: Q,
  variant: string,
  limit: number,
  offset: number,
): Q {
  return paginate(query, {
    limit: variant.includes('limit') ? limit : undefined,
    offset: variant.includes('offset') ? offset : undefined,
  });
}
