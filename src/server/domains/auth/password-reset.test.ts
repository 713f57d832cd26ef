import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ApiClient,
  createTestApp,
  useSmtpSink,
  useTestApp,
  signUp,
  uniqueEmail,
} from '../../../../tests/support/test-app.ts';

const SAME_ANSWER = {
  success: true,
  message: "If an account exists for that email, we've sent a link to reset your password.",
};
const INVALID_LINK = { error: 'This reset link is invalid or has expired' };
const NEW_PASSWORD = 'Fresh-horse-42';

const sink = useSmtpSink();
const t = useTestApp(() => ({ smtpUrl: sink.url, appUrl: 'https://keel.example.test' }));

const anonymous = () => new ApiClient(t.app);
const forgot = (email: string) => anonymous().post('/api/auth/forgot-password', { email });

/** Asks for a link for the email and answers its token, read from the email sent. */
async function resetToken(email: string): Promise<string> {
  const before = sink.mails.length;
  expect((await forgot(email)).statusCode).toBe(202);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mail = sink.mails.slice(before).find((m) => m.to.includes(email.toLowerCase()));
    if (mail) {
      const match = /https:\/\/keel\.example\.test\/reset-password\/([A-Za-z0-9_-]+)/.exec(
        mail.text,
      );
      expect(match, mail.text).not.toBeNull();
      return match![1]!;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no reset email to ${email}`);
}

const mailsTo = (email: string) => sink.mails.filter((m) => m.to.includes(email.toLowerCase()));

describe('POST /api/auth/forgot-password', () => {
  it('answers 202 with the same body for an account and for an unknown email; only the account is mailed', async () => {
    const { email } = await signUp(t.app);
    const unknown = uniqueEmail('nobody');
    const refused = await forgot(unknown);
    const accepted = await forgot(email);
    expect(refused.statusCode).toBe(202);
    expect(accepted.statusCode).toBe(202);
    expect(refused.json()).toEqual(SAME_ANSWER);
    expect(accepted.body).toBe(refused.body);

    const mail = await sink.waitFor(email, { match: /reset-password/ });
    expect(mail.subject).toBe('Reset your Keel password');
    expect(mail.text).toMatch(/https:\/\/keel\.example\.test\/reset-password\/[A-Za-z0-9_-]{43}\b/);
    expect(mail.text).toContain('60 minutes');
    expect(mailsTo(unknown)).toEqual([]);
  });

  it('keeps only the SHA-256 of a 256-bit token, valid one hour, and logs the request', async () => {
    const { email, user } = await signUp(t.app);
    const token = await resetToken(email);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await t.db
      .selectFrom('passwordResetTokens')
      .select(['tokenHash', 'expiresAt', 'createdAt', 'usedAt'])
      .where('userId', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(rows[0]!.usedAt).toBeNull();
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(60 * 60 * 1000);
    // Logged once the email is handed over, which is when the test has the token: wait for it.
    const logged = () =>
      t.db
        .selectFrom('activityLogs')
        .select('details')
        .where('action', '=', 'password_reset_requested')
        .where('userId', '=', user.id)
        .execute();
    await expect.poll(async () => (await logged()).length, { timeout: 10_000 }).toBe(1);
  });

  it('mails a deactivated account nothing', async () => {
    const off = await signUp(t.app);
    await t.db
      .updateTable('users')
      .set({ isActive: false })
      .where('id', '=', off.user.id)
      .execute();
    const on = await signUp(t.app);
    expect((await forgot(off.email)).json()).toEqual(SAME_ANSWER);
    // Requests are served in order: once the later one's email is out, the first sent none.
    await resetToken(on.email);
    expect(mailsTo(off.email)).toEqual([]);
  });

  it('mails one address at most three times an hour, answering the same past that', async () => {
    const { email } = await signUp(t.app);
    for (let i = 0; i < 4; i++) {
      const res = await forgot(email);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual(SAME_ANSWER);
    }
    const other = await signUp(t.app);
    await resetToken(other.email);
    expect(mailsTo(email)).toHaveLength(3);
  });

  it('is rate limited per client address', async () => {
    const limited = await createTestApp({ authRateLimit: 2, smtpUrl: sink.url });
    try {
      const post = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: uniqueEmail('flood') },
          remoteAddress: '192.0.2.44',
        });
      const statuses = [(await post()).statusCode, (await post()).statusCode];
      const third = await post();
      expect([...statuses, third.statusCode]).toEqual([202, 202, 429]);
      expect(third.headers['retry-after']).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  });

  it('refuses an invalid email with 400', async () => {
    const res = await anonymous().post('/api/auth/forgot-password', { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Invalid email address' });
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password once: the old one and the link stop working', async () => {
    const { email, password, user } = await signUp(t.app);
    const token = await resetToken(email);
    const reset = await anonymous().post('/api/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ success: true });
    // The caller is not signed in by it.
    expect(reset.cookies.find((c) => c.name === 'keel.sid')).toBeUndefined();

    expect((await anonymous().post('/api/auth/login', { email, password })).statusCode).toBe(401);
    const fresh = anonymous();
    expect(
      (await fresh.post('/api/auth/login', { email, password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
    expect((await fresh.get('/api/auth/me')).statusCode).toBe(200);

    const again = await anonymous().post('/api/auth/reset-password', {
      token,
      password: 'Another-horse-7',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject(INVALID_LINK);
    const logged = await t.db
      .selectFrom('activityLogs')
      .select('action')
      .where('action', '=', 'password_reset')
      .where('userId', '=', user.id)
      .execute();
    expect(logged).toHaveLength(1);
  });

  it('ends every session and revokes every API token of the account', async () => {
    const { email, client, password } = await signUp(t.app);
    const created = await client.post('/api/account/tokens', { name: 'Script' });
    expect(created.statusCode).toBe(201);
    const bearer = { authorization: `Bearer ${(created.json() as { token: string }).token}` };
    const second = anonymous();
    expect((await second.post('/api/auth/login', { email, password })).statusCode).toBe(200);
    expect((await anonymous().request('GET', '/api/auth/me', undefined, bearer)).statusCode).toBe(
      200,
    );

    const token = await resetToken(email);
    const reset = await anonymous().post('/api/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);

    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    expect((await second.get('/api/auth/me')).statusCode).toBe(401);
    expect((await anonymous().request('GET', '/api/auth/me', undefined, bearer)).statusCode).toBe(
      401,
    );
  });

  it('refuses an expired link', async () => {
    const { email, user } = await signUp(t.app);
    const token = await resetToken(email);
    await t.db
      .updateTable('passwordResetTokens')
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where('userId', '=', user.id)
      .execute();
    const res = await anonymous().post('/api/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(INVALID_LINK);
  });

  it('refuses an unknown link, and an earlier link once a newer one was sent', async () => {
    const unknown = await anonymous().post('/api/auth/reset-password', {
      token: 'A'.repeat(43),
      password: NEW_PASSWORD,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject(INVALID_LINK);

    const { email } = await signUp(t.app);
    const first = await resetToken(email);
    const second = await resetToken(email);
    const stale = await anonymous().post('/api/auth/reset-password', {
      token: first,
      password: NEW_PASSWORD,
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject(INVALID_LINK);
    const fresh = await anonymous().post('/api/auth/reset-password', {
      token: second,
      password: NEW_PASSWORD,
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('holds the new password to the password policy, and a refusal keeps the link usable', async () => {
    const { email } = await signUp(t.app);
    const token = await resetToken(email);
    const cases: [string, string][] = [
      ['Sh0rt', 'Password must be at least 8 characters'],
      ['alllower1case', 'Password must contain at least one uppercase letter'],
      ['ALLUPPER1CASE', 'Password must contain at least one lowercase letter'],
      ['NoDigitsHere', 'Password must contain at least one number'],
    ];
    for (const [password, error] of cases) {
      const res = await anonymous().post('/api/auth/reset-password', { token, password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toMatchObject({ error });
    }
    const ok = await anonymous().post('/api/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('tells a deactivated account so, and keeps the link', async () => {
    const { email, user } = await signUp(t.app);
    const token = await resetToken(email);
    await t.db.updateTable('users').set({ isActive: false }).where('id', '=', user.id).execute();
    const res = await anonymous().post('/api/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      error: 'Your account has been deactivated. Contact your administrator.',
    });
    const row = await t.db
      .selectFrom('passwordResetTokens')
      .select('usedAt')
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.usedAt).toBeNull();
  });
});

describe('POST /api/auth/login of a deactivated account', () => {
  it('says the account is deactivated only to the right password', async () => {
    const { email, password, user } = await signUp(t.app);
    await t.db.updateTable('users').set({ isActive: false }).where('id', '=', user.id).execute();
    const right = await anonymous().post('/api/auth/login', { email, password });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({
      success: false,
      error: 'Your account has been deactivated. Contact your administrator.',
    });
    expect(right.cookies.find((c) => c.name === 'keel.sid' && c.value)).toBeUndefined();
    const wrong = await anonymous().post('/api/auth/login', { email, password: 'Wrong-pass-1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ success: false, error: 'Invalid email or password' });
  });
});
