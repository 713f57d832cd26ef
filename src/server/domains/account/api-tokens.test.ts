import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  ApiClient,
  useTestApp,
  signUp,
  signUpWithWorkspace,
  snapshot,
  testConfig,
} from '../../../../tests/support/test-app.ts';
import { fileUpload, tinyPng } from '../../../../tests/support/uploads.ts';
import { buildApp } from '../../app.ts';

/*
 * Personal API tokens are not a permanent master key (issue 15, item 6): they expire, may be
 * read-only, cannot manage the account's credentials, and die with a password change.
 * Changing the email needs the current password, on any caller.
 */

const t = useTestApp();

const DAY = 24 * 60 * 60 * 1000;
const READ_ONLY = 'This API token is read-only';
const SESSION_ONLY = 'This needs a signed-in session, not an API token';

type Owner = Awaited<ReturnType<typeof signUpWithWorkspace>>;

async function createToken(owner: Owner, body: Record<string, unknown> = {}) {
  const res = await owner.client.post('/api/account/tokens', { name: 'Script', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; token: string; expiresAt: string; scope: string };
}

/** A script holding the token: no cookie, the workspace named in a header. */
function script(owner: Owner, token: string) {
  const client = new ApiClient(t.app);
  const headers = {
    authorization: `Bearer ${token}`,
    'x-workspace-id': String(owner.workspace.id),
  };
  return {
    get: (url: string) => client.request('GET', url, undefined, headers),
    post: (url: string, body?: unknown) => client.request('POST', url, body ?? {}, headers),
    put: (url: string, body: unknown) => client.request('PUT', url, body, headers),
    delete: (url: string) => client.request('DELETE', url, undefined, headers),
    headers,
  };
}

async function tokenRows(userId: number) {
  return t.db
    .selectFrom('apiTokens')
    .select(['id', 'expiresAt', 'scope'])
    .where('userId', '=', userId)
    .execute();
}

function daysFromNow(iso: string): number {
  return (new Date(iso).getTime() - Date.now()) / DAY;
}

describe('expiry', () => {
  it('lasts 90 days unless another expiry is chosen, and the list shows expiry and scope', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Expiring');
    const standard = await createToken(owner, { name: 'Default' });
    expect(daysFromNow(standard.expiresAt)).toBeGreaterThan(89.9);
    expect(daysFromNow(standard.expiresAt)).toBeLessThan(90.1);
    expect(standard.scope).toBe('read_write');

    const weekly = await createToken(owner, { name: 'Weekly', expiresInDays: 7 });
    expect(daysFromNow(weekly.expiresAt)).toBeGreaterThan(6.9);
    expect(daysFromNow(weekly.expiresAt)).toBeLessThan(7.1);
    const yearly = await createToken(owner, { name: 'Yearly', expiresInDays: 365 });
    expect(daysFromNow(yearly.expiresAt)).toBeGreaterThan(364.9);

    // What the database keeps is what the answer said.
    const stored = await tokenRows(owner.user.id);
    const weeklyRow = stored.find((r) => r.id === weekly.id)!;
    expect(new Date(weeklyRow.expiresAt).toISOString()).toBe(weekly.expiresAt);

    for (const expiresInDays of [0, 10, 3650, -1, '90', null]) {
      const bad = await owner.client.post('/api/account/tokens', { name: 'Bad', expiresInDays });
      expect(bad.statusCode, `${String(expiresInDays)}: ${bad.body}`).toBe(400);
      expect(bad.json().error).toBe('Expiry must be 7, 30, 90 or 365 days');
    }
    expect(await tokenRows(owner.user.id)).toHaveLength(3);

    const list = (await owner.client.get('/api/account/tokens')).json();
    expect(list.find((r: { id: number }) => r.id === weekly.id)).toEqual({
      id: weekly.id,
      name: 'Weekly',
      prefix: expect.any(String),
      scope: 'read_write',
      expiresAt: weekly.expiresAt,
      expired: false,
      lastUsedAt: null,
      createdAt: expect.any(String),
    });
  });

  it('refuses an expired token with 401 and lists it as expired', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Expired');
    const { id, token } = await createToken(owner, { expiresInDays: 30 });
    const bearer = script(owner, token);
    expect((await bearer.get('/api/persons')).statusCode).toBe(200);

    await t.db
      .updateTable('apiTokens')
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where('id', '=', id)
      .execute();
    const refused = await bearer.get('/api/persons');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: 'Not authenticated', code: 'NOT_AUTHENTICATED' });
    const mutation = await bearer.post('/api/persons', { fullName: 'Too late' });
    expect(mutation.statusCode).toBe(401);
    expect((await bearer.get('/trpc/auth.me')).statusCode).toBe(401);

    const listed = (await owner.client.get('/api/account/tokens')).json();
    expect(listed).toEqual([expect.objectContaining({ id, expired: true })]);
  });
});

