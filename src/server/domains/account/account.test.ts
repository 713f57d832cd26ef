import { describe, expect, it } from 'vitest';
import {
  ApiClient,
  useTestApp,
  signUp,
  signUpWithWorkspace,
} from '../../../../tests/support/test-app.ts';

const t = useTestApp();

async function secondDevice(email: string, password: string) {
  const device = new ApiClient(t.app);
  const res = await device.request(
    'POST',
    '/api/auth/login',
    { email, password },
    { 'user-agent': 'Mozilla/5.0 (iPhone) Safari/604.1' },
  );
  expect(res.statusCode).toBe(200);
  return device;
}

describe('profile and preferences', () => {
  it('reads the account view with its defaults and updates the profile', async () => {
    const { client, email } = await signUpWithWorkspace(t.app, 'Profiles');
    const profile = (await client.get('/api/account/profile')).json();
    expect(profile).toMatchObject({
      firstName: 'Test',
      lastName: 'User',
      email,
      phone: null,
      role: 'owner',
      timezone: 'America/New_York',
      dateFormat: 'MM/DD/YYYY',
      timeFormat: '12h',
      language: 'en',
      emailNotifications: true,
      securityAlerts: true,
    });
    const res = await client.put('/api/account/profile', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ADA.L@example.com',
      phone: '+44 20',
      currentPassword: 'correct-horse-9',
    });
    expect(res.json()).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada.l@example.com',
      phone: '+44 20',
    });
    const cases: [object, string][] = [
      [{ firstName: '', lastName: 'L', email: 'a@example.com' }, 'First name is required'],
      [
        { firstName: 'x'.repeat(51), lastName: 'L', email: 'a@example.com' },
        'First name must be less than 50 characters',
      ],
      [{ firstName: 'A', lastName: '', email: 'a@example.com' }, 'Last name is required'],
      [{ firstName: 'A', lastName: 'L', email: 'nope' }, 'Invalid email address'],
      [
        { firstName: 'A', lastName: 'L', email: `${'x'.repeat(95)}@example.com` },
        'Email must be less than 100 characters',
      ],
    ];
    for (const [body, message] of cases) {
      const bad = await client.put('/api/account/profile', body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe(message);
    }
    const other = await signUp(t.app);
    expect(
      (
        await client.put('/api/account/profile', {
          firstName: 'A',
          lastName: 'L',
          email: other.email,
          currentPassword: 'correct-horse-9',
        })
      ).statusCode,
    ).toBe(409);
  });

  it('saves preferences and each notification flag', async () => {
    const { client } = await signUp(t.app);
    const prefs = await client.put('/api/account/preferences', {
      timezone: 'Asia/Tokyo',
      dateFormat: 'YYYY-MM-DD',
      timeFormat: '24h',
      language: 'fr',
    });
    expect(prefs.json()).toMatchObject({
      timezone: 'Asia/Tokyo',
      dateFormat: 'YYYY-MM-DD',
      timeFormat: '24h',
      language: 'fr',
    });
    expect(
      (
        await client.put('/api/account/preferences', {
          timezone: 'Mars/Olympus',
          dateFormat: 'YYYY-MM-DD',
          timeFormat: '24h',
        })
      ).json().error,
    ).toBe('Please select a timezone');
    const flags = {
      emailNotifications: false,
      pushNotifications: true,
      taskReminders: false,
      projectUpdates: true,
      teamInvites: false,
      securityAlerts: true,
    };
    expect((await client.put('/api/account/notifications', flags)).json()).toMatchObject(flags);
  });
});

