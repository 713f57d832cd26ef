import { expect, test, type Page } from '@playwright/test';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

/* Issue 38, items 3 and 4: one currency (never a stray dollar), and time on a draft. */

async function post<T = { id: number }>(page: Page, url: string, data: object): Promise<T> {
  const res = await page.request.post(url, { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}

async function euroWorkspace(page: Page, label: string) {
  await signUpWithWorkspace(page, newUser(label));
  const res = await page.request.put('/api/settings/business', { data: { currency: 'EUR' } });
  expect(res.status()).toBe(200);
}

test('in a euro workspace, Add Expense waits for the currency and never shows USD or $', async ({
  page,
}) => {
  await euroWorkspace(page, 'euro-expense');
  // The workspace's currency arrives late: the dialog must wait for it, not guess.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/trpc\/[^?]*business\.get/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/expenses');
  await page.getByRole('button', { name: 'Add Expense' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Expense' });
  await expect(dialog.getByLabel("Loading the workspace's currency")).toBeVisible();
  await expect(dialog).not.toContainText('USD');
  await expect(dialog.getByRole('combobox', { name: 'Currency' })).toHaveCount(0);
  release();

  const currency = dialog.getByRole('combobox', { name: 'Currency', exact: true });
  await expect(currency).toHaveValue('EUR');
  await dialog.getByLabel('Amount').fill('42.50');
  await expect(dialog.getByLabel('Amount')).toHaveValue('€42.50');
  await expect(dialog).not.toContainText('$');
  await expect(dialog).not.toContainText('USD');
  await dialog.getByLabel('Vendor').fill('SNCF');
  await dialog.getByRole('button', { name: 'Add Expense' }).click();
  await expect(page.getByText('Expense added')).toBeVisible();
  const row = page.getByRole('table', { name: 'Expenses' }).getByRole('row').filter({
    hasText: 'SNCF',
  });
  await expect(row).toContainText('€42.50');
  await expect(page.getByRole('main')).not.toContainText('$');
});

test("adds the client's unbilled time to an existing draft from its editor", async ({ page }) => {
  test.setTimeout(90_000);
  await euroWorkspace(page, 'draft-time');
  const client = await post(page, '/api/clients', {
    name: 'Atelier Lumière',
    email: 'compta@lumiere.example',
  });
  const site = await post(page, '/api/projects', {
    name: 'Site vitrine',
    clientId: client.id,
    hourlyRate: 100,
  });
  const shop = await post(page, '/api/projects', {
    name: 'Boutique',
    clientId: client.id,
    hourlyRate: 80,
  });
  await post(page, '/api/time-entries', {
    projectId: site.id,
    hours: 1.5,
    date: '2026-11-02',
    description: 'Maquettes',
  });
  await post(page, '/api/time-entries', {
    projectId: shop.id,
    hours: 2,
    date: '2026-11-20',
    description: 'Catalogue',
  });
  // An expense in dollars is shown to the euro invoice, with why it cannot be added.
  await post(page, '/api/expenses', {
    date: '2026-11-03',
    amount: '30',
    currency: 'USD',
    vendor: 'Stock photos',
    clientId: client.id,
    billable: true,
  });
  const draft = await post(page, '/api/invoices', {
    clientId: client.id,
    lines: [{ description: 'Forfait', quantity: '1', unitPrice: '200' }],
  });

  await page.goto(`/invoices/${draft.id}`);
  const time = page.getByRole('group', { name: 'Unbilled time' });
  await expect(time.getByText('Maquettes')).toBeVisible();
  await expect(time.getByText('Catalogue')).toBeVisible();
  await expect(time).toContainText('Site vitrine · ');
  await expect(time).toContainText('€150.00');
  await expect(time).toContainText('€160.00');
  const expenses = page.getByRole('group', { name: 'Unbilled expenses' });
  await expect(expenses.getByText('Stock photos')).toBeVisible();
  await expect(expenses.getByText('In USD; this invoice is in EUR')).toBeVisible();
  await expect(expenses.getByRole('checkbox', { name: /Stock photos/ })).toBeDisabled();

  // Narrowed by dates, then by project.
  await time.getByRole('textbox', { name: 'From', exact: true }).fill('2026-11-10');
  await time.getByRole('textbox', { name: 'From', exact: true }).press('Tab');
  await expect(time.getByText('Maquettes')).toBeHidden();
  await expect(time.getByText('Catalogue')).toBeVisible();
  await time.getByRole('button', { name: 'Clear From' }).click();
  await time.getByRole('combobox', { name: 'Project', exact: true }).click();
  await page
    .getByRole('option', { name: /Site vitrine/ })
    .first()
    .click();
  await expect(time.getByText('Catalogue')).toBeHidden();
  await time.getByText('Maquettes').click();
  await expect(time).toContainText('1 entry · 1.50 h');
  await time.getByRole('button', { name: 'Add 1 entry to the invoice' }).click();
  await expect(page.getByText('Draft saved')).toBeVisible();
  await expect(time.getByText('No unbilled time here.')).toBeVisible();

  const detail = (await (await page.request.get(`/api/invoices/${draft.id}`)).json()) as {
    lines: { description: string; quantity: string; unitPrice: string }[];
    total: string;
    timeEntryCount: number;
  };
  expect(detail.lines.map((l) => [l.description, l.quantity, l.unitPrice])).toEqual([
    ['Forfait', '1.00', '200.00'],
    ['Nov 02, 2026 · Maquettes', '1.50', '100.00'],
  ]);
  expect(detail.total).toBe('350.00');
  expect(detail.timeEntryCount).toBe(1);
  // The new line is on screen; the time is in euros, never dollars.
  await expect(page.getByLabel('Line 2 description')).toHaveValue('Nov 02, 2026 · Maquettes');
  await expect(time).not.toContainText('$');
});
