import { generate } from 'otplib';
import { nextCode } from '../../../../tests/support/totp.ts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ApiClient,
  useTestApp,
  signUp,
  signUpWithWorkspace,
} from '../../../../tests/support/test-app.ts';

/** Wrong codes allowed per account and address before 429 (sign-in's setting). */
const CODE_LIMIT = 4;

/*
 * A test that uses three codes of one secret waits for the clock's next 30-second step
 * (tests/support/totp.ts), so it may take 30 s besides its own work: the default 30 s
 * timeout made it fail on a slow machine.
 */
vi.setConfig({ testTimeout: 90_000 });

const t = useTestApp({ authAccountRateLimit: CODE_LIMIT, authEmailRateLimit: 50 });
/** The first account of the server: the platform administrator. */
let admin: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  admin = await signUp(t.app, { fullName: 'Platform Admin' });
});
afterEach(() => {
  vi.useRealTimers();
});

type Account = Awaited<ReturnType<typeof signUp>>;

/** Sets two-factor sign-in up through the API, as the account card does. */
async function enrol(account: Account) {
  const setup = await account.client.post('/api/account/two-factor/setup');
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enabled = await account.client.post('/api/account/two-factor/enable', {
    code: await nextCode(secret),
  });
  expect(enabled.statusCode).toBe(200);
  return { secret, recoveryCodes: (enabled.json() as { recoveryCodes: string[] }).recoveryCodes };
}

/** The password step on a new device: answers the device and the response. */
async function passwordStep(account: Account) {
  const device = new ApiClient(t.app);
  const res = await device.post('/api/auth/login', {
    email: account.email,
    password: account.password,
  });
  return { device, res };
}

