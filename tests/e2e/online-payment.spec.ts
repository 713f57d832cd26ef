import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  test,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import axe from 'axe-core';
import { FAKE_STRIPE_PORT } from '../../playwright.config.ts';
import { FakeStripe } from '../support/fake-stripe.ts';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

/*
 * Issue 42: the client pays an invoice by card from the portal. Stripe is the fake on
 * FAKE_STRIPE_PORT (the journeys' server calls it there): its checkout page's "Pay"
 * completes the session, sends Keel the signed `checkout.session.completed`, and sends the
 * browser back to the portal, as Stripe does.
 */

const WEBHOOK_SECRET = 'whsec_e2eJourneySecret9876';

let stripe: FakeStripe;
test.beforeAll(async () => {
  stripe = await new FakeStripe().start(FAKE_STRIPE_PORT);
});
test.afterAll(async () => {
  await stripe?.stop();
});

/** Stripe connected as an owner does it: keys in Settings → Payments; answers the webhook URL. */
async function connectInSettings(page: Page) {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Payments' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Payments' });
  await panel.getByLabel('Publishable key').fill('pk_test_e2eJourney1234');
  await panel.getByLabel('Secret key').fill('sk_test_e2eJourney5678');
  await panel.getByLabel('Webhook signing secret').fill(WEBHOOK_SECRET);
  await panel.getByRole('button', { name: 'Save payment settings' }).click();
  await expect(panel.getByLabel('Online payment: Ready')).toBeVisible();
  await panel.getByRole('button', { name: 'Test connection' }).click();
  await expect(panel.getByRole('alert').filter({ hasText: 'Connected to Stripe' })).toBeVisible();
  return panel.getByRole('textbox', { name: 'Webhook URL' }).inputValue();
}

/**
 * An owner with a client, an issued invoice of `amount` EUR, Stripe connected (in Settings →
 * Payments, or through the API when the journey is about something else) and the client's
 * portal link.
 */
async function invoiceToPay(
  page: Page,
  label: string,
  amount: string,
  payments: { allowPartial: boolean; minimumPartial?: string } | 'in settings' = {
    allowPartial: false,
  },
) {
  await signUpWithWorkspace(page, newUser(label));
  const client = await page.request.post('/api/clients', {
    data: { name: 'Harbor Bakery', email: 'accounts@harbor-bakery.com', currency: 'EUR' },
  });
  expect(client.status()).toBe(201);
  const clientId = (await client.json()).id as number;
  const created = await page.request.post('/api/invoices', {
    data: { clientId, currency: 'EUR', status: 'sent', amount },
  });
  expect(created.status(), await created.text()).toBe(201);
  const invoice = (await created.json()) as { id: number; invoiceNumber: string };
  let webhookUrl: string;
  if (payments === 'in settings') webhookUrl = await connectInSettings(page);
  else {
    const settings = await page.request.put('/api/settings/payments', {
      data: {
        provider: 'stripe',
        publishableKey: 'pk_test_e2eJourney1234',
        secretKey: 'sk_test_e2eJourney5678',
        webhookSecret: WEBHOOK_SECRET,
        ...payments,
      },
    });
    expect(settings.status(), await settings.text()).toBe(200);
    const answer = (await settings.json()) as { webhookUrl: string; ready: boolean };
    expect(answer.ready).toBe(true);
    webhookUrl = answer.webhookUrl;
  }
  stripe.deliverWebhooksTo(webhookUrl, WEBHOOK_SECRET);
  const link = await page.request.post(`/api/clients/${clientId}/portal-link`);
  expect(link.status()).toBe(201);
  const { url } = (await link.json()) as { url: string };
  return { invoice, portalUrl: url };
}

/** The client, in a browser of their own with no Keel session, on the invoice in the portal. */
async function openInPortal(
  browser: Browser,
  portalUrl: string,
  invoiceNumber: string,
  options: BrowserContextOptions = {},
) {
  const guest = await browser.newContext(options);
  const portal = await guest.newPage();
  await portal.goto(portalUrl);
  await portal.getByRole('button', { name: `View Invoice ${invoiceNumber}` }).click();
  const dialog = portal.getByRole('dialog', { name: `Invoice ${invoiceNumber}` });
  return { guest, portal, dialog };
}

