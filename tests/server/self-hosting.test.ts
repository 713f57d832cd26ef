import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { adminHint } from '../../scripts/seed/admin-hint.ts';
import { seedDemo } from '../../scripts/seed/demo.ts';
import { loggingOptions } from '../../src/server/logger.ts';
import { createMailer, type Mail } from '../../src/server/plugins/mailer.ts';
import {
  freePort,
  HttpClient,
  runServerToExit,
  startServer,
  stopAllServers,
} from '../support/server-process.ts';
import { openTestDatabase } from '../support/test-app.ts';

/**
 * What someone running Keel on their own machine sees: one clear line when the port or the
 * data directory is taken, emails that stand out in the log, and a way to an administrator
 * after seeding the demo first.
 */
const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'keel-self-hosting-'));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  await stopAllServers();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * A test that starts a real server waits for tsx to compile the whole app first: on CI's two
 * cores, shared with the browser lanes, that passed 30 s.
 */
const REAL_SERVER = { timeout: 120_000 };

const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');
// eslint-disable-next-line no-control-regex
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

describe('a start that cannot go on', () => {
  it('says in one line that the port is in use, and exits with 1', REAL_SERVER, async () => {
    const port = await freePort();
    const holder: Server = createServer();
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
    try {
      const run = await runServerToExit({
        PORT: String(port),
        DATA_DIR: tempDir(),
        LOG_LEVEL: 'info',
      });
      expect(run.code).toBe(1);
      expect(lines(run.stderr)).toEqual([
        `Port ${port} is already in use: set PORT to another port.`,
      ]);
      expect(run.stderr + run.stdout).not.toMatch(/^\s+at /m);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it('says in one line that another process holds the data directory', REAL_SERVER, async () => {
    const dataDir = tempDir();
    // This test's own process, alive, as the lock's owner.
    writeFileSync(join(dataDir, 'keel.lock'), String(process.pid));
    const run = await runServerToExit({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual([
      `The data directory ${dataDir} is in use by process ${process.pid} (another Keel server or script): stop it, or set DATA_DIR to another directory.`,
    ]);
    expect(run.stdout).toBe('');
  });
  it('says in one line that PostgreSQL cannot be reached', REAL_SERVER, async () => {
    const closed = await freePort();
    const run = await runServerToExit({
      PORT: String(await freePort()),
      DATABASE_URL: `postgres://keel@127.0.0.1:${closed}/keel`,
    });
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual([
      `Could not connect to the database of DATABASE_URL (connect ECONNREFUSED 127.0.0.1:${closed}): check the URL and that PostgreSQL is running.`,
    ]);
  });
});

describe('an email written to the log (no SMTP_URL)', () => {
  const link = 'https://keel.example.com/reset-password/Zm9vYmFyYmF6cXV4';
  const mail: Mail = {
    to: 'ada@example.com',
    subject: 'Reset your Keel password',
    text: `Hello Ada,\n\nChoose a new password within an hour: ${link}\nIgnore this email if you did not ask.`,
  };

  async function logged(format: 'json' | 'pretty'): Promise<string> {
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const options =
      format === 'json'
        ? { logger: { level: 'info', stream: out } }
        : await loggingOptions({ logLevel: 'info', logFormat: 'pretty' }, out);
    const app = Fastify(options);
    await createMailer(undefined, app.log).send(mail);
    await app.close();
    return text;
  }

  it('puts the link on a line of its own between rules in a terminal, with To and Subject', async () => {
    const shown = lines(plain(await logged('pretty')));
    expect(shown).toContain(link);
    expect(shown[0]).toMatch(/Email not sent \(no SMTP_URL is set\)/);
    expect(shown).toContain('To:      ada@example.com');
    expect(shown).toContain('Subject: Reset your Keel password');
    const rules = shown.flatMap((line, i) => (/^─{20,}$/.test(line) ? [i] : []));
    expect(rules).toHaveLength(2);
    const at = shown.indexOf(link);
    expect(at).toBeGreaterThan(rules[0]!);
    expect(at).toBeLessThan(rules[1]!);
    // The text around the link is kept, on its own lines.
    expect(shown).toContain('Choose a new password within an hour:');
    expect(shown).toContain('Ignore this email if you did not ask.');
  });

  it('is one JSON line otherwise, with the link on its own line of the message and apart', async () => {
    const [line, ...rest] = lines(await logged('json'));
    expect(rest).toEqual([]);
    const entry = JSON.parse(line!);
    expect(entry.msg.split('\n')).toContain(link);
    expect(entry.mail).toEqual({ to: mail.to, subject: mail.subject, links: [link] });
  });

  it("a real server's invitation email, as its operator reads it", REAL_SERVER, async () => {
    const server = await startServer({
      DATA_DIR: tempDir(),
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'pretty',
    });
    const owner = new HttpClient(server.url);
    const signup = await owner.post('/api/auth/signup', {
      fullName: 'Grace Owner',
      email: 'grace@example.com',
      password: 'correct-horse-9',
    });
    expect(signup.status).toBe(201);
    expect((await owner.post('/api/workspaces', { name: 'Acme' })).status).toBe(201);
    const invite = await owner.post('/api/admin/invite', {
      email: 'bob@example.com',
      fullName: 'Bob Invitee',
      role: 'collaborator',
    });
    expect(invite.status).toBe(201);
    const { inviteUrl } = invite.json as { inviteUrl: string };
    await expect
      .poll(() => lines(plain(server.output())), { timeout: 10_000 })
      .toContain(inviteUrl);
    // One line a request, not Fastify's two with their objects (written once it is answered).
    await expect
      .poll(() =>
        lines(plain(server.output())).some((l) =>
          /INFO: POST \/api\/admin\/invite 201 [\d.]+ ms$/.test(l),
        ),
      )
      .toBe(true);
    expect(server.output()).not.toContain('incoming request');
    await server.kill('SIGTERM');
  });
});

describe('the demo seeded before anyone signed up', () => {
  it('leaves no administrator, and the seed says how to make one', async () => {
    const handle = await openTestDatabase();
    try {
      const admins = () =>
        handle.db.selectFrom('users').select('email').where('isAdmin', '=', true).execute();
      // The copied template holds no account: this is a fresh server.
      expect(await handle.db.selectFrom('users').select('id').execute()).toEqual([]);
      await seedDemo(handle.db);
      expect(await admins()).toEqual([]);

      const hint = await adminHint(handle.db, handle.kind);
      expect(hint).toContain('npm run admin -- grant you@example.com');
      expect(hint?.includes('stop the server first')).toBe(handle.kind === 'pglite');

      // Once someone has the rights, the seed says nothing more.
      await handle.db
        .updateTable('users')
        .set({ isAdmin: true })
        .where('email', '=', 'demo@keel.example.com')
        .execute();
      expect(await adminHint(handle.db, handle.kind)).toBeUndefined();
    } finally {
      await handle.close();
    }
  });
});
