/**
 * What the client benchmark and the page budgets (bench/lighthouse.ts) both need: the built
 * client, and Keel's production server on an embedded database directory, started as a
 * child process (tests/support/server-process.ts, as the tests start it) and stopped again.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startServer as startServerProcess } from '../tests/support/server-process.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The median of `values` (the mean of the middle two when their count is even). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export async function ensureClient(clientDir: string, log: (line: string) => void): Promise<void> {
  if (existsSync(path.join(clientDir, 'index.html'))) return;
  log(`Building the client into ${clientDir}…`);
  const { build } = await import('vite');
  await build({ root: ROOT, logLevel: 'warn', build: { outDir: clientDir, emptyOutDir: true } });
}

export interface Server {
  baseUrl: string;
  stop(): Promise<void>;
}

/** The production server on `dataDir`, serving the client built in `clientDir`. */
export async function startServer(dataDir: string, clientDir: string): Promise<Server> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = await startServerProcess(
    {
      NODE_ENV: 'production',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      PORT: String(port),
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      APP_URL: baseUrl,
      // Every run signs in afresh; the benchmark is not a password-guessing attack.
      AUTH_ACCOUNT_RATE_LIMIT: '10000',
    },
    { timeoutMs: 60_000 },
  );
  return {
    baseUrl,
    stop: async () => {
      await server.kill('SIGTERM');
    },
  };
}
