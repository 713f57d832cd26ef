import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

const CAMT = path.join(import.meta.dirname, '../fixtures/bank/camt053-2026-01.xml');

interface Invoice {
  id: number;
  invoiceNumber: string;
  amount: string;
  balance: string;
  status: string;
}

async function issuedInvoice(request: APIRequestContext, clientId: number, unitPrice: string) {
  const created = await request.post('/api/invoices', {
    data: {
      clientId,
      currency: 'EUR',
      lines: [{ description: 'Design work', quantity: '1', unitPrice }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const issued = await request.post(`/api/invoices/${id}/issue`);
  expect(issued.status(), await issued.text()).toBe(200);
  return (await issued.json()) as Invoice;
}

async function invoiceOf(request: APIRequestContext, id: number) {
  return (await (await request.get(`/api/invoices/${id}`)).json()) as Invoice;
}

async function newAccount(request: APIRequestContext, name: string) {
  const res = await request.post('/api/bank-accounts', {
    data: { name, currency: 'EUR', openingBalance: '1000.00', openingDate: '2025-12-31' },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Serious or critical WCAG 2.2 AA violations inside the open drawer, as the a11y suite counts them. */
async function drawerViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .include('.mantine-Drawer-content')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The account row's Actions menu item. */
async function accountAction(page: Page, account: string, item: string) {
  const table = page.getByRole('table', { name: 'Bank accounts' });
  await table.getByRole('button', { name: `Actions for ${account}`, exact: true }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** The import wizard of the account's row: file, preview, import, done. */
async function importWithWizard(page: Page, account: string, file: string, counts: RegExp) {
  await accountAction(page, account, 'Import statement');
  const wizard = page.getByRole('dialog', { name: `Import a statement into ${account}` });
  await wizard.locator('input[type="file"]').setInputFiles(file);
  await wizard.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(wizard.getByTestId('import-counts')).toHaveText(counts);
  await wizard.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('Statement imported').first()).toBeVisible();
  await wizard.getByRole('button', { name: 'Done', exact: true }).click();
  await expect(wizard).toBeHidden();
}

/** The transactions list's line (its counterparty, then its text), opened in its review drawer. */
async function review(page: Page, counterparty: string, text: string) {
  const table = page.getByRole('table', { name: 'Bank transactions' });
  // From the keyboard, as a person without a mouse opens it.
  await table.getByRole('button', { name: `${counterparty} ${text}` }).focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Bank transaction' });
  await expect(drawer.getByRole('heading', { name: counterparty })).toBeVisible();
  return drawer;
}

test('banking: auto-match, a part payment confirmed, a line turned into an expense, an unmatch, and reconciliation', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await signUpWithWorkspace(page, newUser('matching'));
  const request = page.request;

  // Two open invoices of one client, and a category for the expense to come.
  const clientRes = await request.post('/api/clients', {
    data: { name: 'Nordlicht Media GmbH', email: 'ap@nordlicht.example' },
  });
  expect(clientRes.status()).toBe(201);
  const client = (await clientRes.json()) as { id: number };
  const paidInFull = await issuedInvoice(request, client.id, '1190.00');
  const paidInPart = await issuedInvoice(request, client.id, '800.00');
  const category = await request.post('/api/expense-categories', {
    data: { name: 'Printing supplies' },
  });
  expect(category.status()).toBe(201);

  // A statement naming both invoices: one for exactly its amount, one for a part of it.
  const csv = testInfo.outputPath('statement.csv');
  writeFileSync(
    csv,
    [
      'Date,Amount,Counterparty,Reference',
      `2026-02-02,1190.00,Nordlicht Media GmbH,Invoice ${paidInFull.invoiceNumber}`,
      `2026-02-03,300.00,Nordlicht Media GmbH,Part of ${paidInPart.invoiceNumber}`,
      '2026-02-04,-45.90,Paper & Co,Printer paper',
      '2026-02-05,-200.00,Own savings account,Transfer to savings',
      '',
    ].join('\n'),
  );

  await page.goto('/banking');
  await page.getByRole('button', { name: 'Add bank account' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add bank account' });
  await dialog.getByLabel('Name').fill('Business');
  await dialog.getByRole('combobox', { name: 'Currency' }).click();
  await dialog.getByRole('combobox', { name: 'Currency' }).fill('EUR');
  await page.getByRole('option', { name: /^EUR/ }).click();
  await dialog.getByLabel('Opening balance').fill('100.00');
  await dialog.getByRole('button', { name: 'Add bank account' }).click();
  await expect(page.getByText('Bank account added')).toBeVisible();
  await importWithWizard(page, 'Business', csv, /4 new\s*0 duplicates\s*0 rejected/);
  const row = page.getByRole('table', { name: 'Bank accounts' }).getByRole('row', {
    name: /Business/,
  });
  await expect(row).toContainText('€1,344.10');

  // Auto-match confirms the certain one only: number and exact amount.
  await accountAction(page, 'Business', 'Auto-match');
  await expect(page.getByText('1 transaction matched; 3 left to review')).toBeVisible();
  expect((await invoiceOf(request, paidInFull.id)).status).toBe('paid');
  expect((await invoiceOf(request, paidInPart.id)).status).not.toBe('paid');

  await accountAction(page, 'Business', 'Transactions');
  const transactions = page.getByRole('table', { name: 'Bank transactions' });
  await expect(transactions.getByRole('row')).toHaveCount(5);
  // Again from the filtered list: nothing more is certain.
  await page.getByRole('button', { name: 'Auto-match Business' }).click();
  await expect(
    page.getByText('No transaction was certain enough to match; 3 left to review'),
  ).toBeVisible();
  await expect(transactions.getByRole('row', { name: /1,190\.00/ })).toContainText('Matched');

  // The part payment: its suggestion, with the amount the server proposes.
  const drawer = await review(page, 'Nordlicht Media GmbH', `Part of ${paidInPart.invoiceNumber}`);
  const suggestion = drawer.getByRole('listitem', {
    name: `Invoice ${paidInPart.invoiceNumber}`,
  });
  await expect(suggestion).toContainText(`Invoice number ${paidInPart.invoiceNumber}`);
  await expect(suggestion).toContainText('Amount is part of the balance of €800.00');
  await expect(suggestion.getByRole('textbox', { name: 'Amount paid' })).toHaveValue('300.00');
  await page.screenshot({ path: testInfo.outputPath('drawer-suggestions-light.png') });
  expect(await drawerViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: testInfo.outputPath('drawer-suggestions-dark.png') });
  expect(await drawerViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: testInfo.outputPath('drawer-suggestions-dark-375.png') });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });

  await suggestion
    .getByRole('button', { name: `Confirm Invoice ${paidInPart.invoiceNumber}` })
    .click();
  await expect(page.getByText(`Matched to invoice ${paidInPart.invoiceNumber}`)).toBeVisible();
  await expect(drawer.getByText('Matched', { exact: true })).toBeVisible();
  await expect(
    drawer.getByRole('link', { name: `invoice ${paidInPart.invoiceNumber}` }),
  ).toHaveAttribute('href', `/invoices/${paidInPart.id}`);
  expect((await invoiceOf(request, paidInPart.id)).balance).toBe('500.00');
  await page.screenshot({ path: testInfo.outputPath('drawer-matched-light.png') });
  await drawer.getByRole('button', { name: 'Close' }).click();

  // Money out becomes an expense, vendor from the counterparty.
  const out = await review(page, 'Paper & Co', 'Printer paper');
  await out.getByRole('button', { name: 'Create expense' }).click();
  const form = out.getByRole('form', { name: 'Create expense' });
  await expect(form.getByLabel('Vendor')).toHaveValue('Paper & Co');
  await form.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Printing supplies' }).click();
  await page.screenshot({ path: testInfo.outputPath('drawer-expense-form-light.png') });
  await form.getByRole('button', { name: 'Create expense' }).click();
  await expect(page.getByText('Expense created')).toBeVisible();
  await expect(out.getByText(/The expense Paper & Co, €45\.90 on 2026-02-04/)).toBeVisible();
  await out.getByRole('button', { name: 'Close' }).click();

  // A transfer to savings needs no match.
  const transfer = await review(page, 'Own savings account', 'Transfer to savings');
  await transfer.getByRole('button', { name: 'Ignore' }).click();
  await expect(page.getByText('Transaction ignored')).toBeVisible();
  await expect(transfer.getByRole('button', { name: 'Back to review' })).toBeVisible();
  await transfer.getByRole('button', { name: 'Close' }).click();

  // Unmatching the auto-matched line deletes the payment it recorded: the invoice is due again.
  const full = await review(page, 'Nordlicht Media GmbH', `Invoice ${paidInFull.invoiceNumber}`);
  await full.getByRole('button', { name: 'Unmatch' }).click();
  const confirm = page.getByRole('dialog', { name: 'Unmatch transaction' });
  await confirm.getByRole('button', { name: 'Unmatch' }).click();
  await expect(page.getByText('Transaction unmatched')).toBeVisible();
  await expect(full.getByText('Unmatched', { exact: true })).toBeVisible();
  await expect(
    full.getByRole('listitem', { name: `Invoice ${paidInFull.invoiceNumber}` }),
  ).toContainText('Certain');
  expect((await invoiceOf(request, paidInFull.id)).balance).toBe('1190.00');
  await full.getByRole('button', { name: 'Close' }).click();
  await expect(transactions.getByRole('row', { name: /1,190\.00/ })).toContainText('Unmatched');

  await page.goto('/expenses');
  await expect(page.getByRole('table')).toContainText('Paper & Co');
  await page.goto(`/invoices/${paidInPart.id}`);
  await expect(page.getByText('€500.00').first()).toBeVisible();

  // Reconciled: February of the account, no statement balance (a CSV states none).
  await page.goto('/banking');
  await page.getByRole('tab', { name: 'Reconciliation' }).click();
  await page.getByRole('combobox', { name: 'Account' }).click();
  await page.getByRole('option', { name: 'Business' }).click();
  await page.getByLabel('Month').fill('2026-02');
  const figures = page.getByRole('region', { name: 'Reconciliation figures' });
  await expect(figures).toContainText('Closing balance€1,344.10');
  await expect(figures).toContainText(
    'No statement imported for this month states a closing balance.',
  );

  // A CAMT.053 statement states its closing balance: equal to Keel's, it is reconciled …
  await newAccount(request, 'Camt');
  // … and one whose stated balance is 17.90 more than its lines add up to is not.
  const off = testInfo.outputPath('camt-off.xml');
  writeFileSync(off, readFileSync(CAMT, 'utf8').replace('>2382.10<', '>2400.00<'));
  await newAccount(request, 'Camt off');
  await page.reload();
  await importWithWizard(page, 'Camt', CAMT, /6 new\s*0 duplicates\s*1 rejected/);
  await importWithWizard(page, 'Camt off', off, /6 new\s*0 duplicates\s*1 rejected/);
  await page.getByRole('tab', { name: 'Reconciliation' }).click();
  await page.getByRole('combobox', { name: 'Account' }).click();
  await page.getByRole('option', { name: 'Camt', exact: true }).click();
  await page.getByLabel('Month').fill('2026-01');
  await expect(page.getByRole('alert').filter({ hasText: 'Reconciled' })).toContainText(
    "Keel's balance equals the statement's.",
  );
  await page.getByRole('combobox', { name: 'Account' }).click();
  await page.getByRole('option', { name: 'Camt off' }).click();
  await expect(figures).toContainText('Statement closing balance (2026-01-31)€2,400.00');
  await expect(page.getByRole('alert').filter({ hasText: 'Not reconciled' })).toContainText(
    '€17.90',
  );
  await page.screenshot({ path: testInfo.outputPath('reconciliation-off-light.png') });
});
