import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LOG_LIMIT = 64 * 1024;

/** A real `src/server/main.ts` process on a loopback port, as an operator would run it. */
export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  /** The last 64 KB the process wrote, for failure messages. */
  output(): string;
  /** Sends the signal and waits for the process to be gone (SIGKILL after 10 s otherwise). */
  kill(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<ChildProcess>();

// A test that throws before its afterAll must still not leave servers behind.
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** A port nothing listens on right now (the kernel picks it, then it is released). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

function exited(child: ChildProcess) {
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve({ code: child.exitCode, signal: child.signalCode });
    } else child.once('exit', (code, signal) => resolve({ code, signal }));
  });
}

/**
 * Starts the server with `env` on top of this process's environment (minus the database
 * settings, which the caller gives), and resolves once `/api/health` answers.
 * `node --import tsx` keeps it one process, so a signal reaches the server itself and not
 * a wrapper that would leave it running.
 */
export async function startServer(
  env: Record<string, string>,
  options: { timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const timeoutMs = options.timeoutMs ?? 45_000;
  const port = Number(env.PORT ?? (await freePort()));
  const base = { ...process.env };
  delete base.DATABASE_URL;
  delete base.DATA_DIR;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...base,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '10000',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let log = '';
  const collect = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-LOG_LIMIT);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);

  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    port,
    pid: child.pid!,
    output: () => log,
    kill: async (signal = 'SIGKILL') => {
      const done = exited(child);
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      try {
        return await done;
      } finally {
        clearTimeout(timer);
      }
    },
  };

  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void exited(child).then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`The server exited before it was ready:\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return server;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  await server.kill('SIGKILL');
  throw new Error(`The server was not ready within ${timeoutMs} ms:\n${log}`);
}

/**
 * Runs the server as `startServer` does for a start that is meant to fail, and answers how
 * it ended and what it wrote on each stream (killed after `timeoutMs` if it keeps running).
 */
export async function runServerToExit(
  env: Record<string, string>,
  options: { timeoutMs?: number } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const base = { ...process.env };
  delete base.DATABASE_URL;
  delete base.DATA_DIR;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...base, NODE_ENV: 'test', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let stdout = '';
  let stderr = '';
  child.stdout!.on(
    'data',
    (chunk: Buffer) => (stdout = (stdout + chunk.toString()).slice(-LOG_LIMIT)),
  );
  child.stderr!.on(
    'data',
    (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-LOG_LIMIT)),
  );
  // 'close', not 'exit': the streams have then given up their last bytes too.
  const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 45_000);
  const code = await closed;
  clearTimeout(timer);
  return { code, stdout, stderr };
}

/** Kills every server this file started; for afterAll. */
export async function stopAllServers(): Promise<void> {
  await Promise.all(
    [...running].map(async (child) => {
      const done = exited(child);
      child.kill('SIGKILL');
      await done;
    }),
  );
}

/**
 * A fetch-based client that keeps the session cookie, like a script against the REST API.
 * Every call is bounded in time so a dead server fails the request instead of the test.
 */
export class HttpClient {
  cookie: string | undefined;

  constructor(public baseUrl: string) {}

  async request(method: string, path: string, body?: unknown, timeoutMs = 15_000) {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    for (const header of res.headers.getSetCookie()) {
      const match = /^keel\.sid=([^;]*)/.exec(header);
      if (match) this.cookie = match[1] ? `keel.sid=${match[1]}` : undefined;
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, json: json as any, text };
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body?: unknown) => this.request('POST', path, body);
  put = (path: string, body?: unknown) => this.request('PUT', path, body);
  delete = (path: string) => this.request('DELETE', path);
}
