import { expect, test } from '@playwright/test';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

test('the portal invoice shows the EPC QR code of its balance, labelled, at 375 px in both themes', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(60_000);
  await signUpWithWorkspace(page, newUser('payqr'));
  const profile = await page.request.put('/api/settings/business', {
    data: {
      legalName: 'Jürgen Müller Design',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
      paymentInstructions: 'Bank transfer within 30 days, please.',
    },
  });
  expect(profile.status()).toBe(200);
  const client = await page.request.post('/api/clients', {
    data: { name: 'Harbor Bakery', email: 'accounts@harbor-bakery.com', currency: 'EUR' },
  });
  expect(client.status()).toBe(201);
  const clientId = (await client.json()).id as number;
  const created = await page.request.post('/api/invoices', {
    data: { clientId, currency: 'EUR', status: 'sent', amount: '480' },
  });
  expect(created.status()).toBe(201);
  const invoice = (await created.json()) as { id: number; invoiceNumber: string };
  const link = await page.request.post(`/api/clients/${clientId}/portal-link`);
  expect(link.status()).toBe(201);
  const { url } = (await link.json()) as { url: string };

  for (const colorScheme of ['light', 'dark'] as const) {
    const guest = await browser.newContext({ viewport: { width: 375, height: 812 }, colorScheme });
    try {
      const portal = await guest.newPage();
      await portal.goto(url);
      await portal.getByRole('button', { name: `View Invoice ${invoice.invoiceNumber}` }).click();
      const dialog = portal.getByRole('dialog', { name: `Invoice ${invoice.invoiceNumber}` });
      const code = dialog.getByRole('img', { name: 'Scan to pay €480.00 by bank transfer' });
      await expect(code).toBeVisible();
      await expect(code).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
      await expect(dialog.getByText('Bank transfer within 30 days, please.')).toBeVisible();
      const overflow = await portal.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `portal invoice at 375 px, ${colorScheme}`).toBeLessThanOrEqual(0);
      await dialog.screenshot({ path: testInfo.outputPath(`portal-qr-375-${colorScheme}.png`) });
    } finally {
      await guest.close();
    }
  }
});

test("the invoice's Print view carries the payment QR code and the seller's structured address, as the PDF does", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUpWithWorkspace(page, newUser('printqr'));
  // No typed address: only the EN 16931 parts, which the sheet lays out as lines.
  const profile = await page.request.put('/api/settings/business', {
    data: {
      legalName: 'Jürgen Müller Design',
      street: 'Königstraße 12',
      postalCode: '70173',
      city: 'Stuttgart',
      countryCode: 'DE',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
    },
  });
  expect(profile.status()).toBe(200);
  const client = await page.request.post('/api/clients', {
    data: { name: 'Harbor Bakery', email: 'accounts@harbor-bakery.com', currency: 'EUR' },
  });
  expect(client.status()).toBe(201);
  const created = await page.request.post('/api/invoices', {
    data: { clientId: (await client.json()).id, currency: 'EUR', status: 'sent', amount: '480' },
  });
  expect(created.status()).toBe(201);
  const invoice = (await created.json()) as { id: number; invoiceNumber: string };

  await page.goto(`/invoices/${invoice.id}`);
  await page.getByRole('button', { name: 'Print' }).click();
  const sheet = page.getByRole('dialog', { name: `Invoice ${invoice.invoiceNumber}` });
  await expect(
    sheet.getByRole('img', { name: 'Scan to pay €480.00 by bank transfer' }),
  ).toBeVisible();
  await expect(sheet.getByText(/Königstraße 12\s+70173 Stuttgart\s+Germany/)).toBeVisible();
});
