import { expect, test, type Page } from '@playwright/test';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

/* Issue 43: bank rules on /banking, applied at import and on demand; income per bank account. */

const STATEMENT = [
  'Date,Amount,Counterparty,Reference',
  '2026-01-05,-49.99,Amazon Web Services AWS EMEA,AWS invoice 1234',
  '2026-01-06,-200.00,Own Savings Account,Monthly transfer',
  '2026-01-07,-4.90,Sparkasse,Account fee January',
  '2026-01-08,500.00,Acme Trading GmbH,Payment for our invoice',
].join('\n');

async function api<T>(page: Page, method: 'get' | 'post', url: string, data?: object) {
  const res = await page.request[method](url, data ? { data } : undefined);
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** The rules as the list shows them, top to bottom. */
const ruleNames = (page: Page) =>
  page
    .getByRole('list', { name: 'Bank rules' })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));

async function fillRule(
  page: Page,
  dialogName: string,
  rule: { name: string; contains: string; max?: string; out?: boolean; category?: string },
) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByLabel('Name').fill(rule.name);
  await dialog.getByLabel('Contains').fill(rule.contains);
  if (rule.max) await dialog.getByLabel('Amount to').fill(rule.max);
  if (rule.out) {
    await dialog.getByRole('combobox', { name: 'Money', exact: true }).click();
    await page.getByRole('option', { name: 'Money out' }).click();
  }
  if (rule.category) {
    await dialog.getByRole('combobox', { name: 'Action', exact: true }).click();
    await page.getByRole('option', { name: 'Put in an expense category' }).click();
    // The first category is chosen at once; another is picked from the list.
    const category = dialog.getByRole('combobox', { name: 'Expense category' });
    await expect(category).not.toHaveValue('');
    await category.click();
    await page.getByRole('option', { name: rule.category, exact: true }).click();
    await expect(category).toHaveValue(rule.category);
  }
  return dialog;
}

