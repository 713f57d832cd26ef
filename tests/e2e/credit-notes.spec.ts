import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

/*
 * Issue 41, item 5: an issued invoice credited by half its amount from its page: the
 * balance halves, the credit note is listed on the invoice and in /credit-notes, and its
 * PDF downloads.
 */

test('crediting half of an issued invoice halves its balance and lists the credit note', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpWithWorkspace(page, newUser('credit'));
  const api = page.request;
  const client = await api.post('/api/clients', {
    data: { name: 'Northwind Traders', email: 'billing@northwind.example' },
  });
  expect(client.status()).toBe(201);
  const clientId = (await client.json()).id as number;
  const created = await api.post('/api/invoices', {
    data: {
      clientId,
      lines: [{ description: 'Brand workshop', quantity: '2', unitPrice: '500', taxRate: '20' }],
      status: 'sent',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const invoice = (await created.json()) as { id: number; invoiceNumber: string };

  await page.goto(`/invoices/${invoice.id}`);
  const main = page.getByRole('main');
  await expect(main.getByText('$1,200.00 due')).toBeVisible();

  await main.getByRole('button', { name: 'Credit note' }).click();
  const dialog = page.getByRole('dialog', { name: `Credit invoice ${invoice.invoiceNumber}` });
  await expect(dialog.getByText('Remaining to credit: $1,200.00')).toBeVisible();
  // The reason is required: nothing is saved (and no toast) without it.
  await dialog.getByText('An amount').click();
  await dialog.getByLabel('Amount to credit (USD, tax included)').fill('600');
  await dialog.getByRole('button', { name: 'Create credit note' }).click();
  await expect(dialog.getByText('A reason is required')).toBeVisible();
  await expect(page.getByText('Credit note created')).toHaveCount(0);
  await dialog.getByLabel('Reason').fill('Half of the workshop was cancelled');
  await dialog.getByRole('button', { name: 'Create credit note' }).click();
  await expect(page.getByText('Credit note created')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The balance halves; the credit note is listed on the invoice.
  await expect(main.getByText('$600.00 credited')).toBeVisible();
  await expect(main.getByText('$600.00 due')).toBeVisible();
  const onInvoice = main.getByRole('table', { name: 'Credit notes' });
  await expect(onInvoice.getByRole('row').filter({ hasText: 'CN-0001' })).toContainText('$600.00');
  // Sent to nobody yet, but credited: it is corrected by credit notes, no longer voided.
  await expect(main.getByRole('button', { name: 'Void' })).toHaveCount(0);

  // The list of credit notes, and the credit note's page with its PDF.
  await page.goto('/credit-notes');
  const list = page.getByRole('table', { name: 'Credit notes' });
  const row = list.getByRole('row').filter({ hasText: 'CN-0001' });
  await expect(row).toContainText('Northwind Traders');
  await expect(row).toContainText(invoice.invoiceNumber);
  await row.getByRole('link', { name: 'CN-0001' }).click();
  await expect(page.getByRole('heading', { name: 'Credit note CN-0001' })).toBeVisible();
  await expect(page.getByText(`Credits invoice ${invoice.invoiceNumber}`)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('credit-note-CN-0001.pdf');
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  // On a phone the invoice lists each credit note as a block: number, amount, reason whole.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/invoices/${invoice.id}`);
  const phoneList = main.getByRole('list', { name: 'Credit notes' });
  const item = phoneList.getByRole('listitem').filter({ hasText: 'CN-0001' });
  await expect(item).toContainText('$600.00');
  await expect(item).toContainText('Half of the workshop was cancelled');
  // Within the screen's width: nothing to scroll sideways for.
  await item.scrollIntoViewIfNeeded();
  await expect(item.getByText('$600.00')).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: test.info().outputPath('credit-notes-375.png') });
});
