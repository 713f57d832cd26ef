import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripe, signature } from '../../../../tests/support/fake-stripe.ts';
import {
  snapshot,
  useTwoWorkspaces,
  type WorkspaceAccount,
} from '../../../../tests/support/test-app.ts';

/*
 * The Stripe webhook's rate limits: deliveries counted per endpoint key (whatever the
 * address) and per sending address (whatever the key), refused with 429 and `Retry-After`
 * before anything else is read or written.
 */

const fake = await new FakeStripe().start();
afterAll(() => fake.stop());

const PER_KEY = 3;
const PER_ADDRESS = 6;
const { t, owner, other } = useTwoWorkspaces('Limited Studio', 'Other Limited Studio', () => ({
  stripeApiBase: fake.url,
  stripeWebhookRateLimit: PER_KEY,
  stripeWebhookIpRateLimit: PER_ADDRESS,
}));

const SECRET = 'whsec_limitsSigningSecret0001';
let ownerPath: string;
let otherPath: string;

async function connect(account: WorkspaceAccount) {
  const res = await account.client.put('/api/settings/payments', {
    provider: 'stripe',
    publishableKey: 'pk_test_limits',
    secretKey: 'sk_test_limitsSecretKey0001',
    webhookSecret: SECRET,
    allowPartial: false,
  });
  expect(res.statusCode, res.body).toBe(200);
  return new URL(res.json().webhookUrl as string).pathname;
}

beforeAll(async () => {
  ownerPath = await connect(owner);
  otherPath = await connect(other);
});

/** A signed event Keel does not use (stored, outcome ignored), from this address. */
async function ping(path: string, address: string) {
  const body = JSON.stringify(fake.event('customer.created', { id: 'cus_limits' }));
  return t.app.inject({
    method: 'POST',
    url: path,
    remoteAddress: address,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature(body, SECRET) },
    payload: body,
  });
}

async function storedEvents() {
  return (await t.db.selectFrom('stripeEvents').select('id').execute()).length;
}

describe('the Stripe webhook rate limits', () => {
  it('refuse an endpoint key past its limit a minute, from any address, changing nothing', async () => {
    for (let i = 0; i < PER_KEY; i += 1) {
      const res = await ping(ownerPath, '203.0.113.1');
      expect(res.statusCode, res.body).toBe(200);
    }
    const events = await storedEvents();
    const before = await snapshot(t.db);
    const refused = await ping(ownerPath, '203.0.113.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/^Too many attempts\. Please try again in 1 minute\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address, the same key: the key's count is full.
    expect((await ping(ownerPath, '203.0.113.2')).statusCode).toBe(429);
    expect(await snapshot(t.db)).toBe(before);
    expect(await storedEvents()).toBe(events);
    // Another workspace's key, the same address: its own count.
    expect((await ping(otherPath, '203.0.113.2')).statusCode).toBe(200);
  });

  it('refuse an address past its limit a minute, whatever keys it names', async () => {
    const address = '198.51.100.7';
    const made = () => `/api/webhooks/stripe/${randomBytes(24).toString('base64url')}`;
    // Unknown keys, well formed or not, are 404 and count on the address.
    expect((await ping(made(), address)).statusCode).toBe(404);
    expect((await ping('/api/webhooks/stripe/not-a-key', address)).statusCode).toBe(404);
    expect((await ping(otherPath, address)).statusCode).toBe(200);
    for (let i = 3; i < PER_ADDRESS; i += 1) {
      expect((await ping(made(), address)).statusCode).toBe(404);
    }
    const before = await snapshot(t.db);
    const events = await storedEvents();
    const refused = await ping(otherPath, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await ping(made(), address)).statusCode).toBe(429);
    expect(await snapshot(t.db)).toBe(before);
    expect(await storedEvents()).toBe(events);
    // A key no workspace has gets no counter of its own: the addresses' and the real keys' only.
    const keys = await t.db
      .selectFrom('rateLimits')
      .select('key')
      .where('key', 'like', 'stripe-webhook:%')
      .execute();
    expect(keys.map((k) => k.key).sort()).toEqual(
      [
        'stripe-webhook:address:198.51.100.7',
        'stripe-webhook:address:203.0.113.1',
        'stripe-webhook:address:203.0.113.2',
        `stripe-webhook:key:${ownerPath.split('/').at(-1)}`,
        `stripe-webhook:key:${otherPath.split('/').at(-1)}`,
      ].sort(),
    );
  });
});