describe('last use', () => {
  /** The stored last use and the row's version (PostgreSQL's xmin: any write changes it). */
  async function lastUse(id: number) {
    return t.db
      .selectFrom('apiTokens')
      .select(['lastUsedAt', sql<string>`xmin::text`.as('version')])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  it('is written once a minute at most: requests within a minute of it write nothing', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Busy Script');
    const { id, token } = await createToken(owner);
    const bearer = script(owner, token);
    expect((await bearer.get('/api/persons')).statusCode).toBe(200);
    const first = await lastUse(id);
    expect(first.lastUsedAt).not.toBeNull();

    expect((await bearer.get('/api/persons')).statusCode).toBe(200);
    expect((await bearer.get('/trpc/auth.me')).statusCode).toBe(200);
    // Not even the same value again: no new row version.
    expect(await lastUse(id)).toEqual(first);

    // Over a minute later, the next request moves it forward.
    const earlier = new Date(Date.now() - 2 * 60_000);
    await t.db.updateTable('apiTokens').set({ lastUsedAt: earlier }).where('id', '=', id).execute();
    expect((await bearer.get('/api/persons')).statusCode).toBe(200);
    const moved = await lastUse(id);
    expect(moved.lastUsedAt!.getTime()).toBeGreaterThan(earlier.getTime() + 60_000);
    const listed = (await owner.client.get('/api/account/tokens')).json();
    expect(listed).toEqual([
      expect.objectContaining({ id, lastUsedAt: moved.lastUsedAt!.toISOString() }),
    ]);
  });
});

describe('scope', () => {
  it('lets a read-only token read, and refuses every change over REST and tRPC with 403', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Read Only');
    const person = (await owner.client.post('/api/persons', { fullName: 'Kept As Is' })).json();
    const created = await createToken(owner, { name: 'Dashboard', scope: 'read' });
    expect(created.scope).toBe('read');
    const reader = script(owner, created.token);

    const list = await reader.get('/api/persons');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((p: { fullName: string }) => p.fullName)).toEqual(['Kept As Is']);
    expect((await reader.get('/api/account/tokens')).statusCode).toBe(200);
    expect((await reader.get('/trpc/contacts.list')).statusCode).toBe(200);

    const before = await snapshot(t.db);
    const attempts = [
      reader.post('/api/persons', { fullName: 'Not made' }),
      reader.put(`/api/persons/${person.id}`, { fullName: 'Renamed' }),
      reader.delete(`/api/persons/${person.id}`),
      reader.put('/api/account/notifications', {
        emailNotifications: false,
        pushNotifications: false,
        taskReminders: false,
        projectUpdates: false,
        teamInvites: false,
        securityAlerts: false,
      }),
      reader.post('/trpc/contacts.create', { fullName: 'Not made either' }),
      reader.post('/trpc/contacts.delete', { id: person.id }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.body).toContain(READ_ONLY);
    }
    expect(await snapshot(t.db)).toBe(before);

    // The same calls on a read-write token go through.
    const writer = script(owner, (await createToken(owner, { scope: 'read_write' })).token);
    expect((await writer.post('/api/persons', { fullName: 'Made' })).statusCode).toBe(201);

    const bad = await owner.client.post('/api/account/tokens', { name: 'X', scope: 'admin' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Scope must be read or read_write');
  });
});

describe('what only a signed-in session may do', () => {
  it('refuses a token creating tokens, changing the password or the email, or uploading', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Locked Down');
    const { token } = await createToken(owner);
    const bearer = script(owner, token);
    const tokensBefore = await tokenRows(owner.user.id);
    const before = await snapshot(t.db);

    const create = await bearer.post('/api/account/tokens', { name: 'Another' });
    expect(create.statusCode, create.body).toBe(403);
    expect(create.json().error).toBe(SESSION_ONLY);
    const trpcCreate = await bearer.post('/trpc/account.createApiToken', { name: 'Another' });
    expect(trpcCreate.statusCode).toBe(403);

    const password = await bearer.put('/api/account/password', {
      currentPassword: owner.password,
      newPassword: 'Taken0ver!',
      confirmPassword: 'Taken0ver!',
    });
    expect(password.statusCode, password.body).toBe(403);
    expect(password.json().error).toBe(SESSION_ONLY);

    const email = await bearer.put('/api/account/profile', {
      firstName: 'Test',
      lastName: 'User',
      email: 'attacker@example.com',
      currentPassword: owner.password,
    });
    expect(email.statusCode, email.body).toBe(403);
    expect(email.json().error).toBe(SESSION_ONLY);

    const { payload, headers } = fileUpload('profileImage', 'me.png', 'image/png', tinyPng());
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/account/upload-photo',
      payload,
      headers: { ...headers, ...bearer.headers },
    });
    // The photo is the profile's: a session only, as a profile change.
    expect(upload.statusCode, upload.body).toBe(403);
    expect(upload.json().error).toBe(SESSION_ONLY);

    expect(await snapshot(t.db)).toBe(before);
    expect(await tokenRows(owner.user.id)).toEqual(tokensBefore);
    const me = (await owner.client.get('/api/auth/me')).json();
    expect(me.email).toBe(owner.email);
    const login = await new ApiClient(t.app).post('/api/auth/login', {
      email: owner.email,
      password: owner.password,
    });
    expect(login.statusCode).toBe(200);
  });

  it('lets a token revoke itself but no other token', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Self Revoking');
    const first = await createToken(owner, { name: 'First' });
    const second = await createToken(owner, { name: 'Second' });
    const bearer = script(owner, first.token);

    const other = await bearer.delete(`/api/account/tokens/${second.id}`);
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toBe(SESSION_ONLY);
    expect((await script(owner, second.token).get('/api/persons')).statusCode).toBe(200);

    expect((await bearer.delete(`/api/account/tokens/${first.id}`)).json()).toEqual({
      success: true,
    });
    expect((await bearer.get('/api/persons')).statusCode).toBe(401);
    expect((await tokenRows(owner.user.id)).map((r) => r.id)).toEqual([second.id]);
  });
});

