import { expect, test, type Page } from '@playwright/test';
import { pdfText } from '../support/pdf-text.ts';
import { solidPng } from '../support/uploads.ts';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

/*
 * Issue 38: a sole trader in Lyon billing in EUR with 20 % VAT, in Paris time, writing
 * DD/MM/YYYY and a 24-hour clock. Whatever they and their client read (the invoice, the
 * estimate, the expenses, the portal, the email and the PDF) carries euros and that clock:
 * never a dollar, never AM/PM.
 */

/** What a page shows, with no dollar and no 12-hour clock in it. */
async function expectEurosOnTheirClock(page: Page, where: string) {
  const text = await page.locator('body').innerText();
  expect(text, where).not.toContain('$');
  expect(text, where).not.toMatch(/\b[AP]M\b/);
  expect(text, where).toContain('€');
}

test('a euro freelancer in Paris sees euros and their own clock everywhere', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  await signUpWithWorkspace(page, newUser('lyon'));
  const clock = { timezone: 'Europe/Paris', dateFormat: 'DD/MM/YYYY', timeFormat: '24h' };
  expect((await page.request.put('/api/account/preferences', { data: clock })).status()).toBe(200);
  const logo = await page.request.post('/api/upload/workspace-logo', {
    multipart: { logo: { name: 'logo.png', mimeType: 'image/png', buffer: solidPng(240, 80) } },
  });
  expect(logo.status()).toBe(201);
  const business = await page.request.put('/api/settings/business', {
    data: {
      ...clock,
      currency: 'EUR',
      legalName: 'Atelier Lyon',
      logoUrl: ((await logo.json()) as { logoUrl: string }).logoUrl,
    },
  });
  expect(business.status(), await business.text()).toBe(200);

  const client = await page.request.post('/api/clients', {
    data: { name: 'Boulangerie Martin', email: 'compta@martin.example' },
  });
  const clientId = ((await client.json()) as { id: number }).id;
  const project = await page.request.post('/api/projects', {
    data: { name: 'Site vitrine', clientId, hourlyRate: '90' },
  });
  expect(project.status()).toBe(201);
  const projectId = ((await project.json()) as { id: number }).id;
  const entry = await page.request.post('/api/time-entries', {
    data: { projectId, hours: '1.75', date: '2026-11-27', description: 'Maquettes' },
  });
  expect(entry.status(), await entry.text()).toBe(201);

  // An expense through the form: it opens in euros, and lands among the invoice's rows.
  await page.goto('/expenses');
  await page.getByRole('button', { name: 'Add Expense' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Expense' });
  await expect(dialog.getByRole('combobox', { name: 'Currency', exact: true })).toHaveValue('EUR');
  await dialog.getByLabel('Amount').fill('42.50');
  await expect(dialog.getByLabel('Amount')).toHaveValue('€42.50');
  await expect(dialog).not.toContainText('$');
  await expect(dialog).not.toContainText('USD');
  await dialog.getByLabel('Vendor').fill('Papeterie');
  await dialog.getByRole('button', { name: 'Add Expense' }).click();
  await expect(page.getByText('Expense added')).toBeVisible();
  await expectEurosOnTheirClock(page, 'expenses');

  // The invoice: the time at 90 €/h with 20 % VAT, issued (not emailed).
  const invoiceRes = await page.request.post('/api/invoices', {
    data: {
      clientId,
      issueDate: '2026-11-28',
      dueDate: '2026-12-28',
      timeEntryIds: [((await entry.json()) as { id: number }).id],
      timeTaxRate: '20',
      lines: [{ description: 'Hébergement', quantity: '1', unitPrice: '120', taxRate: '20' }],
    },
  });
  expect(invoiceRes.status(), await invoiceRes.text()).toBe(201);
  const invoice = (await invoiceRes.json()) as { id: number; currency: string };
  expect(invoice.currency).toBe('EUR');
  const issued = await page.request.put(`/api/invoices/${invoice.id}`, {
    data: { status: 'sent' },
  });
  expect(issued.status(), await issued.text()).toBe(200);
  expect(((await issued.json()) as { emailedAt: string | null }).emailedAt).toBeNull();

  await page.goto(`/invoices/${invoice.id}`);
  await expect(page.getByText('Issued', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('28/11/2026').first()).toBeVisible();
  await expectEurosOnTheirClock(page, 'invoice page');

  // At 375 px in both themes: every amount whole, no sideways scroll (looked at, too).
  for (const scheme of ['light', 'dark'] as const) {
    const phone = await browser.newContext({
      viewport: { width: 375, height: 812 },
      colorScheme: scheme,
      storageState: await page.context().storageState(),
    });
    const small = await phone.newPage();
    await small.goto(`/invoices/${invoice.id}`);
    await expect(small.getByText('28/11/2026').first()).toBeVisible();
    const overflow = await small.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, scheme).toBeLessThanOrEqual(0);
    await small.screenshot({
      path: testInfo.outputPath(`invoice-375-${scheme}.png`),
      fullPage: true,
    });
    await phone.close();
  }

  // The invoice email as the client would get it: the due date in the workspace's format.
  const preview = await page.request.post(`/api/invoices/${invoice.id}/email-preview`, {
    data: {},
  });
  expect(preview.status(), await preview.text()).toBe(200);
  const email = JSON.stringify(await preview.json());
  expect(email).toContain('28/12/2026');
  expect(email).toContain('€');
  expect(email).not.toContain('$');

  // The PDF: the logo is drawn, and its dates are written DD/MM/YYYY.
  const pdf = await (await page.request.get(`/api/invoices/${invoice.id}/pdf`)).body();
  expect(pdf.includes('/Subtype /Image')).toBe(true);
  const pdfWords = await pdfText(pdf);
  expect(pdfWords).toContain('28/11/2026');
  expect(pdfWords).toContain('28/12/2026');
  expect(pdfWords).not.toContain('$');

  // The estimate, sent: emailed (to the log, with no mail server) with its portal link.
  const estimateRes = await page.request.post('/api/estimates', {
    data: {
      clientId,
      lines: [{ description: 'Refonte du menu', quantity: '1', unitPrice: '900', taxRate: '20' }],
    },
  });
  expect(estimateRes.status()).toBe(201);
  const estimateId = ((await estimateRes.json()) as { id: number }).id;
  const sent = await page.request.post(`/api/estimates/${estimateId}/send`, { data: {} });
  expect(sent.status(), await sent.text()).toBe(200);
  const portalLink = ((await sent.json()) as { portalLink: string | null }).portalLink;
  expect(portalLink).toBeTruthy();
  await page.goto(`/estimates/${estimateId}`);
  await expect(page.getByRole('heading', { name: 'Emails' })).toBeVisible();
  await expectEurosOnTheirClock(page, 'estimate page');

  // The portal, as the client opens it: the workspace's euros and clock.
  const guest = await browser.newContext();
  try {
    const portal = await guest.newPage();
    await portal.goto(portalLink!);
    await expect(
      portal.getByRole('heading', { name: 'Boulangerie Martin', level: 1 }),
    ).toBeVisible();
    await expect(portal.getByText('Issued 28/11/2026 · Due 28/12/2026')).toBeVisible();
    await expectEurosOnTheirClock(portal, 'portal');
  } finally {
    await guest.close();
  }
});
