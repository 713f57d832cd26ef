import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

/*
 * Issue 23, item 2: a payment recorded on an invoice shows on /payments with the filter's
 * total, in the CSV, and in the Financial Overview's Total Revenue for the period.
 */

test('a recorded payment shows on the payments list and in the financial overview', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpWithWorkspace(page, newUser('payments'));
  const api = page.request;
  const client = await api.post('/api/clients', {
    data: { name: 'Harbour Lights', email: 'accounts@harbour.example' },
  });
  expect(client.status()).toBe(201);
  const clientId = (await client.json()).id as number;
  const invoice = await api.post('/api/invoices', {
    data: {
      clientId,
      lines: [{ description: 'Lighting design', quantity: '1', unitPrice: '1500' }],
    },
  });
  expect(invoice.status(), await invoice.text()).toBe(201);
  const invoiceId = (await invoice.json()).id as number;
  expect((await api.post(`/api/invoices/${invoiceId}/issue`)).status()).toBe(200);

  // Nothing received yet this month.
  await page.goto('/financial-overview?period=this-month');
  const revenue = page.getByRole('region', { name: 'Total Revenue' });
  await expect(revenue).toContainText('$0.00');
  await expect(page.getByRole('region', { name: 'Outstanding' })).toContainText('$1,500.00');

  // The payment, recorded on the invoice's page.
  await page.goto(`/invoices/${invoiceId}`);
  await page.getByRole('main').getByRole('button', { name: 'Record payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record payment' });
  await dialog.getByLabel('Amount (USD)').fill('600.25');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Payment recorded')).toBeVisible();

  // The payments list: the row links its invoice and client; the total is the filter's.
  await page.goto('/payments');
  await expect(page.getByRole('heading', { name: 'Payments', level: 2 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Payments' });
  const row = table.getByRole('row').filter({ hasText: 'Harbour Lights' });
  await expect(row).toContainText('$600.25');
  await expect(row).toContainText('Bank transfer');
  await expect(row.getByRole('link', { name: 'Harbour Lights' })).toHaveAttribute(
    'href',
    `/clients/${clientId}`,
  );
  await expect(page.getByTestId('payments-total-USD')).toHaveText('$600.25');

  // A filter that excludes it: the empty state, and no total.
  await page.getByRole('combobox', { name: 'Method', exact: true }).click();
  await page.getByRole('option', { name: 'Cash' }).click();
  await expect(page).toHaveURL(/method=cash/);
  await expect(page.getByText('No payments found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(row).toBeVisible();

  // The CSV of the list.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  expect(csv).toContain(
    'Date,Amount,Currency,Method,Invoice,Invoice Status,Client,Note,Recorded By',
  );
  expect(csv).toContain('600.25,USD,Bank transfer');

  // The overview: this month's revenue is the payment; last month's is not.
  await page.goto('/financial-overview?period=this-month');
  await expect(revenue).toContainText('$600.25');
  await expect(page.getByRole('region', { name: 'Net Profit' })).toContainText('$600.25');
  await expect(page.getByRole('region', { name: 'Outstanding' })).toContainText('$899.75');
  await page.getByRole('combobox', { name: 'Period', exact: true }).click();
  await page.getByRole('option', { name: 'Last month' }).click();
  await expect(page).toHaveURL(/period=last-month/);
  await expect(revenue).toContainText('$0.00');
  await page.getByRole('button', { name: 'Show table' }).click();
  const months = page.getByRole('table', { name: 'Revenue and expenses by month' });
  await expect(months.getByRole('row').last()).toContainText('$600.25');

  // Income: the payment by month and by client.
  await page.goto('/income');
  await expect(page.getByTestId('income-total-USD')).toHaveText('$600.25');
  await page
    .getByRole('radiogroup', { name: 'Group by' })
    .getByText('Client', { exact: true })
    .click();
  await expect(page).toHaveURL(/groupBy=client/);
  const byClient = page.getByRole('table', { name: 'Income by client' });
  await expect(byClient.getByRole('row').filter({ hasText: 'Harbour Lights' })).toContainText(
    '$600.25',
  );
});
