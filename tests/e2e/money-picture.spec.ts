import { expect, test } from '@playwright/test';
import { joinByInvitation, newUser, signUpWithWorkspace } from './fixtures.ts';

/** A real 1×1 PNG: the receipt photo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/*
 * Issue 23 end to end: the owner adds an expense with a receipt photo, bills it on an
 * invoice, issues the invoice and records its payment; the payments list and the financial
 * overview show the money, and the administrator's bell tells them the invoice is paid.
 * Issue 38: the work carries 20 % VAT; the payments list shows the cash received, tax
 * included, and the overview's revenue is before tax, the tax collected apart.
 */
test('an expense with a receipt is billed and paid; the overview, the payments list and a teammate’s bell change', async ({
  page,
  browser,
}) => {
  test.slow();
  const owner = newUser('money');
  const admin = newUser('money-admin');
  await signUpWithWorkspace(page, owner);
  const api = page.request;
  const client = await api.post('/api/clients', {
    data: { name: 'Northwind Traders', email: 'ap@northwind.example' },
  });
  expect(client.status()).toBe(201);
  const clientId = ((await client.json()) as { id: number }).id;

  // An administrator joins; nothing is waiting for them yet.
  const adminPage = await joinByInvitation(page, browser, admin, 'administrator');
  await adminPage.goto('/');
  await expect(adminPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // The expense, with its receipt photo, billable to the client.
  await page.goto('/expenses');
  await page.getByRole('button', { name: 'Add Expense' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Expense' });
  await dialog.getByLabel('Amount').fill('80');
  await dialog.getByRole('combobox', { name: 'Category', exact: true }).click();
  await page.getByRole('option', { name: 'Software' }).click();
  await dialog.getByLabel('Vendor').fill('Figma');
  await dialog.getByRole('combobox', { name: 'Client', exact: true }).click();
  await page.getByRole('option', { name: 'Northwind Traders' }).click();
  await dialog.getByRole('switch', { name: 'Billable' }).check({ force: true });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'receipt.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await dialog.getByRole('button', { name: 'Add Expense' }).click();
  await expect(page.getByText('Expense added')).toBeVisible();
  const expenseRow = page
    .getByRole('table', { name: 'Expenses' })
    .getByRole('row')
    .filter({ hasText: 'Figma' });
  await expect(expenseRow.getByRole('link', { name: /^Receipt of the Figma/ })).toBeVisible();

  // Billed on the client's draft, which is then issued and paid in full.
  const draft = await api.post('/api/invoices', {
    data: {
      clientId,
      lines: [{ description: 'Design sprint', quantity: '1', unitPrice: '400', taxRate: '20' }],
    },
  });
  expect(draft.status()).toBe(201);
  const invoiceId = ((await draft.json()) as { id: number }).id;
  await page.goto(`/invoices/${invoiceId}`);
  const picker = page.getByRole('group', { name: 'Unbilled expenses' });
  await picker.getByText('Figma').click();
  await picker.getByRole('button', { name: 'Add 1 expense to the invoice' }).click();
  await expect(page.getByText('Draft saved')).toBeVisible();
  await page.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(page.getByText('Invoice issued')).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Record payment' }).click();
  const payment = page.getByRole('dialog', { name: 'Record payment' });
  // 400.00 + 80.00 VAT + the 80.00 expense (no tax).
  await expect(payment.getByLabel('Amount (USD)')).toHaveValue('560');
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Payment recorded')).toBeVisible();
  const { invoiceNumber } = (await (await api.get(`/api/invoices/${invoiceId}`)).json()) as {
    invoiceNumber: string;
  };

  // The expense is billed, and only once: another invoice cannot take it.
  await page.goto('/expenses');
  await expect(expenseRow.getByText(/^Billed/)).toBeVisible();
  const [expense] = (await (await api.get('/api/expenses')).json()) as { id: number }[];
  const again = await api.post('/api/invoices', {
    data: { clientId, expenseIds: [expense!.id] },
  });
  expect(again.status()).toBe(409);

  // The payments list and the financial overview.
  await page.goto('/payments');
  const paymentRow = page
    .getByRole('table', { name: 'Payments' })
    .getByRole('row')
    .filter({ hasText: invoiceNumber });
  await expect(paymentRow).toContainText('Northwind Traders');
  await expect(paymentRow).toContainText('$560.00');
  await expect(page.getByTestId('payments-total-USD')).toHaveText('$560.00');
  await page.goto('/financial-overview?period=this-month');
  const revenue = page.getByRole('region', { name: 'Total Revenue' });
  await expect(revenue).toContainText('$480.00');
  await expect(revenue).toContainText('$80.00 tax collected');
  await expect(page.getByRole('region', { name: 'Total Expenses' })).toContainText('$80.00');
  await expect(page.getByRole('region', { name: 'Net Profit' })).toContainText('$400.00');
  await expect(page.getByRole('region', { name: 'Outstanding' })).toContainText('$0.00');

  // The administrator hears that the invoice is paid (the owner, who recorded it, does not).
  await adminPage.reload();
  const bell = adminPage.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(adminPage.getByText(`${invoiceNumber} is paid in full`)).toBeVisible();
  await adminPage.close();
});