describe('password change', () => {
  it('revokes every API token of the user', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Rotated');
    const tokens = [await createToken(owner), await createToken(owner, { scope: 'read' })];
    const bystander = await signUpWithWorkspace(t.app, 'Bystander');
    const theirs = await createToken(bystander);

    const res = await owner.client.put('/api/account/password', {
      currentPassword: owner.password,
      newPassword: 'Rotated-Passw0rd',
      confirmPassword: 'Rotated-Passw0rd',
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const { token } of tokens) {
      expect((await script(owner, token).get('/api/persons')).statusCode).toBe(401);
    }
    expect(await tokenRows(owner.user.id)).toEqual([]);
    expect((await owner.client.get('/api/account/tokens')).json()).toEqual([]);
    // The session that changed it stays signed in; another user's token is untouched.
    expect((await owner.client.get('/api/auth/me')).statusCode).toBe(200);
    expect((await script(bystander, theirs.token).get('/api/persons')).statusCode).toBe(200);
  });
});

describe('email change', () => {
  it('needs the current password; name and phone changes alone do not', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Email Change');
    const profile = { firstName: 'Ada', lastName: 'Byron', phone: '+44 20' };
    const newEmail = `moved-${owner.user.id}@example.com`;

    const named = await owner.client.put('/api/account/profile', {
      ...profile,
      email: owner.email.toUpperCase(),
    });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json()).toMatchObject({ ...profile, email: owner.email });

    const missing = await owner.client.put('/api/account/profile', { ...profile, email: newEmail });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Current password is required');
    const empty = await owner.client.put('/api/account/profile', {
      ...profile,
      email: newEmail,
      currentPassword: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Current password is required');
    const wrong = await owner.client.put('/api/account/profile', {
      ...profile,
      email: newEmail,
      currentPassword: 'not-my-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('Current password is incorrect');
    // A refused change keeps the name too: nothing is half-saved.
    const refusedRename = await owner.client.put('/api/account/profile', {
      ...profile,
      firstName: 'Half',
      email: newEmail,
      currentPassword: 'not-my-password',
    });
    expect(refusedRename.statusCode).toBe(400);
    const unchanged = (await owner.client.get('/api/account/profile')).json();
    expect(unchanged).toMatchObject({ firstName: 'Ada', email: owner.email });

    const moved = await owner.client.put('/api/account/profile', {
      ...profile,
      email: newEmail,
      currentPassword: owner.password,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().email).toBe(newEmail);
    const signIn = await new ApiClient(t.app).post('/api/auth/login', {
      email: newEmail,
      password: owner.password,
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('throttles wrong passwords with the counters of a password change', async () => {
    // A second server on the same database, with a small limit of failed passwords.
    const app = await buildApp(testConfig({ authAccountRateLimit: 3 }), t.db);
    try {
      const { client, email, password } = await signUp(app);
      const moveTo = (currentPassword: string) =>
        client.put('/api/account/profile', {
          firstName: 'Ada',
          lastName: 'Byron',
          email: `throttled-${email}`,
          currentPassword,
        });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await moveTo('not-my-password')).statusCode);
      expect(statuses).toEqual([400, 400, 400]);

      const refused = await moveTo(password);
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.json().error).toMatch(
        /^Too many attempts\. Please try again in \d+ minutes?\.$/,
      );
      // Guessing here or on the password form counts against the same password.
      const change = await client.put('/api/account/password', {
        currentPassword: password,
        newPassword: 'Fresh-Passw0rd',
        confirmPassword: 'Fresh-Passw0rd',
      });
      expect(change.statusCode).toBe(429);
      expect((await client.get('/api/account/profile')).json().email).toBe(email);
      // A name change asks for no password, so the throttle does not stand in its way.
      const renamed = await client.put('/api/account/profile', {
        firstName: 'Still',
        lastName: 'Here',
        email,
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
    } finally {
      await app.close();
    }
  });
});
