import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { POSTGRES_URL, postgresAdmin } from '../support/postgres.ts';
import { HttpClient, startServer, type ServerProcess } from '../support/server-process.ts';
import {
  createTestApp,
  signUp,
  signUpWithWorkspace,
  testConfig,
  uniqueEmail,
  type TestApp,
} from '../support/test-app.ts';

/*
 * Issue 15, items 2 and 3: nobody can lock another person out of sign-in, and the limits
 * hold across several servers. Failures only are counted, per (email, client address)
 * strictly and per email under a looser ceiling; a success resets its (email, address)
 * counter; the refusal names the real wait. The counters live in the database, so two
 * servers on one database enforce one limit. argon2 is wrapped so the tests can tell
 * whether a refused attempt reached the hashing at all.
 */
const argonCalls = vi.hoisted(() => ({ verify: 0 }));
vi.mock('argon2', async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof import('argon2') }>()).default;
  return {
    default: {
      ...real,
      verify: (...args: Parameters<typeof real.verify>) => {
        argonCalls.verify += 1;
        return real.verify(...args);
      },
    },
  };
});

const ACCOUNT_LIMIT = 5;
const EMAIL_LIMIT = 12;
const WINDOW_SECONDS = 15 * 60;
const WRONG = 'not-my-password';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    authRateLimit: 10_000,
    authAccountRateLimit: ACCOUNT_LIMIT,
    authEmailRateLimit: EMAIL_LIMIT,
  });
});
afterAll(() => t.close());

let addressCounter = 0;
/** A client address no other test of this file uses. */
function newAddress(): string {
  addressCounter += 1;
  return `10.${Math.floor(addressCounter / 250) + 1}.${addressCounter % 250}.1`;
}

function login(app: FastifyInstance, email: string, password: string, address: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: address,
  });
}

/** A request with a session cookie from a given address. */
function withSession(
  app: FastifyInstance,
  cookie: string,
  method: 'POST' | 'PUT',
  url: string,
  body: object,
  address = '127.0.0.1',
) {
  return app.inject({ method, url, payload: body, headers: { cookie }, remoteAddress: address });
}

