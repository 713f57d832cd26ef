import { createQueryId, ValueNode, type Compilable, type Expression } from 'kysely';
import type { Database } from './create-db.ts';
import { rememberedRead } from './read-cache.ts';

/**
 * Where argument `name` of a prepared statement goes: Kysely takes it wherever it takes a
 * value (`where(col, '=', ref)`, `limit(ref)`, `sql\`…${ref}…\``), and the statement's
 * parameter is filled with the call's argument each time it runs.
 *
 * It is not the argument and cannot pass for one. The old `prepared` handed `build`
 * stand-in objects in the arguments' places; a build that tested one (`name ? filter : all`)
 * saw a truthy object and compiled the filter for every call, an empty name included.
 * Typed as an expression, a reference cannot be compared with a string or passed where one
 * is expected, and turning it into text or a number throws.
 */
export class ParameterReference<T> implements Expression<T> {
  constructor(readonly name: string) {}

  get expressionType(): T | undefined {
    return undefined;
  }

  toOperationNode() {
    return ValueNode.create(this);
  }

  [Symbol.toPrimitive](): never {
    throw new Error(
      `Parameter "${this.name}" of a prepared statement is a place in the SQL, not a value: ` +
        'choose the shape of the statement with preparedVariants',
    );
  }
}

/** What `build` receives for the arguments `P`: one reference per argument, never a value. */
export type ParameterReferences<P> = { readonly [K in keyof P]: ParameterReference<P[K]> };

/** References created on first use, so that `build` names its arguments by destructuring. */
function referencesFor<P>(): ParameterReferences<P> {
  const made = new Map<string, ParameterReference<unknown>>();
  return new Proxy({} as ParameterReferences<P>, {
    get(_target, name) {
      if (typeof name !== 'string') return undefined;
      let reference = made.get(name);
      if (!reference) made.set(name, (reference = new ParameterReference(name)));
      return reference;
    },
  });
}

/**
 * A query built and compiled once per database handle, then run with each call's arguments
 * put into its parameters. For the statements every request runs (its session, its caller):
 * building a Kysely query, passing it through CamelCasePlugin and compiling it costs the
 * server more CPU than the database spends answering it (see bench/profile.ts).
 *
 * `build` gets references to the arguments, not their values, so the SQL cannot depend on
 * them: a shape that does (a search or not, a limit or not) is a variant of
 * `preparedVariants`. Results still pass through the handle's plugins (CamelCasePlugin).
 *
 * With `remember`, the rows may come from the embedded database's read cache
 * (read-cache.ts): for reads that depend on the rows alone, never on `now()`. Remembered
 * rows are shared between callers, who must not change them.
 */
export function prepared<P extends Record<string, unknown>, R>(
  build: (db: Database, params: ParameterReferences<P>) => Compilable<R>,
  options: { remember?: boolean } = {},
): (db: Database, args: P) => Promise<R[]> {
  const compiled = new WeakMap<Database, ReturnType<Compilable<R>['compile']>>();
  const run = async (db: Database, args: P) => {
    let query = compiled.get(db);
    if (!query) {
      query = build(db, referencesFor<P>()).compile();
      compiled.set(db, query);
    }
    const parameters = query.parameters.map((value) => {
      if (!(value instanceof ParameterReference)) return value;
      const argument = args[value.name];
      // A missing argument would run as NULL, quietly matching nothing.
      if (argument === undefined) throw new Error(`Prepared statement needs "${value.name}"`);
      return argument;
    });
    const result = await db.executeQuery<R>({ ...query, parameters, queryId: createQueryId() });
    return result.rows;
  };
  if (!options.remember) return run;
  const id = `q${++remembered}`;
  return (db, args) => rememberedRead(db, `${id}${JSON.stringify(args)}`, () => run(db, args));
}

/** Numbers the remembering statements, whose keys in the read cache start with it. */
let remembered = 0;

/**
 * As `prepared`, for a query whose shape depends on the call: one statement compiled per
 * `variant`, which the caller chooses from the arguments and `build` reads to shape the SQL.
 * The variant is all `build` can branch on; it must say everything the shape depends on.
 */
export function preparedVariants<
  V extends string | Record<string, boolean>,
  P extends Record<string, unknown>,
  R,
>(
  build: (db: Database, variant: V, params: ParameterReferences<P>) => Compilable<R>,
  options: { remember?: boolean } = {},
): (db: Database, variant: V, args: P) => Promise<R[]> {
  const variants = new Map<string, (db: Database, args: P) => Promise<R[]>>();
  return (db, variant, args) => {
    const key = typeof variant === 'string' ? variant : JSON.stringify(variant);
    let run = variants.get(key);
    if (!run) {
      run = prepared<P, R>((handle, params) => build(handle, variant, params), options);
      variants.set(key, run);
    }
    return run(db, args);
  };
}

/** The shape of a prepared list read: whether it searches, is limited and is offset. */
export interface ListVariant extends Record<string, boolean> {
  search: boolean;
  limit: boolean;
  offset: boolean;
}

export function listVariant(
  searched: boolean,
  query: { limit?: number; offset?: number },
): ListVariant {
  return { search: searched, limit: query.limit !== undefined, offset: Boolean(query.offset) };
}

/** Limits and offsets a prepared list read as its variant says, at the given parameters. */
export function paginateVariant<
  Q extends { limit(n: Expression<number>): Q; offset(n: Expression<number>): Q },
>(query: Q, variant: ListVariant, limit: Expression<number>, offset: Expression<number>): Q {
  let result = query;
  if (variant.limit) result = result.limit(limit);
  if (variant.offset) result = result.offset(offset);
  return result;
}
