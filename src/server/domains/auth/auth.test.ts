import { describe, expect, it } from 'vitest';
import argon2 from 'argon2';
import { buildApp } from '../../app.ts';
import { passwordHashOptions } from './auth.service.ts';
import {
  ApiClient,
  useTestApp,
  signUp,
  testConfig,
  uniqueEmail,
} from '../../../../tests/support/test-app.ts';

const t = useTestApp();

describe('POST /api/auth/signup', () => {
  it('creates the account, signs the caller in and stores an argon2id hash', async () => {
    const client = new ApiClient(t.app);
    const email = uniqueEmail('Signup');
    const res = await client.post('/api/auth/signup', {
      fullName: 'Grace Hopper',
      email,
      password: 'secret1',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      user: { id: expect.any(Number), email: email.toLowerCase(), fullName: 'Grace Hopper' },
    });

    const me = await client.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: email.toLowerCase(),
      role: null,
    });

    const row = await t.db
      .selectFrom('users')
      .select('passwordHash')
      .where('email', '=', email.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const log = await t.db
      .selectFrom('activityLogs')
      .select(['action', 'success'])
      .where('action', '=', 'user_signup')
      .execute();
    expect(log.length).toBeGreaterThan(0);
  });

  it('refuses a taken email with 409, whatever its case', async () => {
    const { email } = await signUp(t.app);
    const res = await new ApiClient(t.app).post('/api/auth/signup', {
      fullName: 'Other',
      email: email.toUpperCase(),
      password: 'secret1',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'An account with this email already exists' });
  });

  it('answers 400 "All fields are required" for a missing field', async () => {
    for (const body of [
      { email: uniqueEmail(), password: 'secret1' },
      { fullName: 'A B', password: 'secret1' },
      { fullName: 'A B', email: uniqueEmail() },
      {},
    ]) {
      const res = await new ApiClient(t.app).post('/api/auth/signup', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('All fields are required');
    }
  });

  it('answers 400 for a short password, with details', async () => {
    const res = await new ApiClient(t.app).post('/api/auth/signup', {
      fullName: 'A B',
      email: uniqueEmail(),
      password: '12345',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Password must be at least 6 characters',
      details: [{ path: 'password', message: 'Password must be at least 6 characters' }],
    });
  });

  it('makes only the first account a platform administrator', async () => {
    const admins = await t.db
      .selectFrom('users')
      .select('id')
      .where('isAdmin', '=', true)
      .execute();
    expect(admins).toHaveLength(1);
    const first = await t.db
      .selectFrom('users')
      .select(['id', 'isAdmin'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(first.isAdmin).toBe(true);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in on a new session id and returns the user', async () => {
    const { email, password, client: first } = await signUp(t.app);
    const signupCookie = first.cookie;
    const client = new ApiClient(t.app);
    client.cookie = signupCookie; // a session id planted before sign-in must not survive it
    const res = await client.post('/api/auth/login', { email, password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      user: { id: expect.any(Number), email, fullName: 'Test User' },
    });
    expect(client.cookie).toBeDefined();
    expect(client.cookie).not.toBe(signupCookie);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    const lastLogin = await t.db
      .selectFrom('users')
      .select('lastLoginAt')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(lastLogin.lastLoginAt).not.toBeNull();
  });

  it('answers 401 with the documented body for a wrong password or unknown email', async () => {
    const { email } = await signUp(t.app);
    for (const body of [
      { email, password: 'wrong-password' },
      { email: uniqueEmail('nobody'), password: 'whatever' },
    ]) {
      const client = new ApiClient(t.app);
      const res = await client.post('/api/auth/login', body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, error: 'Invalid email or password' });
      expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    }
    const failed = await t.db
      .selectFrom('activityLogs')
      .select('id')
      .where('action', '=', 'login')
      .where('success', '=', false)
      .execute();
    expect(failed.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a deactivated account and ends its sessions on the next request', async () => {
    const { email, password, client, user } = await signUp(t.app);
    await t.db.updateTable('users').set({ isActive: false }).where('id', '=', user.id).execute();
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    // The right password learns why; a wrong one learns nothing about the account.
    const res = await new ApiClient(t.app).post('/api/auth/login', { email, password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      error: 'Your account has been deactivated. Contact your administrator.',
    });
    const wrong = await new ApiClient(t.app).post('/api/auth/login', {
      email,
      password: `${password}x`,
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ success: false, error: 'Invalid email or password' });
  });

  it('is rate limited per address before any password hashing', async () => {
    const limited = await buildApp(testConfig({ authRateLimit: 3 }), t.db);
    // The counters are in the database this file's other tests share: an address of its own.
    const post = (url: string, payload: object) =>
      limited.inject({ method: 'POST', url, payload, remoteAddress: '192.0.2.7' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push(
          (await post('/api/auth/login', { email: uniqueEmail('x'), password: 'nope' })).statusCode,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const res = await post('/api/auth/signup', {
        fullName: 'A B',
        email: uniqueEmail(),
        password: 'secret1',
      });
      expect(res.statusCode).toBe(201); // counted per procedure
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/auth/logout and GET /api/auth/me', () => {
  it('deletes the session row; me then answers 401', async () => {
    const { client, user } = await signUp(t.app);
    const before = await t.db
      .selectFrom('sessions')
      .select('sid')
      .where('userId', '=', user.id)
      .execute();
    expect(before).toHaveLength(1);
    const res = await client.post('/api/auth/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const after = await t.db
      .selectFrom('sessions')
      .select('sid')
      .where('userId', '=', user.id)
      .execute();
    expect(after).toHaveLength(0);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('answers 401 with the error body when signed out', async () => {
    const res = await new ApiClient(t.app).get('/api/auth/me');
    expect(res.statusCode).toBe(401);
    // The machine code tells a lost session from a wrong password (401 too) without the text.
    expect(res.json()).toEqual({ error: 'Not authenticated', code: 'NOT_AUTHENTICATED' });
  });

  it('works the same over tRPC', async () => {
    const client = new ApiClient(t.app);
    const email = uniqueEmail();
    const signup = await client.trpc('auth.signup', 'mutation', {
      fullName: 'Ada Byron King',
      email,
      password: 'secret1',
    });
    expect(signup.statusCode).toBe(200);
    const me = await client.trpc('auth.me', 'query');
    expect(me.json().result.data).toMatchObject({
      firstName: 'Ada',
      lastName: 'Byron King',
      email,
    });
    const bad = await new ApiClient(t.app).trpc('auth.login', 'mutation', {
      email,
      password: 'wrong-one',
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.message).toBe('Invalid email or password');
    expect(bad.json().error.data.reason).toBeUndefined();
    const signedOut = await new ApiClient(t.app).trpc('auth.me', 'query');
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.data).toMatchObject({
      code: 'UNAUTHORIZED',
      reason: 'NOT_AUTHENTICATED',
    });
  });
});

describe('password hashing', () => {
  it("uses argon2id's full cost (64 MiB, 3 passes) outside the test suites", async () => {
    for (const env of ['production', 'development', undefined]) {
      const hash = await argon2.hash('correct horse battery', passwordHashOptions(env));
      expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=4\$/);
    }
    const light = await argon2.hash('correct horse battery', passwordHashOptions('test'));
    expect(light).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=4\$/);
  });
});