/** The 429 answer: the wait in whole minutes (rounded up) in the message and in Retry-After. */
function expectRefusal(res: LightMyRequestResponse, windowSeconds: number) {
  expect(res.statusCode, res.body).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter), `Retry-After: ${res.headers['retry-after']}`).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  const minutes = Math.ceil(retryAfter / 60);
  expect(res.json().error).toBe(
    `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  );
}

async function failures(app: FastifyInstance, email: string, address: string, times: number) {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++)
    statuses.push((await login(app, email, WRONG, address)).statusCode);
  return statuses;
}

describe('sign-in counts failures per (email, address) with a ceiling per email', () => {
  it('wrong passwords from one address do not lock the owner out elsewhere; that address is refused even with the right password', async () => {
    const { email, password } = await signUp(t.app);
    const attacker = newAddress();
    expect(await failures(t.app, email, attacker, ACCOUNT_LIMIT)).toEqual(
      Array(ACCOUNT_LIMIT).fill(401),
    );

    const owner = await login(t.app, email, password, newAddress());
    expect(owner.statusCode, owner.body).toBe(200);

    const callsBefore = argonCalls.verify;
    const refused = await login(t.app, email, password, attacker);
    expectRefusal(refused, WINDOW_SECONDS);
    // Nearly the whole window is left: the message says so, not "a minute".
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(WINDOW_SECONDS - 120);
    expect(refused.json().error).toBe('Too many attempts. Please try again in 15 minutes.');
    expect(refused.cookies.find((c) => c.name === 'keel.sid')?.value ?? '').toBe('');
    // Refused before any hashing.
    expect(argonCalls.verify).toBe(callsBefore);
    // The address case of the email makes no new key.
    expectRefusal(await login(t.app, email.toUpperCase(), password, attacker), WINDOW_SECONDS);
  });

  it('does not count successful sign-ins', async () => {
    const { email, password } = await signUp(t.app);
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 2 * ACCOUNT_LIMIT; i++) {
      statuses.push((await login(t.app, email, password, address)).statusCode);
    }
    expect(statuses).toEqual(Array(2 * ACCOUNT_LIMIT).fill(200));
  });

  it('a success resets the counter of its (email, address)', async () => {
    const { email, password } = await signUp(t.app);
    const address = newAddress();
    expect(await failures(t.app, email, address, ACCOUNT_LIMIT - 1)).toEqual(
      Array(ACCOUNT_LIMIT - 1).fill(401),
    );
    expect((await login(t.app, email, password, address)).statusCode).toBe(200);
    // A full allowance again, and then the limit holds again.
    expect(await failures(t.app, email, address, ACCOUNT_LIMIT)).toEqual(
      Array(ACCOUNT_LIMIT).fill(401),
    );
    expectRefusal(await login(t.app, email, password, address), WINDOW_SECONDS);
  });

  it('holds the ceiling per email across addresses', async () => {
    const { email, password } = await signUp(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < EMAIL_LIMIT; i++) {
      statuses.push((await login(t.app, email, WRONG, newAddress())).statusCode);
    }
    expect(statuses).toEqual(Array(EMAIL_LIMIT).fill(401));
    const callsBefore = argonCalls.verify;
    expectRefusal(await login(t.app, email, password, newAddress()), WINDOW_SECONDS);
    expect(argonCalls.verify).toBe(callsBefore);
  });

  it('answers an unknown email exactly like a known one', async () => {
    const { email } = await signUp(t.app);
    const unknown = uniqueEmail('nobody');
    const transcripts: string[][] = [];
    for (const target of [email, unknown]) {
      const address = newAddress();
      const transcript: string[] = [];
      for (let i = 0; i < ACCOUNT_LIMIT + 2; i++) {
        const res = await login(t.app, target, WRONG, address);
        const wait = res.headers['retry-after'] === undefined ? 'none' : 'given';
        transcript.push(`${res.statusCode} ${wait} ${res.body}`);
      }
      transcripts.push(transcript);
    }
    expect(transcripts[1]).toEqual(transcripts[0]);
    expect(transcripts[0]!.at(-1)).toBe(
      '429 given {"success":false,"error":"Too many attempts. Please try again in 15 minutes."}',
    );
  });

  it('keeps the per-address limit on sign-up, with the real wait', async () => {
    const limited = await buildApp(testConfig({ authRateLimit: 3 }), t.db);
    try {
      const address = newAddress();
      const signup = () =>
        limited.inject({
          method: 'POST',
          url: '/api/auth/signup',
          payload: { fullName: 'Rate Limited', email: uniqueEmail(), password: 'secret-1' },
          remoteAddress: address,
        });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await signup()).statusCode);
      expect(statuses).toEqual([201, 201, 201]);
      const refused = await signup();
      expectRefusal(refused, 60);
      expect(refused.json().error).toBe('Too many attempts. Please try again in 1 minute.');
      // Another address is not affected.
      expect(
        (
          await limited.inject({
            method: 'POST',
            url: '/api/auth/signup',
            payload: { fullName: 'Other Place', email: uniqueEmail(), password: 'secret-1' },
            remoteAddress: newAddress(),
          })
        ).statusCode,
      ).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('a known device and the per-email ceiling (issue 37, item 5)', () => {
  function loginOn(device: string | undefined, email: string, password: string, address: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: address,
      ...(device ? { headers: { cookie: `keel.device=${device}` } } : {}),
    });
  }

  it("strangers filling the ceiling from many addresses cannot lock the owner's known device out", async () => {
    const { email, password } = await signUp(t.app);
    const home = newAddress();
    const first = await login(t.app, email, password, home);
    expect(first.statusCode, first.body).toBe(200);
    const mark = first.cookies.find((c) => c.name === 'keel.device');
    expect(mark?.httpOnly).toBe(true);
    expect(mark!.maxAge).toBeGreaterThan(300 * 24 * 60 * 60);
    const device = mark!.value;

    // Strangers, each under the per-address limit, until the ceiling refuses a fresh address.
    const strangers: number[] = [];
    while (strangers.length <= EMAIL_LIMIT) {
      strangers.push(...(await failures(t.app, email, newAddress(), ACCOUNT_LIMIT - 1)));
    }
    expect(strangers.slice(0, EMAIL_LIMIT)).toEqual(Array(EMAIL_LIMIT).fill(401));
    expect(strangers.at(-1)).toBe(429);
    expectRefusal(await login(t.app, email, password, newAddress()), WINDOW_SECONDS);

    // A new device is refused, even at the owner's address and with the right password.
    expectRefusal(await login(t.app, email, password, home), WINDOW_SECONDS);
    // A mark that is not the server's, or another account's, is no known device.
    expectRefusal(
      await loginOn(String(first.json().user.id), email, password, home),
      WINDOW_SECONDS,
    );
    const other = await signUp(t.app);
    const otherMark = (await login(t.app, other.email, other.password, home)).cookies.find(
      (c) => c.name === 'keel.device',
    )!.value;
    expectRefusal(await loginOn(otherMark, email, password, home), WINDOW_SECONDS);

    // The owner's known device signs in, from home and from anywhere else.
    const owner = await loginOn(device, email, password, home);
    expect(owner.statusCode, owner.body).toBe(200);
    expect((await loginOn(device, email, password, newAddress())).statusCode).toBe(200);

    // Its wrong passwords are not counted against the ceiling, but its own limit holds.
    const travelling = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < ACCOUNT_LIMIT; i++)
      statuses.push((await loginOn(device, email, WRONG, travelling)).statusCode);
    expect(statuses).toEqual(Array(ACCOUNT_LIMIT).fill(401));
    expectRefusal(await loginOn(device, email, password, travelling), WINDOW_SECONDS);
  });
});

describe('invitation acceptance with an existing account', () => {
  it('counts wrong passwords like sign-in, on the same counters', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Throttled Invitations');
    const invitee = await signUp(t.app);
    const sent = await owner.client.post('/api/admin/invite', {
      email: invitee.email,
      fullName: 'Invited Again',
      role: 'project_manager',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const token = (sent.json().inviteUrl as string).split('/invite/')[1]!;
    const accept = (password: string, address: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/invite/${token}/accept`,
        payload: { password },
        remoteAddress: address,
      });

    const attacker = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < ACCOUNT_LIMIT; i++)
      statuses.push((await accept(WRONG, attacker)).statusCode);
    expect(statuses).toEqual(Array(ACCOUNT_LIMIT).fill(401));

    const callsBefore = argonCalls.verify;
    expectRefusal(await accept(invitee.password, attacker), WINDOW_SECONDS);
    // The same counter as sign-in from that address.
    expectRefusal(await login(t.app, invitee.email, invitee.password, attacker), WINDOW_SECONDS);
    expect(argonCalls.verify).toBe(callsBefore);

    // The owner of the account, elsewhere, still joins.
    const joined = await accept(invitee.password, newAddress());
    expect(joined.statusCode, joined.body).toBe(200);
    const membership = await t.db
      .selectFrom('userWorkspaces')
      .select('role')
      .where('userId', '=', invitee.user.id)
      .where('workspaceId', '=', owner.workspace.id)
      .executeTakeFirst();
    expect(membership).toEqual({ role: 'project_manager' });
  });
});