/** WCAG A and AA problems axe finds serious or critical in the open dialog (as accessibility.spec.ts). */
async function accessibilityProblems(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const { violations } = await new AxeBuilder({ page, axeSource: axe.source })
    .options({
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'],
      },
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    })
    .include('[role="dialog"]')
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the client pays an invoice by card in the portal: Stripe’s page, the signed webhook, the portal and the invoice say paid', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const { invoice, portalUrl } = await invoiceToPay(page, 'pay-online', '480', 'in settings');
  const { guest, portal, dialog } = await openInPortal(browser, portalUrl, invoice.invoiceNumber);
  try {
    // No part payments: no amount to type, the balance is what is paid.
    await expect(dialog.getByLabel(/Amount to pay/)).toHaveCount(0);
    // A double click starts one payment, not two.
    // (tRPC batches calls made together into one request: each call is counted.)
    const checkouts: string[] = [];
    portal.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (!pathname.startsWith('/trpc/')) return;
      for (const call of pathname.slice('/trpc/'.length).split(','))
        if (call === 'portal.checkout') checkouts.push(call);
    });
    await dialog.getByRole('button', { name: 'Pay now' }).dblclick();

    // Stripe's page, for the balance.
    await expect(portal).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${FAKE_STRIPE_PORT}/`));
    await expect(portal.getByText('Pay EUR 480.00')).toBeVisible();
    expect(checkouts).toHaveLength(1);
    expect(
      stripe.created().filter((s) => s.metadata.invoiceId === String(invoice.id)),
    ).toHaveLength(1);
    await portal.getByRole('button', { name: 'Pay' }).click();

    // Back in the portal: the webhook had arrived, the invoice opens by itself, paid.
    await expect(portal).toHaveURL(/\/portal\/\d+\.[\w-]+\?invoice=\d+&checkout=success$/);
    const back = portal.getByRole('dialog', { name: `Invoice ${invoice.invoiceNumber}` });
    await expect(back.getByText('Payment received, thank you')).toBeVisible();
    await expect(
      back.getByText('Your payment of €480.00 is recorded on this invoice.'),
    ).toBeVisible();
    expect(await accessibilityProblems(portal)).toEqual([]);
    await expect(back.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
    await back.getByRole('button', { name: 'Done' }).click();
    await expect(portal.getByText('Nothing due')).toBeVisible();
    // Said once: the return's query is gone from the address.
    await expect(portal).toHaveURL(/\/portal\/\d+\.[\w-]+$/);
  } finally {
    await guest.close();
  }
  expect(stripe.deliveries.at(-1)?.status).toBe(200);

  // The owner: the invoice is paid, with the card payment among its payments.
  await page.goto(`/invoices/${invoice.id}`);
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
  const payments = page
    .getByRole('main')
    .locator('.mantine-Card-root')
    .filter({
      has: page.getByRole('heading', { name: 'Payments' }),
    });
  await expect(payments.getByRole('cell', { name: 'Card', exact: true })).toBeVisible();
  await expect(payments.getByText('Paid online by card (Stripe)')).toBeVisible();
  await expect(payments.getByText('€480.00')).toBeVisible();
});

test('a part payment: the amount is checked, the portal says processing until the webhook arrives, then thanks, and the rest is still due', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const { invoice, portalUrl } = await invoiceToPay(page, 'pay-part', '300', {
    allowPartial: true,
    minimumPartial: '50',
  });
  // On a phone, in the dark theme.
  const { guest, portal, dialog } = await openInPortal(browser, portalUrl, invoice.invoiceNumber, {
    viewport: { width: 375, height: 812 },
    colorScheme: 'dark',
  });
  try {
    const amount = dialog.getByLabel('Amount to pay (EUR)');
    await expect(amount).toHaveValue('300');
    await amount.fill('301');
    await dialog.getByRole('button', { name: 'Pay now' }).click();
    await expect(
      dialog.getByText('The amount is more than the balance due (€300.00)'),
    ).toBeVisible();
    await amount.fill('20');
    await dialog.getByRole('button', { name: 'Pay now' }).click();
    await expect(dialog.getByText('The least you can pay at once is €50.00')).toBeVisible();
    expect(await accessibilityProblems(portal)).toEqual([]);
    expect(
      stripe.created().filter((s) => s.metadata.invoiceId === String(invoice.id)),
    ).toHaveLength(0);
    await amount.fill('120');

    // Stripe's webhook is late this time.
    stripe.holdWebhooks = true;
    await dialog.getByRole('button', { name: 'Pay now' }).click();
    await expect(portal.getByText('Pay EUR 120.00')).toBeVisible();
    await portal.getByRole('button', { name: 'Pay' }).click();
    const back = portal.getByRole('dialog', { name: `Invoice ${invoice.invoiceNumber}` });
    await expect(back.getByText('Payment processing')).toBeVisible();
    await expect(back.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
    expect(await accessibilityProblems(portal)).toEqual([]);

    // The webhook arrives: the portal, asking again by itself, thanks the client.
    stripe.holdWebhooks = false;
    expect(await stripe.releaseWebhooks()).toEqual([200]);
    await expect(back.getByText('Payment received, thank you')).toBeVisible();
    await expect(
      back.getByText('Your payment of €120.00 is recorded on this invoice.'),
    ).toBeVisible();
    await expect(back.getByText('€180.00').first()).toBeVisible();
    // The rest can be paid the same way.
    await expect(back.getByLabel('Amount to pay (EUR)')).toHaveValue('180');
    await expect(back.getByRole('button', { name: 'Pay now' })).toBeEnabled();
    expect(await accessibilityProblems(portal)).toEqual([]);
  } finally {
    stripe.holdWebhooks = false;
    await guest.close();
  }

  // One card payment of the part, the rest still due.
  const read = await page.request.get(`/api/invoices/${invoice.id}`);
  const owner = (await read.json()) as {
    status: string;
    balance: string;
    payments: { amount: string; method: string }[];
  };
  expect(owner.status).not.toBe('paid');
  expect(owner.balance).toBe('180.00');
  expect(owner.payments).toMatchObject([{ amount: '120.00', method: 'card' }]);
});

test('the client cancels on Stripe’s page: the portal says so, nothing is recorded', async ({
  page,
  browser,
}) => {
  const { invoice, portalUrl } = await invoiceToPay(page, 'pay-cancel', '90');
  const { guest, portal, dialog } = await openInPortal(browser, portalUrl, invoice.invoiceNumber);
  try {
    await dialog.getByRole('button', { name: 'Pay now' }).click();
    await expect(portal.getByText('Pay EUR 90.00')).toBeVisible();
    await portal.getByRole('link', { name: 'Cancel' }).click();
    const back = portal.getByRole('dialog', { name: `Invoice ${invoice.invoiceNumber}` });
    await expect(back.getByText('Payment cancelled')).toBeVisible();
    await expect(back.getByRole('button', { name: 'Pay now' })).toBeEnabled();
  } finally {
    await guest.close();
  }
  const read = await page.request.get(`/api/invoices/${invoice.id}`);
  expect(((await read.json()) as { payments: unknown[] }).payments).toEqual([]);
});