describe('enrolment', () => {
  it('sets up with a secret and a QR code, and turns on with a first code', async () => {
    const account = await signUp(t.app);
    const c = account.client;
    expect((await c.get('/api/account/two-factor')).json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    // Enabling before any setup has no secret to check the code against.
    const early = await c.post('/api/account/two-factor/enable', { code: '123456' });
    expect(early.statusCode).toBe(400);

    const setup = await c.post('/api/account/two-factor/setup');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrCode } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Keel');
    expect(decodeURIComponent(url.pathname)).toContain(account.email);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1], 'base64').toString()).toContain('<svg');

    // A pending secret does not ask for a code at sign-in yet.
    const before = await passwordStep(account);
    expect(before.res.json()).toMatchObject({ success: true });

    const wrong = await c.post('/api/account/two-factor/enable', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('Invalid verification code');
    const malformed = await c.post('/api/account/two-factor/enable', { code: '12ab' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('Enter the 6-digit code from your authenticator app');

    const enabled = await c.post('/api/account/two-factor/enable', {
      code: await nextCode(secret),
    });
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes } = enabled.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    // Stored as SHA-256 hashes, never as the codes themselves.
    const stored = await t.db
      .selectFrom('twoFactorRecoveryCodes')
      .select('codeHash')
      .where('userId', '=', account.user.id)
      .execute();
    expect(stored).toHaveLength(10);
    for (const { codeHash } of stored) {
      expect(codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(recoveryCodes.map((code) => code.replace('-', ''))).not.toContain(codeHash);
    }

    const status = (await c.get('/api/account/two-factor')).json();
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(typeof status.enabledAt).toBe('string');

    // The device signed in with the password alone was signed out; this one stays.
    expect((await before.device.get('/api/auth/me')).statusCode).toBe(401);
    expect((await c.get('/api/auth/me')).statusCode).toBe(200);

    const again = await c.post('/api/account/two-factor/setup');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Two-factor sign-in is already on');
    expect(
      (await c.post('/api/account/two-factor/enable', { code: await nextCode(secret) })).statusCode,
    ).toBe(409);

    const logged = await t.db
      .selectFrom('activityLogs')
      .select('action')
      .where('userId', '=', account.user.id)
      .where('action', '=', 'two_factor_enabled')
      .execute();
    expect(logged).toHaveLength(1);
  });

  it('ends the other sessions, and revokes the API tokens only when asked', async () => {
    const tokenOf = async (account: Account) =>
      (
        (await account.client.post('/api/account/tokens', { name: 'Script' })).json() as {
          token: string;
        }
      ).token;
    const meWith = (token: string) =>
      new ApiClient(t.app).request('GET', '/api/auth/me', undefined, {
        authorization: `Bearer ${token}`,
      });
    const turnOn = async (account: Account, body: object) => {
      const setup = await account.client.post('/api/account/two-factor/setup');
      const { secret } = setup.json() as { secret: string };
      return account.client.post('/api/account/two-factor/enable', {
        code: await nextCode(secret),
        ...body,
      });
    };

    // Not asked: the tokens are kept, the other device is signed out.
    const keeping = await signUp(t.app);
    const kept = await tokenOf(keeping);
    const elsewhere = await passwordStep(keeping);
    const notAsked = await turnOn(keeping, {});
    expect(notAsked.statusCode, notAsked.body).toBe(200);
    expect(notAsked.json()).toMatchObject({ otherSessionsEnded: 1, apiTokensRevoked: 0 });
    expect((await elsewhere.device.get('/api/auth/me')).statusCode).toBe(401);
    expect((await keeping.client.get('/api/auth/me')).statusCode).toBe(200);
    expect((await meWith(kept)).statusCode).toBe(200);

    // Asked: every token of the account goes too, and only this account's.
    const revoking = await signUp(t.app);
    const first = await tokenOf(revoking);
    const second = await tokenOf(revoking);
    const malformed = await revoking.client.post('/api/account/two-factor/enable', {
      code: '123456',
      revokeApiTokens: 'yes',
    });
    expect(malformed.statusCode).toBe(400);
    const asked = await turnOn(revoking, { revokeApiTokens: true });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ otherSessionsEnded: 0, apiTokensRevoked: 2 });
    expect((await meWith(first)).statusCode).toBe(401);
    expect((await meWith(second)).statusCode).toBe(401);
    expect((await revoking.client.get('/api/account/tokens')).json()).toEqual([]);
    expect((await revoking.client.get('/api/auth/me')).statusCode).toBe(200);
    expect((await meWith(kept)).statusCode).toBe(200);
  });

  it('is refused to API tokens', async () => {
    const account = await signUp(t.app);
    const { token } = (
      await account.client.post('/api/account/tokens', { name: 'Script', scope: 'read_write' })
    ).json() as { token: string };
    const script = new ApiClient(t.app);
    const res = await script.request('POST', '/api/account/two-factor/setup', undefined, {
      authorization: `Bearer ${token}`,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('asks for the code after the password and signs in only with it', async () => {
    const account = await signUp(t.app);
    const { secret } = await enrol(account);

    const { device, res } = await passwordStep(account);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ twoFactorRequired: true });
    // Not signed in: no authenticated call passes on this cookie.
    expect((await device.get('/api/auth/me')).statusCode).toBe(401);
    expect((await device.get('/api/account/profile')).statusCode).toBe(401);

    const wrong = await device.post('/api/auth/login/two-factor', { code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('Invalid verification code');
    expect((await device.get('/api/auth/me')).statusCode).toBe(401);

    const done = await device.post('/api/auth/login/two-factor', {
      code: await nextCode(secret),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      success: true,
      user: { id: account.user.id, email: account.email, fullName: 'Test User' },
    });
    const me = await device.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(account.email);

    // The step is spent: the cookie now holds a signed-in session, not a pending one.
    const replay = await new ApiClient(t.app).post('/api/auth/login/two-factor', {
      code: await nextCode(secret),
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe(
      'Your sign-in has expired. Please enter your email and password again.',
    );
  });

  it('takes each authenticator code once: a code seen or sent again does not sign in', async () => {
    const account = await signUp(t.app);
    const { secret } = await enrol(account);
    const code = await nextCode(secret);
    const first = await passwordStep(account);
    expect((await first.device.post('/api/auth/login/two-factor', { code })).statusCode).toBe(200);
    const second = await passwordStep(account);
    const replay = await second.device.post('/api/auth/login/two-factor', { code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe('Invalid verification code');
    expect((await second.device.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('does not take the code that turned it on again', async () => {
    const account = await signUp(t.app);
    const setup = await account.client.post('/api/account/two-factor/setup');
    const { secret } = setup.json() as { secret: string };
    const code = await nextCode(secret);
    expect((await account.client.post('/api/account/two-factor/enable', { code })).statusCode).toBe(
      200,
    );
    const { device } = await passwordStep(account);
    expect((await device.post('/api/auth/login/two-factor', { code })).statusCode).toBe(401);
  });

  it('takes each recovery code once', async () => {
    const account = await signUp(t.app);
    const { recoveryCodes } = await enrol(account);
    const code = recoveryCodes[3]!;

    const first = await passwordStep(account);
    // Typed in capitals and without the dash, it is the same code.
    const used = await first.device.post('/api/auth/login/two-factor', {
      code: code.toUpperCase().replace('-', ' '),
    });
    expect(used.statusCode).toBe(200);
    expect((await first.device.get('/api/auth/me')).statusCode).toBe(200);
    expect((await account.client.get('/api/account/two-factor')).json()).toMatchObject({
      recoveryCodesLeft: 9,
    });

    const second = await passwordStep(account);
    const reused = await second.device.post('/api/auth/login/two-factor', { code });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error).toBe('Invalid verification code');
    expect((await second.device.get('/api/auth/me')).statusCode).toBe(401);

    // Another one still works.
    const other = await second.device.post('/api/auth/login/two-factor', {
      code: recoveryCodes[4],
    });
    expect(other.statusCode).toBe(200);
  });

  it('refuses the code step without a password step first', async () => {
    const account = await signUp(t.app);
    const { secret } = await enrol(account);
    const stranger = new ApiClient(t.app);
    const res = await stranger.post('/api/auth/login/two-factor', {
      code: await nextCode(secret),
    });
    expect(res.statusCode).toBe(400);
    expect((await stranger.get('/api/auth/me')).statusCode).toBe(401);
    // A wrong password never reaches the code step.
    const wrongPassword = await new ApiClient(t.app).post('/api/auth/login', {
      email: account.email,
      password: 'not-the-password',
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toMatchObject({ success: false });
  });

  it('waits five minutes for the code, no longer', async () => {
    const account = await signUp(t.app);
    const { secret } = await enrol(account);
    const { device } = await passwordStep(account);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5 * 60 * 1000 + 1000);
    const late = await device.post('/api/auth/login/two-factor', {
      code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) }),
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe(
      'Your sign-in has expired. Please enter your email and password again.',
    );
    expect((await device.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('stops taking codes after repeated wrong ones, the right one too', async () => {
    const account = await signUp(t.app);
    const { secret } = await enrol(account);
    const { device } = await passwordStep(account);
    for (let attempt = 0; attempt < CODE_LIMIT; attempt += 1) {
      const res = await device.post('/api/auth/login/two-factor', { code: '000000' });
      expect(res.statusCode).toBe(401);
    }
    const limited = await device.post('/api/auth/login/two-factor', {
      code: await nextCode(secret),
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(
      /^Too many attempts\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await device.get('/api/auth/me')).statusCode).toBe(401);

    const failures = await t.db
      .selectFrom('activityLogs')
      .select('details')
      .where('userId', '=', account.user.id)
      .where('success', '=', false)
      .execute();
    expect(failures).toHaveLength(CODE_LIMIT);
    expect(failures[0]!.details).toBe(`Wrong two-factor code for ${account.email}`);
  });
});

describe('joining from an invitation', () => {
  it('adds the workspace but does not sign in with the password alone', async () => {
    const account = await signUp(t.app);
    const { secret } = await enrol(account);
    const owner = await signUpWithWorkspace(t.app, 'Inviting Studio');
    const invited = await owner.client.post('/api/admin/invite', {
      email: account.email,
      fullName: 'Test User',
      role: 'collaborator',
    });
    expect(invited.statusCode).toBe(201);
    const token = (invited.json() as { inviteUrl: string }).inviteUrl.split('/invite/')[1]!;

    const browser = new ApiClient(t.app);
    const accepted = await browser.post(`/api/invite/${token}/accept`, {
      password: account.password,
    });
    expect(accepted.statusCode).toBe(200);
    expect((await browser.get('/api/auth/me')).statusCode).toBe(401);

    // Signing in with the code finds the new workspace there.
    const { device } = await passwordStep(account);
    expect(
      (await device.post('/api/auth/login/two-factor', { code: await nextCode(secret) }))
        .statusCode,
    ).toBe(200);
    const workspaces = (await device.get('/api/user/workspaces')).json() as { name: string }[];
    expect(workspaces.map((w) => w.name)).toContain('Inviting Studio');
  });
});

describe('turning it off', () => {
  it('needs the password and a code', async () => {
    const account = await signUp(t.app);
    const { secret, recoveryCodes } = await enrol(account);
    const c = account.client;
    const code = await nextCode(secret);

    const wrongPassword = await c.post('/api/account/two-factor/disable', {
      password: 'not-the-password',
      code,
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error).toBe('Password is incorrect');
    const wrongCode = await c.post('/api/account/two-factor/disable', {
      password: account.password,
      code: '000000',
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().error).toBe('Invalid verification code');
    const noCode = await c.post('/api/account/two-factor/disable', {
      password: account.password,
    });
    expect(noCode.statusCode).toBe(400);
    expect((await c.get('/api/account/two-factor')).json()).toMatchObject({ enabled: true });

    // A recovery code serves here too (the phone may be the thing lost).
    const off = await c.post('/api/account/two-factor/disable', {
      password: account.password,
      code: recoveryCodes[0],
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ success: true });
    expect((await c.get('/api/account/two-factor')).json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    const codesLeft = await t.db
      .selectFrom('twoFactorRecoveryCodes')
      .select('id')
      .where('userId', '=', account.user.id)
      .execute();
    expect(codesLeft).toEqual([]);

    const signIn = await passwordStep(account);
    expect(signIn.res.json()).toMatchObject({ success: true });
    expect(
      (await c.post('/api/account/two-factor/disable', { password: 'x', code })).statusCode,
    ).toBe(409);
  });
});

describe('administrator reset', () => {
  it('clears two-factor sign-in of a locked-out user', async () => {
    const account = await signUp(t.app);
    const { secret } = await enrol(account);
    const users = (await admin.client.get(`/api/admin/all-users?search=${account.email}`)).json();
    expect(users[0]).toMatchObject({ id: account.user.id, twoFactorEnabled: true });

    // Someone else may not.
    const other = await signUp(t.app);
    expect(
      (await other.client.delete(`/api/admin/users/${account.user.id}/two-factor`)).statusCode,
    ).toBe(403);

    // A sign-in waiting for its code when the reset happens cannot finish with it.
    const waiting = await passwordStep(account);
    expect(waiting.res.json()).toEqual({ twoFactorRequired: true });

    const reset = await admin.client.delete(`/api/admin/users/${account.user.id}/two-factor`);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ success: true });
    expect((await admin.client.delete('/api/admin/users/2000000000/two-factor')).statusCode).toBe(
      404,
    );

    const late = await waiting.device.post('/api/auth/login/two-factor', {
      code: await nextCode(secret),
    });
    expect(late.statusCode).toBe(400);

    const signIn = await passwordStep(account);
    expect(signIn.res.json()).toMatchObject({ success: true });
    expect((await signIn.device.get('/api/auth/me')).statusCode).toBe(200);
    expect((await account.client.get('/api/account/two-factor')).json()).toMatchObject({
      enabled: false,
    });
    const audit = await t.db
      .selectFrom('activityLogs')
      .select('details')
      .where('userId', '=', admin.user.id)
      .where('details', '=', `Reset two-factor sign-in of user #${account.user.id}`)
      .execute();
    expect(audit).toHaveLength(1);
  });
});