describe('password change', () => {
  const NEW_PASSWORD = 'Fresh-Password-42';

  it('is refused after the limit of wrong current passwords, even with the right one', async () => {
    const { client, password, user } = await signUp(t.app);
    const cookie = client.cookie!;
    const hashBefore = await passwordHash(user.id);
    const change = (currentPassword: string) =>
      withSession(t.app, cookie, 'PUT', '/api/account/password', {
        currentPassword,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });

    const statuses: number[] = [];
    for (let i = 0; i < ACCOUNT_LIMIT; i++) statuses.push((await change(WRONG)).statusCode);
    expect(statuses).toEqual(Array(ACCOUNT_LIMIT).fill(400));

    const callsBefore = argonCalls.verify;
    expectRefusal(await change(password), WINDOW_SECONDS);
    expect(argonCalls.verify).toBe(callsBefore);
    expect(await passwordHash(user.id)).toBe(hashBefore);
    // Sign-in is not blocked by it: the owner still signs in with the old password.
    expect((await login(t.app, user.email, password, newAddress())).statusCode).toBe(200);
  });

  it('holds under a burst of concurrent guesses', async () => {
    const { client, user } = await signUp(t.app);
    const cookie = client.cookie!;
    const hashBefore = await passwordHash(user.id);
    const callsBefore = argonCalls.verify;
    const burst = await Promise.all(
      Array.from({ length: 4 * ACCOUNT_LIMIT }, () =>
        withSession(t.app, cookie, 'PUT', '/api/account/password', {
          currentPassword: WRONG,
          newPassword: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        }),
      ),
    );
    const statuses = burst.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([
      ...Array(ACCOUNT_LIMIT).fill(400),
      ...Array(3 * ACCOUNT_LIMIT).fill(429),
    ]);
    // Only the counted guesses reached argon2.
    expect(argonCalls.verify - callsBefore).toBe(ACCOUNT_LIMIT);
    expect(await passwordHash(user.id)).toBe(hashBefore);
  });

  it('a success resets the count', async () => {
    const { client, password } = await signUp(t.app);
    const cookie = client.cookie!;
    const change = (currentPassword: string, newPassword: string) =>
      withSession(t.app, cookie, 'PUT', '/api/account/password', {
        currentPassword,
        newPassword,
        confirmPassword: newPassword,
      });
    for (let i = 0; i < ACCOUNT_LIMIT - 1; i++) {
      expect((await change(WRONG, NEW_PASSWORD)).statusCode).toBe(400);
    }
    const changed = await change(password, NEW_PASSWORD);
    expect(changed.statusCode, changed.body).toBe(200);
    // A full allowance again, and then the limit holds again.
    for (let i = 0; i < ACCOUNT_LIMIT; i++) {
      expect((await change(WRONG, 'Other-Password-43')).statusCode).toBe(400);
    }
    expectRefusal(await change(NEW_PASSWORD, 'Other-Password-43'), WINDOW_SECONDS);
  });
});

