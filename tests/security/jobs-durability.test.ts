import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { POSTGRES_URL, postgresAdmin } from '../support/postgres.ts';
import { HttpClient, startServer, type ServerProcess } from '../support/server-process.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';

/*
 * Issue 21, item 1: a job queued before a SIGKILL runs once after the restart, and with
 * two servers working one queue each job runs on exactly one of them. The jobs here are
 * invoice emails, which a test can count at an SMTP sink.
 */

const PASSWORD = 'correct-horse-9';
const PG_BASE_URL = POSTGRES_URL ?? '';

/** A database of the pass's kind for this test alone, and how to remove it. */
async function makeDatabase(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (POSTGRES_URL) {
    const database = `keel_jobs_${randomBytes(5).toString('hex')}`;
    await postgresAdmin(`create database ${database}`);
    const url = new URL(PG_BASE_URL);
    url.pathname = `/${database}`;
    return {
      env: { DATABASE_URL: url.toString() },
      drop: async () => {
        await postgresAdmin(`drop database if exists ${database} with (force)`);
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'keel-jobs-'));
  const template = inject('pgliteTemplateDir');
  if (template) cpSync(template, dir, { recursive: true });
  return {
    env: { DATA_DIR: dir },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** An owner with a workspace and a client with a billing email, on `server`. */
async function ownerWithClient(server: ServerProcess, name: string) {
  const client = new HttpClient(server.url);
  const email = `${name}-${randomBytes(3).toString('hex')}@jobs.example.com`;
  expect(
    (await client.post('/api/auth/signup', { fullName: 'Jo Owner', email, password: PASSWORD }))
      .status,
  ).toBe(201);
  const workspace = await client.post('/api/workspaces', { name: `${name} Studio` });
  expect(workspace.status, workspace.text).toBe(201);
  const billing = `billing-${randomBytes(3).toString('hex')}@client.example.com`;
  const made = await client.post('/api/clients', { name: 'Jane Buyer', email: billing });
  expect(made.status, made.text).toBe(201);
  return {
    client,
    email,
    workspaceId: workspace.json.id as number,
    clientId: made.json.id,
    billing,
  };
}

async function draftInvoice(client: HttpClient, clientId: number, n: number) {
  const res = await client.post('/api/invoices', {
    clientId,
    currency: 'USD',
    lines: [{ description: `Work ${n}`, quantity: '1', unitPrice: `${100 + n}.00`, taxRate: '0' }],
  });
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}

async function signIn(server: ServerProcess, email: string, workspaceId: number) {
  const client = new HttpClient(server.url);
  expect((await client.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  expect((await client.post(`/api/workspaces/${workspaceId}/switch`)).status).toBe(200);
  return client;
}

describe(`background jobs on ${POSTGRES_URL ? 'PostgreSQL' : 'the embedded database'}`, () => {
  let sink: SmtpSink | undefined;
  let database: Awaited<ReturnType<typeof makeDatabase>> | undefined;
  const servers: ServerProcess[] = [];
  const start = async (env: Record<string, string>) => {
    const server = await startServer(env);
    servers.push(server);
    return server;
  };

  afterEach(async () => {
    for (const server of servers.splice(0)) await server.kill('SIGKILL');
    await database?.drop();
    database = undefined;
  }, 30_000);
  afterAll(async () => sink?.close());

  it('runs a job queued before a SIGKILL once, after the restart', async () => {
    sink = await startSmtpSink();
    database = await makeDatabase();
    const env = { ...database.env, SESSION_SECRET: 's'.repeat(40), SMTP_URL: sink.url };
    // A server that queues jobs but works none: the email waits in the queue.
    const first = await start({ ...env, JOB_WORKERS: 'false' });
    const owner = await ownerWithClient(first, 'killed');
    const invoiceId = await draftInvoice(owner.client, owner.clientId, 1);
    const sent = await owner.client.post(`/api/invoices/${invoiceId}/send`, {});
    expect(sent.status, sent.text).toBe(202);
    const outbox = await owner.client.get(`/api/invoices/${invoiceId}/emails`);
    expect(outbox.json).toEqual([expect.objectContaining({ status: 'queued' })]);

    await first.kill('SIGKILL');
    expect(sink.mails).toEqual([]);

    const second = await start(env);
    const mail = await sink.waitFor(owner.billing, { timeoutMs: 30_000 });
    expect(mail.attachments).toEqual([expect.objectContaining({ contentType: 'application/pdf' })]);
    const again = await signIn(second, owner.email, owner.workspaceId);
    await expect
      .poll(async () => (await again.get(`/api/invoices/${invoiceId}/emails`)).json[0]?.status, {
        timeout: 15_000,
      })
      .toBe('sent');
    // Sent once: nothing more arrives while the queue goes on polling.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(sink.mails.filter((m) => m.to.includes(owner.billing))).toHaveLength(1);
  }, 120_000);

  it.runIf(POSTGRES_URL)(
    'runs each job on exactly one of two servers working the same queue',
    async () => {
      sink ??= await startSmtpSink();
      database = await makeDatabase();
      const env = { ...database.env, SESSION_SECRET: 's'.repeat(40), SMTP_URL: sink.url };
      const [one, two] = await Promise.all([start(env), start(env)]);
      const owner = await ownerWithClient(one!, 'shared');
      const onTwo = new HttpClient(two!.url);
      onTwo.cookie = owner.client.cookie;
      const ids: number[] = [];
      for (let n = 0; n < 12; n++) ids.push(await draftInvoice(owner.client, owner.clientId, n));
      // Sent through both servers at once: each queues its half, both work them all.
      const answers = await Promise.all(
        ids.map((id, n) => (n % 2 ? onTwo : owner.client).post(`/api/invoices/${id}/send`, {})),
      );
      for (const answer of answers) expect(answer.status, answer.text).toBe(202);
      await expect
        .poll(() => sink!.mails.filter((m) => m.to.includes(owner.billing)).length, {
          timeout: 60_000,
        })
        .toBe(12);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const subjects = sink.mails
        .filter((m) => m.to.includes(owner.billing))
        .map((m) => m.subject)
        .sort();
      expect(subjects).toHaveLength(12);
      expect(new Set(subjects).size).toBe(12);
    },
    120_000,
  );
});
