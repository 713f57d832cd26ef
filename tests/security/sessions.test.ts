import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ApiClient,
  createTestApp,
  joinAs,
  signUp,
  signUpWithWorkspace,
  type TestApp,
} from '../support/test-app.ts';

/*
 * Issue 9 §4: sessions and sign-in, attacked through the real HTTP surface. argon2 is
 * wrapped so the tests can tell whether a throttled attempt reached the hashing at all.
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

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sessionIdleMinutes: 30, sessionMaxHours: 12 });
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const MINUTE = 60_000;

function login(app: TestApp['app'], body: object, ip = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: body,
    remoteAddress: ip,
  });
}

describe('session fixation', () => {
  it('signs in on a new session id and kills the one the browser came with', async () => {
    const { email, password, client } = await signUp(t.app);
    const before = client.cookie!;
    expect((await client.post('/api/auth/login', { email, password })).statusCode).toBe(200);
    expect(client.cookie).toBeDefined();
    expect(client.cookie).not.toBe(before);
    const replay = new ApiClient(t.app);
    replay.cookie = before;
    expect((await replay.get('/api/auth/me')).statusCode).toBe(401);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('ignores a session id the attacker planted', async () => {
    const { email, password } = await signUp(t.app);
    const victim = new ApiClient(t.app);
    victim.cookie = 'keel.sid=attacker-chosen-id';
    expect((await victim.post('/api/auth/login', { email, password })).statusCode).toBe(200);
    expect(victim.cookie).not.toContain('attacker-chosen-id');
    const attacker = new ApiClient(t.app);
    attacker.cookie = 'keel.sid=attacker-chosen-id';
    expect((await attacker.get('/api/auth/me')).statusCode).toBe(401);
  });
});

describe('sessions end at once', () => {
  it('on sign-out: the old cookie, replayed, is refused', async () => {
    const { client } = await signUp(t.app);
    const cookie = client.cookie!;
    expect((await client.post('/api/auth/logout')).statusCode).toBe(200);
    const replay = new ApiClient(t.app);
    replay.cookie = cookie;
    expect((await replay.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('on a password change: every other session ends, this one stays', async () => {
    const { email, password, client } = await signUp(t.app);
    const other = new ApiClient(t.app);
    expect((await other.post('/api/auth/login', { email, password })).statusCode).toBe(200);
    const res = await client.put('/api/account/password', {
      currentPassword: password,
      newPassword: 'New-password-9',
      confirmPassword: 'New-password-9',
    });
    expect(res.statusCode).toBe(200);
    expect((await other.get('/api/auth/me')).statusCode).toBe(401);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('on deactivation by the platform admin: the next request is refused, and so is signing in', async () => {
    const admin = await signUp(t.app);
    await t.db
      .updateTable('users')
      .set({ isAdmin: true })
      .where('id', '=', admin.user.id)
      .execute();
    const victim = await signUp(t.app);
    const res = await admin.client.put(`/api/admin/users/${victim.user.id}/status`, {
      isActive: false,
    });
    expect(res.statusCode).toBe(200);
    expect((await victim.client.get('/api/auth/me')).statusCode).toBe(401);
    const again = await login(t.app, { email: victim.email, password: victim.password });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ error: expect.stringContaining('deactivated') });
  });

  it('on deactivation or removal from a workspace: its data is refused on the next request', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Session Owner');
    const member = await joinAs(t, owner.workspace.id, 'collaborator');
    expect((await member.client.get('/api/persons')).statusCode).toBe(200);
    const off = await owner.client.put(`/api/admin/users/${member.user.id}/deactivate`);
    expect(off.statusCode).toBe(200);
    // Refused and told why (issue 20): the workspace they were in, access revoked.
    const refused = await member.client.get('/api/persons');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'WORKSPACE_ACCESS_REVOKED',
      workspace: { id: owner.workspace.id, name: 'Session Owner' },
    });

    const second = await joinAs(t, owner.workspace.id, 'project_manager');
    expect((await second.client.get('/api/persons')).statusCode).toBe(200);
    expect((await owner.client.delete(`/api/admin/users/${second.user.id}`)).statusCode).toBe(200);
    const removed = await second.client.get('/api/persons');
    expect(removed.statusCode).toBe(403);
    expect(removed.json()).toMatchObject({ code: 'WORKSPACE_ACCESS_REVOKED' });
  });
});

describe('timeouts', () => {
  it('ends a session idle for 30 minutes, and removes its row', async () => {
    const { client, user } = await signUp(t.app);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 29 * MINUTE });
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 31 * MINUTE);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    const rows = await t.db
      .selectFrom('sessions')
      .select('sid')
      .where('userId', '=', user.id)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('keeps an active session past the idle limit, and ends it 12 hours after sign-in', async () => {
    const { client } = await signUp(t.app);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    // A request every 20 minutes keeps the idle clock from ever reaching 30.
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      vi.setSystemTime(start + minutes * MINUTE);
      expect((await client.get('/api/auth/me')).statusCode, `after ${minutes} min`).toBe(200);
    }
    vi.setSystemTime(start + 12 * 60 * MINUTE);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('sets the cookie to expire with the absolute limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        fullName: 'Cookie Check',
        email: `cookie-${Date.now()}@example.com`,
        password: 'secret-123',
      },
    });
    const cookie = res.cookies.find((c) => c.name === 'keel.sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    const lifetime = new Date(cookie.expires!).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(11.9 * 60 * MINUTE);
    expect(lifetime).toBeLessThanOrEqual(12 * 60 * MINUTE);
  });
});

describe('sign-in throttling', () => {
  it('limits failures per account from many addresses, before argon2, with the same answer for unknown emails', async () => {
    // Issue 15: the ceiling per email spans addresses; the stricter (email, address) limit
    // is tested in sign-in-limits.test.ts.
    const limited = await createTestApp({
      authAccountRateLimit: 1000,
      authEmailRateLimit: 3,
      authRateLimit: 1000,
    });
    try {
      const { email, password } = await signUp(limited.app);
      const unknown = `nobody-${Date.now()}@example.com`;
      for (const target of [email, unknown]) {
        const answers: string[] = [];
        for (let i = 0; i < 3; i++) {
          const res = await login(
            limited.app,
            { email: target, password: 'wrong-guess' },
            `10.0.0.${i}`,
          );
          answers.push(`${res.statusCode} ${res.body}`);
        }
        expect(new Set(answers).size).toBe(1);
        expect(answers[0]).toBe('401 {"success":false,"error":"Invalid email or password"}');
        const callsBefore = argonCalls.verify;
        // The fourth try is refused even with the right password, from yet another address.
        const blocked = await login(limited.app, { email: target, password }, '10.0.0.99');
        expect(blocked.statusCode).toBe(429);
        expect(argonCalls.verify).toBe(callsBefore);
      }
      // Email case does not make a new account key.
      const upper = await login(limited.app, { email: email.toUpperCase(), password }, '10.0.1.1');
      expect(upper.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('limits attempts per address across accounts, before argon2', async () => {
    const limited = await createTestApp({ authRateLimit: 3, authAccountRateLimit: 1000 });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await login(
          limited.app,
          { email: `a${i}@example.com`, password: 'x' },
          '10.9.9.9',
        );
        expect(res.statusCode).toBe(401);
      }
      const callsBefore = argonCalls.verify;
      const blocked = await login(
        limited.app,
        { email: 'a9@example.com', password: 'x' },
        '10.9.9.9',
      );
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toBe('Too many attempts. Please try again in 1 minute.');
      expect(argonCalls.verify).toBe(callsBefore);
      // Another address is not affected.
      const other = await login(
        limited.app,
        { email: 'a9@example.com', password: 'x' },
        '10.9.9.10',
      );
      expect(other.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('runs argon2 once for an unknown email as for a known one (similar timing, logged)', async () => {
    const { email } = await signUp(t.app);
    const timings: Record<string, number[]> = { known: [], unknown: [] };
    for (let i = 0; i < 5; i++) {
      for (const [kind, target] of [
        ['known', email],
        ['unknown', `ghost-${i}-${Date.now()}@example.com`],
      ] as const) {
        const calls = argonCalls.verify;
        const started = performance.now();
        const res = await login(t.app, { email: target, password: 'not-the-password' });
        timings[kind]!.push(performance.now() - started);
        expect(res.statusCode).toBe(401);
        expect(argonCalls.verify - calls).toBe(1);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // Published in docs/SECURITY.md; never asserted (shared, noisy machines).
    console.log(
      `sign-in timing: known email ${median(timings.known!).toFixed(0)} ms, unknown ${median(timings.unknown!).toFixed(0)} ms (median of 5)`,
    );
  });
});