async function passwordHash(userId: number) {
  const row = await t.db
    .selectFrom('users')
    .select('passwordHash')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.passwordHash;
}

describe('several servers on one database enforce one limit', () => {
  it('two apps over one database handle share the counters', async () => {
    const limits = { authRateLimit: 10_000, authAccountRateLimit: 6, authEmailRateLimit: 100 };
    const one = await buildApp(testConfig(limits), t.db);
    const two = await buildApp(testConfig(limits), t.db);
    try {
      const { email, password } = await signUp(t.app);
      const address = newAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await login(i % 2 ? two : one, email, WRONG, address)).statusCode);
      }
      expect(statuses).toEqual(Array(6).fill(401));
      expectRefusal(await login(one, email, password, address), WINDOW_SECONDS);
      expectRefusal(await login(two, email, password, address), WINDOW_SECONDS);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});

describe('the client address behind a reverse proxy', () => {
  function loginVia(app: FastifyInstance, email: string, password: string, forwarded: string) {
    return app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': forwarded },
    });
  }

  it('without TRUST_PROXY, a forged X-Forwarded-For does not move an attacker to a fresh counter', async () => {
    const { email, password } = await signUp(t.app);
    for (let i = 0; i < ACCOUNT_LIMIT; i++) {
      expect((await loginVia(t.app, email, WRONG, `198.51.100.${i}`)).statusCode).toBe(401);
    }
    expectRefusal(await loginVia(t.app, email, password, '198.51.100.99'), WINDOW_SECONDS);
  });

  it('with TRUST_PROXY naming the proxy, each forwarded client has its own counter', async () => {
    const behindProxy = await buildApp(
      testConfig({
        authRateLimit: 10_000,
        authAccountRateLimit: ACCOUNT_LIMIT,
        authEmailRateLimit: EMAIL_LIMIT,
        trustProxy: ['127.0.0.1'],
      }),
      t.db,
    );
    try {
      const { email, password } = await signUp(t.app);
      for (let i = 0; i < ACCOUNT_LIMIT; i++) {
        expect((await loginVia(behindProxy, email, WRONG, '203.0.113.7')).statusCode).toBe(401);
      }
      expectRefusal(await loginVia(behindProxy, email, password, '203.0.113.7'), WINDOW_SECONDS);
      const owner = await loginVia(behindProxy, email, password, '203.0.113.8');
      expect(owner.statusCode, owner.body).toBe(200);
    } finally {
      await behindProxy.close();
    }
  });
});

/*
 * Two real server processes on one PostgreSQL database, as Keel scales out (PostgreSQL
 * only, as in scale-out.test.ts: the embedded database belongs to one process), in the
 * PostgreSQL pass.
 */
describe.runIf(POSTGRES_URL)('two server processes on one PostgreSQL database', () => {
  const PG_BASE_URL = POSTGRES_URL ?? '';
  const database = `keel_sign_in_limits_${randomBytes(5).toString('hex')}`;
  const LIMIT = 6;
  let servers: ServerProcess[] = [];
  let created = false;

  beforeAll(async () => {
    await postgresAdmin(`create database ${database}`);
    created = true;
    const url = new URL(PG_BASE_URL);
    url.pathname = `/${database}`;
    const env = {
      DATABASE_URL: url.toString(),
      SESSION_SECRET: randomBytes(24).toString('hex'),
      AUTH_RATE_LIMIT: '10000',
      AUTH_ACCOUNT_RATE_LIMIT: String(LIMIT),
    };
    // One after the other: the first migrates the empty database.
    servers.push(await startServer(env));
    servers.push(await startServer(env));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill('SIGTERM')));
    servers = [];
    if (created) await postgresAdmin(`drop database if exists ${database} with (force)`);
  }, 30_000);

  it('attempts split across both servers hit the limit at the same total', async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess];
    const email = `split-${randomBytes(3).toString('hex')}@limits.example`;
    const password = 'correct-horse-9';
    const signup = await new HttpClient(one.url).post('/api/auth/signup', {
      fullName: 'Split Target',
      email,
      password,
    });
    expect(signup.status, signup.text).toBe(201);

    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) {
      const server = i % 2 ? two : one;
      statuses.push(
        (await new HttpClient(server.url).post('/api/auth/login', { email, password: WRONG }))
          .status,
      );
    }
    expect(statuses).toEqual(Array(LIMIT).fill(401));
    for (const server of [one, two]) {
      const refused = await new HttpClient(server.url).post('/api/auth/login', { email, password });
      expect(refused.status, refused.text).toBe(429);
      expect(refused.json.error).toMatch(
        /^Too many attempts\. Please try again in 1[45] minutes\.$/,
      );
    }
  });
});
