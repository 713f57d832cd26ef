/**
 * What the client benchmark and the page budgets (bench/lighthouse.ts) both need: the built
 * client, a free loopback port, and Keel's production server on an embedded database
 * directory, started as a child process and stopped again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The median of `values` (the mean of the middle two when their count is even). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function ensureClient(clientDir: string, log: (line: string) => void): Promise<void> {
  if (existsSync(path.join(clientDir, 'index.html'))) return;
  log(`Building the client into ${clientDir}…`);
  const { build } = await import('vite');
  await build({ root: ROOT, logLevel: 'warn', build: { outDir: clientDir, emptyOutDir: true } });
}

export interface Server {
  baseUrl: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export async function startServer(dataDir: string, clientDir: string): Promise<Server> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      APP_URL: baseUrl,
      LOG_LEVEL: 'warn',
      // Every run signs in afresh; the benchmark is not a password-guessing attack.
      AUTH_RATE_LIMIT: '10000',
      AUTH_ACCOUNT_RATE_LIMIT: '10000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${stderr}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /api/health within 60 s:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    process: child,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