describe('password and sessions', () => {
  it('checks the rules, then ends the other sessions but not this one', async () => {
    const { client, email, password } = await signUp(t.app);
    const other = await secondDevice(email, password);
    const rules: [object, string][] = [
      [
        { currentPassword: '', newPassword: 'Abcdefg1', confirmPassword: 'Abcdefg1' },
        'Current password is required',
      ],
      [
        { currentPassword: password, newPassword: 'Ab1', confirmPassword: 'Ab1' },
        'Password must be at least 8 characters',
      ],
      [
        { currentPassword: password, newPassword: 'ABCDEFG1', confirmPassword: 'ABCDEFG1' },
        'Password must contain at least one lowercase letter',
      ],
      [
        { currentPassword: password, newPassword: 'abcdefg1', confirmPassword: 'abcdefg1' },
        'Password must contain at least one uppercase letter',
      ],
      [
        { currentPassword: password, newPassword: 'Abcdefgh', confirmPassword: 'Abcdefgh' },
        'Password must contain at least one number',
      ],
      [
        { currentPassword: password, newPassword: 'Abcdefg1', confirmPassword: 'Abcdefg2' },
        "Passwords don't match",
      ],
      [
        { currentPassword: 'wrong', newPassword: 'Abcdefg1', confirmPassword: 'Abcdefg1' },
        'Current password is incorrect',
      ],
    ];
    for (const [body, message] of rules) {
      const res = await client.put('/api/account/password', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect((await other.get('/api/auth/me')).statusCode).toBe(200);
    const ok = await client.put('/api/account/password', {
      currentPassword: password,
      newPassword: 'Abcdefg1',
      confirmPassword: 'Abcdefg1',
    });
    expect(ok.statusCode).toBe(200);
    expect((await other.get('/api/auth/me')).statusCode).toBe(401);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    expect(
      (await new ApiClient(t.app).post('/api/auth/login', { email, password })).statusCode,
    ).toBe(401);
    expect(
      (await new ApiClient(t.app).post('/api/auth/login', { email, password: 'Abcdefg1' }))
        .statusCode,
    ).toBe(200);
  });

  it('lists devices with the current one marked, terminates one, then all others', async () => {
    const { client, email, password } = await signUp(t.app);
    const phone = await secondDevice(email, password);
    const tablet = await secondDevice(email, password);
    const sessions = (await client.get('/api/account/sessions')).json() as {
      id: string;
      isCurrent: boolean;
      deviceName: string;
    }[];
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.isCurrent)).toHaveLength(1);
    expect(sessions.map((s) => s.deviceName)).toContain('Safari on iOS');
    const phoneSession = (
      (await phone.get('/api/account/sessions')).json() as { id: string; isCurrent: boolean }[]
    ).find((s) => s.isCurrent)!;
    expect((await client.delete(`/api/account/sessions/${phoneSession.id}`)).json()).toEqual({
      success: true,
    });
    expect((await phone.get('/api/auth/me')).statusCode).toBe(401);
    expect((await tablet.get('/api/auth/me')).statusCode).toBe(200);
    expect((await client.delete('/api/account/sessions/all')).json()).toEqual({ success: true });
    expect((await tablet.get('/api/auth/me')).statusCode).toBe(401);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    const stranger = await signUp(t.app);
    const mine = ((await client.get('/api/account/sessions')).json() as { id: string }[])[0]!;
    expect((await stranger.client.delete(`/api/account/sessions/${mine.id}`)).statusCode).toBe(404);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
  });
});

describe('personal API tokens', () => {
  it('creates a token shown once and stored hashed; it authenticates REST with X-Workspace-Id; revoking ends it at once', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Scripted');
    const created = await owner.client.post('/api/account/tokens', { name: 'Zapier' });
    expect(created.statusCode).toBe(201);
    const { token, id, prefix } = created.json();
    expect(token).toMatch(/^keel_[A-Za-z0-9_-]{43}$/);
    expect(token.startsWith(prefix)).toBe(true);
    const stored = await t.db
      .selectFrom('apiTokens')
      .select('tokenHash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.tokenHash).not.toContain(token);
    expect((await owner.client.get('/api/account/tokens')).json()).toEqual([
      {
        id,
        name: 'Zapier',
        prefix,
        scope: 'read_write',
        expiresAt: expect.any(String),
        expired: false,
        lastUsedAt: null,
        createdAt: expect.any(String),
      },
    ]);

    const bearer = {
      authorization: `Bearer ${token}`,
      'x-workspace-id': String(owner.workspace.id),
    };
    const script = new ApiClient(t.app);
    const created2 = await script.request(
      'POST',
      '/api/persons',
      { fullName: 'From a script' },
      bearer,
    );
    expect(created2.statusCode).toBe(201);
    expect(script.cookie).toBeUndefined();
    const list = await script.request('GET', '/api/persons', undefined, bearer);
    expect(list.json().map((p: { fullName: string }) => p.fullName)).toContain('From a script');
    expect((await owner.client.get('/api/account/tokens')).json()[0].lastUsedAt).not.toBeNull();

    const noWorkspace = await script.request('GET', '/api/persons', undefined, {
      authorization: `Bearer ${token}`,
    });
    expect(noWorkspace.statusCode).toBe(404);
    const stranger = await signUpWithWorkspace(t.app, 'Not Yours');
    const foreign = await script.request('GET', '/api/persons', undefined, {
      ...bearer,
      'x-workspace-id': String(stranger.workspace.id),
    });
    expect(foreign.statusCode).toBe(404);
    const crossSite = await script.request(
      'POST',
      '/api/persons',
      { fullName: 'X' },
      { ...bearer, origin: 'https://evil.example' },
    );
    expect(crossSite.statusCode).toBe(403);

    expect((await owner.client.delete(`/api/account/tokens/${id}`)).json()).toEqual({
      success: true,
    });
    expect((await script.request('GET', '/api/persons', undefined, bearer)).statusCode).toBe(401);
    expect(
      (await script.request('GET', '/api/persons', undefined, { authorization: 'Bearer nonsense' }))
        .statusCode,
    ).toBe(401);
  });
});

describe('profile photo', () => {
  it('uploads a real image, refuses a disguised one, and removes it', async () => {
    const { client } = await signUp(t.app);
    const upload = (name: string, data: Buffer) => {
      const boundary = 'b0undary';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="profileImage"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/account/upload-photo',
        payload,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          cookie: client.cookie!,
        },
      });
    };
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20)]);
    const ok = await upload('me.gif', gif);
    expect(ok.statusCode).toBe(201);
    expect((await client.get('/api/account/profile')).json().profileImageUrl).toBe(
      ok.json().profileImageUrl,
    );
    const fake = await upload('me.png', Buffer.from('<html>not an image</html>'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error).toBe('Please select an image file');
    expect((await client.delete('/api/account/remove-photo')).json()).toEqual({ success: true });
    expect((await client.get('/api/account/profile')).json().profileImageUrl).toBeNull();
  });
});
