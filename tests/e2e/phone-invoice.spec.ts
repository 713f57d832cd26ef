import { expect, test, type Locator, type Page } from '@playwright/test';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

/*
 * Issue 38, item 8: at 375 px the invoice page, the estimate page and the portal's invoice
 * stack their lines and payments, so every amount is whole on the screen and nothing
 * scrolls sideways. Screenshots of each, in both themes, go to test-results for a look.
 */

const PHONE = { width: 375, height: 812 };

const lines = [
  {
    description: 'Brand identity workshop with the founders, two days on site in Lyon',
    quantity: '12.5',
    unitPrice: '1013.31',
    taxRate: '20',
  },
  { description: 'Hosting', quantity: '3', unitPrice: '9.99', taxRate: '5.5' },
];

/** Every amount is inside the screen's width and not cut by its own box. */
async function expectWhole(page: Page, amounts: Locator) {
  const count = await amounts.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const amount = amounts.nth(i);
    await amount.scrollIntoViewIfNeeded();
    const box = await amount.boundingBox();
    const text = await amount.innerText();
    expect(box, text).not.toBeNull();
    expect(box!.x, text).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, text).toBeLessThanOrEqual(PHONE.width);
    const clipped = await amount.evaluate((el) => {
      // Neither the amount nor any box around it cuts it off.
      for (let node: Element | null = el; node; node = node.parentElement) {
        if (
          node.scrollWidth > node.clientWidth + 1 &&
          getComputedStyle(node).overflowX !== 'visible'
        )
          return true;
      }
      return el.scrollWidth > el.clientWidth + 1;
    });
    expect(clipped, `${text} is cut off`).toBe(false);
  }
  // No sideways scroll on the page.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('at 375 px the invoice, the estimate and the portal invoice show every amount whole, in both themes', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  await signUpWithWorkspace(page, newUser('phone'));
  const api = page.request;
  const client = await api.post('/api/clients', {
    data: { name: 'Boulangerie Lumière', email: 'compta@lumiere.example', currency: 'EUR' },
  });
  expect(client.status()).toBe(201);
  const clientId = (await client.json()).id as number;
  const invoiceRes = await api.post('/api/invoices', { data: { clientId, lines } });
  expect(invoiceRes.status(), await invoiceRes.text()).toBe(201);
  const invoiceId = (await invoiceRes.json()).id as number;
  const issued = await api.post(`/api/invoices/${invoiceId}/issue`);
  expect(issued.status()).toBe(200);
  const invoiceNumber = (await issued.json()).invoiceNumber as string;
  const paid = await api.post(`/api/invoices/${invoiceId}/payments`, {
    data: {
      amount: '1200.55',
      date: new Date().toISOString().slice(0, 10),
      method: 'bank_transfer',
      note: 'First instalment, wire from Crédit Lyonnais',
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const estimateRes = await api.post('/api/estimates', {
    data: { clientId, lines, status: 'sent' },
  });
  expect(estimateRes.status(), await estimateRes.text()).toBe(201);
  const estimateId = (await estimateRes.json()).id as number;
  const link = await api.post(`/api/clients/${clientId}/portal-link`);
  expect(link.status()).toBe(201);
  const portalPath = new URL((await link.json()).url as string).pathname;
  const cookies = await page.context().cookies();

  for (const theme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport: PHONE, colorScheme: theme });
    await context.addCookies(cookies);
    const phone = await context.newPage();
    try {
      await phone.goto(`/invoices/${invoiceId}`);
      await expect(phone.getByText('€12,666.38').first()).toBeVisible();
      await expect(phone.getByText('€1,200.55', { exact: true })).toBeVisible();
      await expect(phone.getByText('12.5 × €1,013.31 · Tax 20 %')).toBeVisible();
      await expectWhole(phone, phone.locator('main [data-amount]'));
      await phone.screenshot({
        path: testInfo.outputPath(`invoice-375-${theme}.png`),
        fullPage: true,
      });

      await phone.goto(`/estimates/${estimateId}`);
      await expect(phone.getByText('3 × €9.99 · Tax 5.5 %')).toBeVisible();
      await expectWhole(phone, phone.locator('main [data-amount]'));
      await phone.screenshot({
        path: testInfo.outputPath(`estimate-375-${theme}.png`),
        fullPage: true,
      });

      await phone.goto(portalPath);
      await phone.getByRole('button', { name: `View Invoice ${invoiceNumber}` }).click();
      const dialog = phone.getByRole('dialog', { name: `Invoice ${invoiceNumber}` });
      await expect(dialog.getByText('12.5 × €1,013.31 · Tax 20 %')).toBeVisible();
      await expectWhole(phone, dialog.locator('[data-amount]'));
      await phone.screenshot({ path: testInfo.outputPath(`portal-invoice-375-${theme}.png`) });
    } finally {
      await context.close();
    }
  }
});
