import type { LogEvent } from 'kysely';
import { CROSS_WORKSPACE, CROSS_WORKSPACE_MARKER } from '../../src/server/db/cross-workspace.ts';
import type { Database } from '../../src/server/db/create-db.ts';
import { distributedTables } from '../../src/server/db/tenancy.ts';
import { analyseWorkspaceScope, loadSqlParser } from './workspace-scope.ts';

/*
 * The integration suites' check that every statement is filtered by one workspace (issue 45):
 * each test database records the statements it runs (createDb's `log`), and after each test
 * (tests/support/workspace-queries.setup.ts) the new ones are analysed (workspace-scope.ts);
 * one that reaches a workspace table of several workspaces, and is not marked as such on
 * purpose (src/server/db/cross-workspace.ts), fails the test with its SQL and call site.
 *
 * Kysely's `log` hook rather than a KyselyPlugin: a plugin sees the operation tree before it
 * is compiled, and `db.withoutPlugins()` (the dashboard's and the admin console's raw reads)
 * drops it, so those statements would go unchecked; the log hook is the driver's, under
 * every Kysely instance made from the database, and sees the very SQL text that runs, builder
 * and `sql` templates alike. Production passes no `log`, and Kysely then wraps nothing.
 */

/** A statement's first sighting: where it was run from. */
interface Sighting {
  site: Error;
}

class StatementRecorder {
  distributed: ReadonlySet<string> = new Set();
  closed = false;
  /** New statements since the last check, by SQL text, each with its first call site. */
  private fresh = new Map<string, Sighting>();
  /** Every statement text checked already: a statement repeats thousands of times. */
  private checked = new Set<string>();

  readonly log = (event: LogEvent): void => {
    const text = event.query.sql;
    if (this.checked.has(text) || this.fresh.has(text)) return;
    // The stack is captured now and read only if the statement fails the check. The hook runs
    // once the statement is done, so the caller shows among the `async` frames.
    this.fresh.set(text, { site: new Error('statement') });
  };

  take(): Map<string, Sighting> {
    const fresh = this.fresh;
    this.fresh = new Map();
    for (const text of fresh.keys()) this.checked.add(text);
    return fresh;
  }
}

const recorders = new Set<StatementRecorder>();

/** A recorder for a database about to be made: its `log` goes to createDb. */
export function statementRecorder() {
  const recorder = new StatementRecorder();
  recorders.add(recorder);
  return {
    log: recorder.log,
    /** Reads the distributed tables from the database's catalog, once it is open. */
    async attach(db: Database) {
      recorder.distributed = new Set(await distributedTables(db));
    },
    /** The database is closed: checked once more, then forgotten. */
    closed() {
      recorder.closed = true;
    },
  };
}

/** Why a recorded statement breaks the rule, or undefined when it keeps it. */
export function workspaceScopeProblem(
  text: string,
  distributed: ReadonlySet<string>,
): string | undefined {
  let analysis;
  try {
    analysis = analyseWorkspaceScope(text, distributed);
  } catch (error) {
    return `could not be parsed to check it (${(error as Error).message})`;
  }
  const keys = [...text.matchAll(CROSS_WORKSPACE_MARKER)].map((m) => m[1]!);
  if (keys.length > 0) {
    const unknown = keys.filter((key) => !(key in CROSS_WORKSPACE));
    if (unknown.length > 0) {
      return `is marked cross-workspace with a key not in src/server/db/cross-workspace.ts: ${unknown.join(', ')}`;
    }
    if (analysis.unscoped.length === 0) {
      return 'is marked cross-workspace but is filtered by one workspace: remove the marker';
    }
    return undefined;
  }
  if (analysis.unscoped.length === 0) return undefined;
  return `reaches workspace tables not filtered by one workspace_id: ${analysis.unscoped.join(', ')}`;
}

function frames(site: Error): string[] {
  return (site.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
}

/**
 * A statement a test file ran itself to look at the database (`t.db…` in a test, to set up
 * rows or read what a request left): it serves no user, and is not held to the rule. Only when
 * the stack shows the test and no application code: a statement with no call site in its
 * stack (run by a job, after a timer) is checked.
 */
function ranByTestItself(site: Error): boolean {
  const own = frames(site).filter((line) => !line.includes('node_modules'));
  const application = own.some(
    (line) => line.includes('/src/server/') && !/\.test\.ts:/.test(line),
  );
  const test = own.some((line) => /\.test\.ts:/.test(line) || line.includes('/tests/'));
  return test && !application;
}

/** The frames of the application (else of the tests) that ran a statement. */
function callSite(site: Error): string {
  const own = frames(site).filter(
    (line) => !line.includes('node_modules') && !line.includes('/tests/support/'),
  );
  const app = own.filter((line) => line.includes('/src/server/'));
  const chosen = (app.length > 0 ? app : own).slice(0, 4);
  if (chosen.length === 0) return '    (no call site in the stack)';
  return chosen
    .map((line) => line.replace(process.cwd() + '/', '').replace(/file:\/\//, ''))
    .map((line) => `  ${line.trim().startsWith('at') ? line.trimEnd() : line}`)
    .join('\n');
}

/**
 * Every statement recorded since the last call that breaks the rule, described. The test of
 * the check itself includes the statements it runs (`includeTests`).
 */
export async function workspaceScopeViolations(
  options: { includeTests?: boolean } = {},
): Promise<string[]> {
  await loadSqlParser();
  const problems: string[] = [];
  for (const recorder of recorders) {
    for (const [text, { site }] of recorder.take()) {
      const problem = workspaceScopeProblem(text, recorder.distributed);
      if (problem && (options.includeTests || !ranByTestItself(site)))
        problems.push(`This statement ${problem}:\n    ${text}\n${callSite(site)}`);
    }
    if (recorder.closed) recorders.delete(recorder);
  }
  return problems;
}

/** Fails (throws) when a statement recorded since the last check breaks the rule. */
export async function assertWorkspaceScoped(
  options: { includeTests?: boolean } = {},
): Promise<void> {
  const problems = await workspaceScopeViolations(options);
  if (problems.length > 0) {
    throw new Error(
      `${problems.length} statement(s) not filtered by one workspace (issue 45; filter by workspace_id, or mark a statement cross-workspace on purpose in src/server/db/cross-workspace.ts):\n\n${problems.join('\n\n')}`,
    );
  }
}
