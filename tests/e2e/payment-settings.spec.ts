import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import axe from 'axe-core';
import { FAKE_STRIPE_PORT } from '../../playwright.config.ts';
import { FakeStripe, signature } from '../support/fake-stripe.ts';
import { joinByInvitation, newUser, signUpWithWorkspace } from './fixtures.ts';

/*
 * Issue 42, Settings → Payments: an owner connects Stripe (a fake one on loopback, where the
 * journeys' server sends its Stripe calls), the secrets never come back to the page, the
 * webhook URL copies, "Test connection" names the fake account, an event Stripe sent is
 * listed; a partner or a collaborator never sees the tab.
 */

const fake = new FakeStripe();
test.beforeAll(async () => {
  await fake.start(FAKE_STRIPE_PORT);
});
test.afterAll(async () => {
  await fake.stop();
});

const suffix = () => Math.random().toString(36).slice(2, 10);

async function openPayments(page: Page) {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Payments' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Payments' });
  await expect(panel.getByRole('heading', { name: 'Stripe' })).toBeVisible();
  return panel;
}

test('an owner connects Stripe: secrets stay write-only, the webhook URL copies, the test names the account', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signUpWithWorkspace(page, newUser('payments'));
  const secretKey = `sk_test_${suffix()}${suffix()}4242`;
  const webhookSecret = `whsec_${suffix()}${suffix()}c0de`;

  let panel = await openPayments(page);
  await expect(panel.getByText('Save the settings to get your webhook URL')).toBeVisible();
  await expect(panel.getByLabel('Online payment: Not ready')).toBeVisible();
  await expect(
    panel.getByText('Needs a secret key and a webhook signing secret', { exact: true }),
  ).toBeVisible();
  await expect(panel.getByText('No events from Stripe yet', { exact: false })).toBeVisible();
  for (const event of [
    'checkout.session.completed',
    'checkout.session.async_payment_succeeded',
    'charge.refunded',
    'checkout.session.async_payment_failed',
    'checkout.session.expired',
  ])
    await expect(panel.getByText(event, { exact: true })).toBeVisible();

  // A key in the wrong field is refused beside it, and nothing is saved.
  await panel.getByLabel('Secret key').fill('pk_test_wrong');
  await panel.getByRole('button', { name: 'Save payment settings' }).click();
  await expect(
    panel.getByText('Secret key must start with sk_ or rk_ (e.g. sk_test_…)'),
  ).toBeVisible();

  await panel.getByLabel('Publishable key').fill('pk_test_51fakepublishable');
  await panel.getByLabel('Secret key').fill(secretKey);
  await panel.getByLabel('Webhook signing secret').fill(webhookSecret);
  await panel.getByLabel('Allow partial payments').check({ force: true });
  await panel.getByLabel('Minimum partial payment').fill('25');
  await panel.getByRole('button', { name: 'Save payment settings' }).click();
  await expect(page.getByText('Payment settings saved')).toBeVisible();
  await expect(panel.getByLabel('Online payment: Ready')).toBeVisible();

  // Reloaded: the secrets' last 4 characters, never the secrets, anywhere in the page.
  await page.reload();
  panel = await openPayments(page);
  await expect(panel.getByText('Set, ending in 4242')).toBeVisible();
  await expect(panel.getByText('Set, ending in c0de')).toBeVisible();
  await expect(panel.getByLabel('Secret key')).toHaveValue('');
  await expect(panel.getByLabel('Secret key')).toHaveAttribute(
    'placeholder',
    'Leave empty to keep it',
  );
  await expect(panel.getByLabel('Publishable key')).toHaveValue('pk_test_51fakepublishable');
  await expect(panel.getByLabel('Minimum partial payment')).toHaveValue('25');
  const html = await page.content();
  expect(html).not.toContain(secretKey);
  expect(html).not.toContain(webhookSecret);

  // Saving again with the secrets' inputs left empty keeps them.
  await panel.getByLabel('Allow partial payments').uncheck({ force: true });
  await expect(panel.getByLabel('Minimum partial payment')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Save payment settings' }).click();
  await expect(page.getByText('Payment settings saved')).toBeVisible();
  await expect(panel.getByLabel('Online payment: Ready')).toBeVisible();
  await expect(panel.getByText('Set, ending in 4242')).toBeVisible();

  // The webhook URL, copied as shown.
  const url = await panel.getByRole('textbox', { name: 'Webhook URL' }).inputValue();
  expect(url).toMatch(/\/api\/webhooks\/stripe\/\d+\.[\w-]{16,}$/);
  await panel.getByRole('button', { name: 'Copy webhook URL' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // Test connection: what the fake Stripe's GET /v1/account answered for the saved key.
  await panel.getByRole('button', { name: 'Test connection' }).click();
  const found = panel.getByRole('alert').filter({ hasText: 'Connected to Stripe' });
  await expect(found).toContainText('Fake Shop · acct_fake123');
  await expect(found).toContainText('Mode: Test');
  await expect(found).toContainText('Default currency: EUR');
  await expect(found).toContainText('Charges: Enabled');
  expect(fake.calls.some((c) => c.path === '/v1/account' && c.key === secretKey)).toBe(true);

  // A key Stripe refuses: its message, not a toast of success.
  fake.refusedKeys.add(secretKey);
  await panel.getByRole('button', { name: 'Test connection' }).click();
  await expect(
    panel.getByRole('alert').filter({ hasText: 'Stripe refused the connection' }),
  ).toContainText('Invalid API Key provided');
  fake.refusedKeys.delete(secretKey);

  // An event Stripe signed for this endpoint is listed with its outcome.
  const event = fake.event('checkout.session.expired', {
    id: 'cs_test_nobody',
    object: 'checkout.session',
  });
  const body = JSON.stringify(event);
  const delivered = await page.request.post(new URL(url).pathname, {
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signature(body, webhookSecret),
    },
    data: body,
  });
  expect(delivered.status()).toBe(200);
  await page.reload();
  panel = await openPayments(page);
  const row = panel.getByRole('row').filter({ hasText: event.id });
  await expect(row).toContainText('checkout.session.expired');
  await expect(row).toContainText('Unknown session');
});

test('partners and collaborators do not see the Payments tab', async ({ page, browser }) => {
  await signUpWithWorkspace(page, newUser('pay-owner'));
  for (const role of ['partner', 'collaborator']) {
    const member = await joinByInvitation(page, browser, newUser(`pay-${role}`), role);
    await member.goto('/settings');
    await expect(member.getByRole('tab', { name: 'Email' })).toBeVisible();
    await expect(member.getByRole('tab', { name: 'Payments' })).toHaveCount(0);
    await member.context().close();
  }
});

test('the Payments tab fits a phone and passes axe in both themes', async ({ browser }) => {
  test.slow();
  const owner = newUser('pay-a11y');
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 375, height: 812 },
    ]) {
      const context = await browser.newContext({ colorScheme, viewport });
      const page = await context.newPage();
      if (colorScheme === 'light' && viewport.width === 1280) {
        await signUpWithWorkspace(page, owner);
        // Saved once, so the webhook URL and the secrets' last 4 are drawn.
        const saved = await page.request.put('/api/settings/payments', {
          data: {
            publishableKey: 'pk_test_a11y',
            secretKey: 'sk_test_a11y_1234',
            webhookSecret: 'whsec_a11y_5678',
            allowPartial: true,
            minimumPartial: '10',
          },
        });
        expect(saved.status()).toBe(200);
      } else {
        const signedIn = await page.request.post('/api/auth/login', {
          data: { email: owner.email, password: owner.password },
        });
        expect(signedIn.status()).toBe(200);
      }
      const panel = await openPayments(page);
      await expect(panel.getByText('Set, ending in 1234')).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `horizontal overflow at ${viewport.width} px`).toBeLessThanOrEqual(0);
      const { violations } = await new AxeBuilder({ page, axeSource: axe.source })
        .include('[role="tabpanel"]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
        .analyze();
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`),
        `${colorScheme} ${viewport.width} px`,
      ).toEqual([]);
      await context.close();
    }
  }
});
