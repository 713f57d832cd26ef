import { ConfigError } from './config.ts';
import { DataDirInUseError } from './db/create-db.ts';

type SystemError = NodeJS.ErrnoException & { port?: number; address?: string };

/**
 * What an operator did or must do, in one line, for the failures of a start that are theirs
 * to fix (a busy port, a data directory another process holds, a database it cannot reach,
 * invalid settings); undefined for anything else, which is a bug and keeps its stack trace.
 */
export function startupProblem(error: unknown): string | undefined {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) return error.message;
  if (!(error instanceof Error)) return undefined;
  const { code, port, address } = error as SystemError;
  switch (code) {
    case 'EADDRINUSE':
      return `Port ${port} is already in use: set PORT to another port.`;
    case 'EACCES':
      if (port === undefined) return undefined;
      return `Port ${port} needs privileges this process does not have: set PORT to 1024 or above.`;
    case 'EADDRNOTAVAIL':
      return `${address} is not an address of this machine: set HOST to one of its addresses (0.0.0.0 for all).`;
    // Unreachable, then PostgreSQL's own refusals: bad password, no such role or database.
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'ETIMEDOUT':
    case '28P01':
    case '28000':
    case '3D000':
      // An AggregateError (several addresses tried) may have no message of its own.
      return `Could not connect to the database of DATABASE_URL (${error.message || code}): check the URL and that PostgreSQL is running.`;
    default:
      return undefined;
  }
}

/** Ends a server or script that could not start: one line for a problem of the set-up. */
export function exitForStartupError(error: unknown): never {
  console.error(startupProblem(error) ?? error);
  process.exit(1);
}

/** The value of `start()`, or the end of the process with `exitForStartupError`. */
export function orExit<T>(start: () => T): T {
  try {
    return start();
  } catch (error) {
    return exitForStartupError(error);
  }
}
