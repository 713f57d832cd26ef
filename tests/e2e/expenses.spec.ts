import { expect, test, type Locator, type Page } from '@playwright/test';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

/** A real 1×1 PNG, so the receipt opens as an image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Opens a Mantine Select by its label and picks the option whose name matches. */
async function choose(page: Page, scope: Locator, label: string, option: RegExp | string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

test('an expense with a receipt photo: listed, its receipt opened, billed on an invoice from the editor', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpWithWorkspace(page, newUser('expenses'));
  const clientRes = await page.request.post('/api/clients', {
    data: { name: 'Fabrikam Studio', email: 'ap@fabrikam.example' },
  });
  expect(clientRes.status()).toBe(201);
  const client = (await clientRes.json()) as { id: number };

  await page.goto('/expenses');
  await expect(page.getByRole('heading', { name: 'Expenses', level: 2 })).toBeVisible();
  await expect(page.getByText('No expenses yet')).toBeVisible();

  await page.getByRole('button', { name: 'Add Expense' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Expense' });
  await dialog.getByRole('button', { name: 'Add Expense' }).click();
  await expect(dialog.getByText('Amount is required')).toBeVisible();
  await dialog.getByLabel('Amount').fill('120.50');
  await choose(page, dialog, 'Category', 'Travel');
  await dialog.getByLabel('Vendor').fill('Rail Europe');
  await choose(page, dialog, 'Client', 'Fabrikam Studio');
  await dialog.getByRole('switch', { name: 'Billable' }).check({ force: true });
  await dialog.getByLabel('Markup').fill('10');
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'ticket.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await dialog.getByRole('button', { name: 'Add Expense' }).click();
  await expect(page.getByText('Expense added')).toBeVisible();
  await expect(dialog).toBeHidden();

  // In the list, with its marked-up price, its total and its receipt.
  const table = page.getByRole('table', { name: 'Expenses' });
  const row = table.getByRole('row').filter({ hasText: 'Rail Europe' });
  await expect(row).toContainText('Travel');
  await expect(row).toContainText('$120.50');
  await expect(row).toContainText('bills $132.55');
  await expect(row).toContainText('Billable');
  await expect(page.getByTestId('total-USD')).toHaveText('$120.50');
  const receipt = row.getByRole('link', { name: /^Receipt of the Rail Europe/ });
  await expect(receipt).toBeVisible();
  const [popup] = await Promise.all([page.waitForEvent('popup'), receipt.click()]);
  await expect(popup).toHaveURL(/\/api\/files\/[A-Za-z0-9_-]+$/);
  const image = await page.request.get(new URL(popup.url()).pathname);
  expect(image.headers()['content-type']).toBe('image/png');
  expect(Buffer.from(await image.body()).equals(PNG)).toBe(true);
  await popup.close();

  // A draft for the client; its editor offers the unbilled expense.
  const draftRes = await page.request.post('/api/invoices', {
    data: {
      clientId: client.id,
      lines: [{ description: 'Design', quantity: '1', unitPrice: '500' }],
    },
  });
  expect(draftRes.status()).toBe(201);
  const draft = (await draftRes.json()) as { id: number };
  await page.goto(`/invoices/${draft.id}`);
  const picker = page.getByRole('group', { name: 'Unbilled expenses' });
  await expect(picker).toBeVisible();
  await picker.getByText('Rail Europe').click();
  await picker.getByRole('button', { name: 'Add 1 expense to the invoice' }).click();
  await expect(page.getByText('Draft saved')).toBeVisible();
  await expect(picker).toBeHidden();
  const detail = (await (await page.request.get(`/api/invoices/${draft.id}`)).json()) as {
    lines: { description: string; unitPrice: string }[];
    total: string;
  };
  expect(detail.lines.map((l) => l.unitPrice)).toEqual(['500.00', '132.55']);
  // The day as the workspace writes dates: its owner's default, MM/DD/YYYY ('Nov 03, 2026').
  expect(detail.lines[1]!.description).toMatch(
    /^[A-Z][a-z]{2} \d{2}, \d{4} · Travel · Rail Europe$/,
  );
  expect(detail.total).toBe('632.55');

  // Back in the list, it is billed and links to the invoice; it can no longer be deleted.
  await page.goto('/expenses');
  const billed = page
    .getByRole('table', { name: 'Expenses' })
    .getByRole('row')
    .filter({ hasText: 'Rail Europe' });
  await expect(billed.getByText('Billed · Draft')).toBeVisible();
  await billed.getByText('Billed · Draft').click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${draft.id}$`));
});
