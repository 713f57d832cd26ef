import { expect, test } from '@playwright/test';
import { EINVOICING_SELLER } from '../support/einvoice-seller.ts';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

const CLIENT = 'Hosting Client Ltd';

test('a monthly recurring invoice: made from the invoices page, its first invoice at once, listed with its next date', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpWithWorkspace(page, newUser('recurring'));
  const made = await page.request.post('/api/clients', {
    data: { name: CLIENT, email: 'billing@hosting-client.example', currency: 'EUR' },
  });
  expect(made.status()).toBe(201);

  await page.goto('/invoices');
  await page.getByRole('link', { name: 'Recurring' }).click();
  await expect(page.getByRole('heading', { name: 'Recurring Invoices', level: 2 })).toBeVisible();
  await expect(page.getByText('No recurring invoices yet')).toBeVisible();
  await page.getByRole('button', { name: 'New Recurring Invoice' }).click();

  const form = page.getByRole('form', { name: 'New recurring invoice' });
  await form.getByRole('combobox', { name: 'Client' }).click();
  await page.getByRole('option', { name: CLIENT }).click();
  // The client's currency is taken.
  await expect(form.getByRole('combobox', { name: 'Currency' })).toHaveValue(/^EUR/);
  await form.getByLabel('Line 1 description').fill('Managed hosting');
  await form.getByLabel('Line 1 unit price').fill('49.90');
  await form.getByLabel('Line 1 tax rate').fill('20');
  await expect(form.getByLabel('Totals')).toContainText('€59.88');
  await expect(form.getByRole('combobox', { name: 'Frequency' })).toHaveValue('Monthly');
  await form.getByRole('button', { name: 'Create recurring invoice' }).click();

  // Starting today, its first invoice is made at once, as a draft.
  await expect(page.getByText('Recurring invoice created')).toBeVisible();
  await expect(
    page.getByRole('heading', { name: `Recurring invoice for ${CLIENT}` }),
  ).toBeVisible();
  const madeInvoices = page.getByText('Invoices made').locator('..');
  await expect(madeInvoices.getByRole('link', { name: 'Draft' })).toBeVisible();
  const next = page.getByText('Next invoices').locator('..');
  const nextDate = (await next.locator('p').first().innerText()).trim();
  expect(nextDate).not.toBe('');

  await page.getByRole('link', { name: 'Recurring Invoices' }).first().click();
  const row = page.getByRole('row', { name: new RegExp(CLIENT) });
  await expect(row).toContainText('Monthly');
  await expect(row).toContainText('€59.88');
  await expect(row).toContainText('Active');
  // The list shows the next date in the user's short format; the page its long form.
  const listed = await row.getByRole('cell').nth(2).innerText();
  expect(new Date(listed).toDateString()).toBe(new Date(nextDate).toDateString());

  // The invoice links back to the recurring invoice that made it.
  await row.getByRole('link', { name: CLIENT }).click();
  await page.getByText('Invoices made').locator('..').getByRole('link', { name: 'Draft' }).click();
  await expect(page.getByRole('heading', { name: 'Draft invoice' })).toBeVisible();
  await page.getByRole('link', { name: 'Made by a recurring invoice' }).click();
  await expect(
    page.getByRole('heading', { name: `Recurring invoice for ${CLIENT}` }),
  ).toBeVisible();
  await page.goto('/recurring-invoices');

  // Paused from the list, then resumed.
  await row.getByRole('button', { name: `Actions for ${CLIENT}` }).click();
  await page.getByRole('menuitem', { name: 'Pause' }).click();
  await expect(page.getByText('Recurring invoice paused')).toBeVisible();
  await expect(row).toContainText('Paused');
  await row.getByRole('button', { name: `Actions for ${CLIENT}` }).click();
  await page.getByRole('menuitem', { name: 'Resume' }).click();
  await expect(row).toContainText('Active');
});

test('an automatic send the EN 16931 rules refuse leaves a draft, and the recurring invoice says why', async ({
  page,
}) => {
  await signUpWithWorkspace(page, newUser('recurring-einvoice'));
  const api = page.request;
  const profile = await api.put('/api/settings/business', {
    data: {
      legalName: 'Atelier Lumière SARL',
      currency: 'EUR',
      // The first period starts on today's UTC date (below), the workspace's today only if
      // it keeps UTC: from midnight to 5 a.m. UTC, New York is still on the day before.
      timezone: 'UTC',
      einvoicing: true,
      ...EINVOICING_SELLER,
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  // No country: the buyer's address is incomplete for an e-invoice.
  const client = await api.post('/api/clients', {
    data: { name: CLIENT, email: 'billing@hosting-client.example', currency: 'EUR' },
  });
  expect(client.status(), await client.text()).toBe(201);
  const made = await api.post('/api/recurring-invoices', {
    data: {
      clientId: ((await client.json()) as { id: number }).id,
      lines: [{ description: 'Managed hosting', quantity: '1', unitPrice: '49.90' }],
      frequency: 'monthly',
      startDate: new Date().toISOString().slice(0, 10),
      autoSend: true,
    },
  });
  expect(made.status(), await made.text()).toBe(201);

  await page.goto(`/recurring-invoices/${((await made.json()) as { id: number }).id}`);
  const alert = page.getByRole('alert').filter({ hasText: 'left its invoice a draft' });
  // The first invoice is made and sent by the job queue, just after the template is saved.
  await expect(async () => {
    await page.reload();
    await expect(alert).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(alert).toContainText(/BR-\d+: /);
  await alert.getByRole('link', { name: 'the draft' }).click();
  await expect(page.getByRole('heading', { name: 'Draft invoice' })).toBeVisible();
});