test('bank rules: added, applied at import, edited, reordered, switched off, applied now; income by bank account', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  await signUpWithWorkspace(page, newUser('bank-rules'));

  // What the screens need and another part of the app makes: an account, a category, an invoice.
  const account = await api<{ id: number }>(page, 'post', '/api/bank-accounts', {
    name: 'Business account',
    currency: 'EUR',
    openingBalance: '0',
  });
  await api(page, 'post', '/api/expense-categories', { name: 'Hosting' });
  const client = await api<{ id: number }>(page, 'post', '/api/clients', {
    name: 'Acme Trading GmbH',
    email: 'billing@acme.example',
  });
  const draft = await api<{ id: number }>(page, 'post', '/api/invoices', {
    clientId: client.id,
    currency: 'EUR',
    lines: [{ description: 'Work', quantity: '1', unitPrice: '500.00' }],
  });
  await api(page, 'post', `/api/invoices/${draft.id}/issue`);

  // No rules yet: the empty state says what a rule does.
  await page.goto('/banking');
  await page.getByRole('tab', { name: 'Rules' }).click();
  await expect(page.getByText('No rules yet')).toBeVisible();
  await expect(page.getByText(/A rule looks at each imported transaction/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('rules-empty-light.png') });

  // Two rules: hosting costs categorised, transfers to savings ignored.
  await page.getByRole('button', { name: 'Add your first rule' }).click();
  let dialog = await fillRule(page, 'Add rule', {
    name: 'Hosting',
    contains: 'aws',
    max: '100',
    out: true,
    category: 'Hosting',
  });
  await expect(dialog.getByTestId('rule-sentence')).toHaveText(
    'When money goes out, the counterparty, reference or remittance text contains "aws" and the amount is at most 100.00, categorise as Hosting',
  );
  await page.screenshot({ path: testInfo.outputPath('rules-dialog-light.png') });
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(page.getByText('Rule added')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Add rule' }).click();
  dialog = page.getByRole('dialog', { name: 'Add rule' });
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Enter the text to look for')).toBeVisible();
  await fillRule(page, 'Add rule', { name: 'Savings transfers', contains: 'Savings' });
  await dialog.getByLabel('Amount from').fill('300');
  await dialog.getByLabel('Amount to').fill('100');
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(
    dialog.getByText('The minimum amount must not be more than the maximum'),
  ).toBeVisible();
  await dialog.getByLabel('Amount from').fill('');
  await dialog.getByLabel('Amount to').fill('');
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => ruleNames(page)).toEqual(['Hosting', 'Savings transfers']);
  await expect(page.getByRole('listitem', { name: 'Savings transfers' })).toContainText(
    'When the counterparty, reference or remittance text contains "Savings", mark as ignored',
  );

  // A statement imported: the rules categorise and ignore its lines as it is saved.
  await page.getByRole('tab', { name: 'Accounts' }).click();
  await page
    .getByRole('table', { name: 'Bank accounts' })
    .getByRole('button', { name: 'Actions for Business account' })
    .click();
  await page.getByRole('menuitem', { name: 'Import statement' }).click();
  const wizard = page.getByRole('dialog', { name: 'Import a statement into Business account' });
  await wizard.locator('input[type="file"]').setInputFiles({
    name: 'statement.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(STATEMENT),
  });
  await wizard.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(wizard.getByTestId('import-counts')).toHaveText(/4 new\s*0 duplicates\s*0 rejected/);
  await wizard.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('4 new, 0 duplicates, 0 rejected').first()).toBeVisible();
  await wizard.getByRole('button', { name: 'Done', exact: true }).click();

  type Line = { id: number; counterpartyName: string; status: string; categoryId: number | null };
  const lines = () => api<Line[]>(page, 'get', `/api/bank-transactions?accountId=${account.id}`);
  const line = async (name: string) => (await lines()).find((l) => l.counterpartyName === name)!;
  expect(await line('Amazon Web Services AWS EMEA')).toMatchObject({ status: 'unmatched' });
  expect((await line('Amazon Web Services AWS EMEA')).categoryId).not.toBeNull();
  expect(await line('Own Savings Account')).toMatchObject({ status: 'ignored' });
  expect(await line('Sparkasse')).toMatchObject({ status: 'unmatched', categoryId: null });

  // Edited, a third rule added, reordered with the arrows; then applied on demand.
  await page.getByRole('tab', { name: 'Rules' }).click();
  await page.getByRole('button', { name: 'Actions for Hosting' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit rule' });
  await expect(dialog.getByLabel('Name')).toHaveValue('Hosting');
  await dialog.getByLabel('Name').fill('Cloud hosting');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Rule updated')).toBeVisible();
  await expect.poll(() => ruleNames(page)).toEqual(['Cloud hosting', 'Savings transfers']);

  await page.getByRole('button', { name: 'Add rule' }).click();
  await fillRule(page, 'Add rule', { name: 'Bank fees', contains: 'Sparkasse', out: true });
  await page
    .getByRole('dialog', { name: 'Add rule' })
    .getByRole('button', { name: 'Add rule' })
    .click();
  await expect
    .poll(() => ruleNames(page))
    .toEqual(['Cloud hosting', 'Savings transfers', 'Bank fees']);
  await page.getByRole('button', { name: 'Move Bank fees up' }).click();
  await expect(page.getByText('Rules reordered')).toBeVisible();
  await expect
    .poll(() => ruleNames(page))
    .toEqual(['Cloud hosting', 'Bank fees', 'Savings transfers']);
  // Saved: read again after a reload, and over the API.
  await page.reload();
  await page.getByRole('tab', { name: 'Rules' }).click();
  await expect
    .poll(() => ruleNames(page))
    .toEqual(['Cloud hosting', 'Bank fees', 'Savings transfers']);
  const saved = await api<{ name: string }[]>(page, 'get', '/api/bank-rules');
  expect(saved.map((r) => r.name)).toEqual(['Cloud hosting', 'Bank fees', 'Savings transfers']);
  // The first rule's up arrow does nothing: it is disabled.
  await expect(page.getByRole('button', { name: 'Move Cloud hosting up' })).toBeDisabled();

  // Switched off, a rule says so; switched on again.
  // By keyboard: the switch's track covers its input from the pointer.
  const onOff = page.getByRole('switch', { name: 'Savings transfers on' });
  await onOff.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Rule off')).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Savings transfers' })).toContainText('Off');
  await expect(onOff).not.toBeChecked();
  await onOff.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Rule on')).toBeVisible();
  await expect(onOff).toBeChecked();

  await page.getByRole('button', { name: 'Apply rules now' }).click();
  await expect(page.getByText('1 transaction was ignored or categorised.')).toBeVisible();
  expect(await line('Sparkasse')).toMatchObject({ status: 'ignored' });
  await page.screenshot({ path: testInfo.outputPath('rules-light.png'), fullPage: true });

  // Deleted after the shared confirmation; what it did stays.
  await page.getByRole('button', { name: 'Actions for Bank fees' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete rule' });
  await expect(confirm).toContainText('stay as they are');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Rule deleted')).toBeVisible();
  await expect.poll(() => ruleNames(page)).toEqual(['Cloud hosting', 'Savings transfers']);
  expect(await line('Sparkasse')).toMatchObject({ status: 'ignored' });

  // The client's payment matched to the invoice: income per bank account shows it.
  const incoming = await line('Acme Trading GmbH');
  await api(page, 'post', `/api/bank-transactions/${incoming.id}/match`, { invoiceId: draft.id });
  await page.goto('/income?period=custom&from=2026-01-01&to=2026-01-31');
  await page.getByText('Bank account', { exact: true }).first().click();
  const table = page.getByRole('table', { name: 'Income by bank account' });
  await expect(table.getByRole('row').filter({ hasText: 'Business account' })).toContainText(
    '€500.00',
  );
  await expect(page).toHaveURL(/groupBy=bankAccount/);
  await page.screenshot({ path: testInfo.outputPath('income-bank-account-light.png') });

  // Looked at: dark theme at 375 px and at desktop width, nothing wider than the screen.
  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 800 },
  ]) {
    const context = await browser.newContext({
      viewport,
      colorScheme: 'dark',
      storageState: await page.context().storageState(),
    });
    const view = await context.newPage();
    const overflow = () =>
      view.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    await view.goto('/banking');
    await view.getByRole('tab', { name: 'Rules' }).click();
    await expect(view.getByRole('list', { name: 'Bank rules' })).toBeVisible();
    expect(await overflow(), `rules at ${viewport.width} px`).toBeLessThanOrEqual(0);
    await view.screenshot({
      path: testInfo.outputPath(`rules-dark-${viewport.width}.png`),
      fullPage: true,
    });
    await view.getByRole('button', { name: 'Actions for Cloud hosting' }).click();
    await view.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(view.getByRole('dialog', { name: 'Edit rule' })).toBeVisible();
    await view.screenshot({ path: testInfo.outputPath(`rules-dialog-dark-${viewport.width}.png`) });
    await view.keyboard.press('Escape');
    await view.goto('/income?period=custom&from=2026-01-01&to=2026-01-31&groupBy=bankAccount');
    await expect(view.getByRole('table', { name: 'Income by bank account' })).toContainText(
      'Business account',
    );
    expect(await overflow(), `income at ${viewport.width} px`).toBeLessThanOrEqual(0);
    await view.screenshot({
      path: testInfo.outputPath(`income-bank-account-dark-${viewport.width}.png`),
      fullPage: true,
    });
    await context.close();
  }
});
