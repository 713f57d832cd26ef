import { expect, test } from '@playwright/test';
import { solidPng } from '../support/uploads.ts';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

/* Issue 38, item 7: Settings → Business takes the logo the invoice PDF then prints. */

test('a logo uploaded in Settings → Business is printed on the invoice PDF', async ({
  page,
}, testInfo) => {
  await signUpWithWorkspace(page, newUser('logo'));
  const client = await page.request.post('/api/clients', {
    data: { name: 'Maison Dupont', email: 'compta@dupont.example', currency: 'EUR' },
  });
  expect(client.status()).toBe(201);
  const invoice = await page.request.post('/api/invoices', {
    data: {
      clientId: (await client.json()).id,
      lines: [{ description: 'Design', quantity: '1', unitPrice: '900', taxRate: '20' }],
    },
  });
  expect(invoice.status()).toBe(201);
  const pdfUrl = `/api/invoices/${(await invoice.json()).id}/pdf`;
  const hasImage = async () =>
    (await (await page.request.get(pdfUrl)).body()).includes('/Subtype /Image');
  expect(await hasImage()).toBe(false);

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Business' }).click();
  const card = page.getByRole('region', { name: 'Logo on documents' });
  await expect(card.getByText('No logo', { exact: true })).toBeVisible();
  await card.locator('input[type="file"]').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: solidPng(240, 80),
  });
  await expect(page.getByText('Document logo updated')).toBeVisible();
  await expect(card.getByRole('img', { name: 'Document logo' })).toBeVisible();
  await expect(card.getByText('Your documents print this logo.')).toBeVisible();
  expect(await hasImage()).toBe(true);
  await card.screenshot({ path: testInfo.outputPath('business-logo-card.png') });

  await card.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Document logo removed')).toBeVisible();
  expect(await hasImage()).toBe(false);
});
