import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

/*
 * Issue 41, items 2 and 4: with e-invoicing on, the draft editor names what breaks EN 16931
 * (a reverse-charge line for a client without a VAT ID) and where to fix it; fixed, the
 * invoice issues and its UBL and CII download. Screens at 375 px in the dark theme and on
 * the desktop in the light one are kept for a look.
 */

test('e-invoicing: the editor names the missing VAT ID, fixed it issues, UBL and CII download', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  await signUpWithWorkspace(page, newUser('einvoice'));
  const api = page.request;
  const profile = await api.put('/api/settings/business', {
    data: {
      legalName: 'Atelier Lumière SARL',
      taxId: 'FR40123456824',
      countryCode: 'FR',
      street: '12 rue de la Paix',
      city: 'Paris',
      postalCode: '75002',
      iban: 'FR7630006000011234567890189',
      currency: 'EUR',
      einvoicing: true,
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const client = await api.post('/api/clients', {
    data: { name: 'Nordwind GmbH', email: 'billing@nordwind.example.com', countryCode: 'DE' },
  });
  expect(client.status(), await client.text()).toBe(201);
  const clientId = ((await client.json()) as { id: number }).id;
  const draft = await api.post('/api/invoices', {
    data: {
      clientId,
      currency: 'EUR',
      lines: [
        {
          description: 'Brand workshop',
          quantity: '2',
          unitPrice: '450.00',
          taxRate: '0',
          taxCategory: 'AE',
        },
      ],
    },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  const invoiceId = ((await draft.json()) as { id: number }).id;

  await page.goto(`/invoices/${invoiceId}`);
  const check = page.getByRole('alert', { name: 'Fix these before issuing the e-invoice' });
  await expect(check).toContainText("Add the client's VAT ID: a reverse-charge line needs it.");
  await expect(check).toContainText('BR-AE-02');
  await expect(check.getByRole('link', { name: 'Open the client' })).toHaveAttribute(
    'href',
    `/clients/${clientId}`,
  );

  // Issuing now is refused with the same reason; the draft stays a draft.
  await page.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(page.getByText(/cannot be issued as an e-invoice yet/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Issue invoice' })).toBeVisible();

  // Dark theme at 375 px: the check stays within the screen.
  const phone = await browser.newContext({
    viewport: { width: 375, height: 812 },
    colorScheme: 'dark',
    storageState: await page.context().storageState(),
  });
  const phonePage = await phone.newPage();
  await phonePage.goto(`/invoices/${invoiceId}`);
  const phoneCheck = phonePage.getByRole('alert', {
    name: 'Fix these before issuing the e-invoice',
  });
  await expect(phoneCheck).toContainText("client's VAT ID");
  expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    375,
  );
  await phoneCheck.scrollIntoViewIfNeeded();
  await phonePage.screenshot({ path: testInfo.outputPath('einvoice-check-375-dark.png') });
  await phone.close();
  await page.screenshot({
    path: testInfo.outputPath('einvoice-check-desktop.png'),
    fullPage: true,
  });

  // The client gets its VAT ID: the check passes and the invoice issues.
  const fix = await api.put(`/api/clients/${clientId}`, { data: { taxId: 'DE123456789' } });
  expect(fix.status(), await fix.text()).toBe(200);
  await page.reload();
  await expect(page.getByText('Ready to issue as an e-invoice')).toBeVisible();
  await page.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(page.getByText('Invoice issued')).toBeVisible();

  for (const [name, root] of [
    ['Download UBL', '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"'],
    ['Download CII (XML)', '<rsm:CrossIndustryInvoice'],
  ] as const) {
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^invoice-INV-\d+-(ubl|cii)\.xml$/);
    const xml = await readFile((await download.path())!, 'utf8');
    expect(xml).toContain(root);
    expect(xml).toContain('DE123456789');
    expect(xml).toContain('900.00');
  }
  await page.screenshot({
    path: testInfo.outputPath('einvoice-downloads-desktop.png'),
    fullPage: true,
  });
});
