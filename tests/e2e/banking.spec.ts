import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

const STATEMENT = path.join(import.meta.dirname, '../fixtures/bank/csv-de-2026-01a.csv');
const DOLLAR_STATEMENT = path.join(import.meta.dirname, '../fixtures/bank/ofx1-2026-01.ofx');

/** The import wizard of the account's row: choose the file, preview, and see its counts. */
async function previewImport(page: Page, account: string, file = STATEMENT) {
  const table = page.getByRole('table', { name: 'Bank accounts' });
  await table.getByRole('button', { name: `Actions for ${account}` }).click();
  await page.getByRole('menuitem', { name: 'Import statement' }).click();
  const wizard = page.getByRole('dialog', { name: `Import a statement into ${account}` });
  await wizard.locator('input[type="file"]').setInputFiles(file);
  await wizard.getByRole('button', { name: 'Preview', exact: true }).click();
  return wizard;
}

test('banking: an account, a CSV statement imported with the wizard, again as duplicates, filtered, reconciled', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  await signUpWithWorkspace(page, newUser('banking'));
  await page.goto('/banking');
  await expect(page.getByRole('heading', { name: 'Bank accounts' })).toBeVisible();

  // An account in euros, with the balance it had before the statement.
  await page.getByRole('button', { name: 'Add bank account' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add bank account' });
  await dialog.getByRole('button', { name: 'Add bank account' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByLabel('Name').fill('Girokonto');
  await dialog.getByRole('combobox', { name: 'Currency' }).click();
  await dialog.getByRole('combobox', { name: 'Currency' }).fill('EUR');
  await page.getByRole('option', { name: /^EUR/ }).click();
  await dialog.getByLabel('IBAN or account number').fill('DE89 3704 0044 0532 0130 00');
  await dialog.getByLabel('Opening balance').fill('1000.00');
  await dialog.getByRole('button', { name: 'Add bank account' }).click();
  await expect(page.getByText('Bank account added')).toBeVisible();
  await expect(dialog).toBeHidden();
  const accounts = page.getByRole('table', { name: 'Bank accounts' });
  const row = accounts.getByRole('row').filter({ hasText: 'Girokonto' });
  await expect(row).toContainText('DE89 •••• •••• 3000');
  await expect(row).toContainText('€1,000.00');

  // The wizard guesses the German bank's columns and shows what would come in.
  let wizard = await previewImport(page, 'Girokonto');
  await expect(wizard.getByRole('group', { name: 'Columns of the file' })).toBeVisible();
  await expect(wizard.getByRole('combobox', { name: 'Date column' })).toHaveValue('Buchungstag');
  await expect(wizard.getByRole('combobox', { name: 'Debit column (money out)' })).toHaveValue(
    'Soll',
  );
  const counts = wizard.getByTestId('import-counts');
  await expect(counts).toHaveText(/7 new\s*0 duplicates\s*1 rejected/);
  await expect(wizard.getByText(/Line \d+: .*31\.02\.2026/)).toBeVisible();
  await expect(wizard.getByRole('table', { name: 'First transactions of the file' })).toContainText(
    'Müller & Söhne KG',
  );
  await page.screenshot({ path: testInfo.outputPath('banking-wizard-light.png') });
  // Nothing is saved by the preview.
  await expect(row).toContainText('€1,000.00');
  await wizard.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('Statement imported').first()).toBeVisible();
  await expect(page.getByText('7 new, 0 duplicates, 1 rejected').first()).toBeVisible();
  await wizard.getByRole('button', { name: 'Done', exact: true }).click();
  await expect(wizard).toBeHidden();
  await expect(row).toContainText('€413.44');
  await expect(row).toContainText('2026-01-14');

  // The same file again: every line is a duplicate, nothing is added.
  wizard = await previewImport(page, 'Girokonto');
  await expect(wizard.getByTestId('import-counts')).toHaveText(/0 new\s*7 duplicates\s*1 rejected/);
  await wizard.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('0 new, 7 duplicates, 1 rejected').first()).toBeVisible();
  await wizard.getByRole('button', { name: 'Done', exact: true }).click();
  await expect(row).toContainText('€413.44');

  // A statement in dollars is refused with the server's reason, shown in the wizard.
  wizard = await previewImport(page, 'Girokonto', DOLLAR_STATEMENT);
  await expect(wizard.getByRole('alert')).toContainText(
    'The file is in USD; this account is in EUR',
  );
  await wizard.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(wizard).toBeHidden();

  // The transactions of the account: running balance, filters, totals of the filter.
  await row.getByRole('button', { name: 'Actions for Girokonto' }).click();
  await page.getByRole('menuitem', { name: 'Transactions' }).click();
  const transactions = page.getByRole('table', { name: 'Bank transactions' });
  await expect(transactions.getByRole('row')).toHaveCount(8);
  await expect(transactions.getByRole('columnheader', { name: 'Balance' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Totals of the filter' })).toContainText(
    'EUR: 7 transactions',
  );
  await page.getByRole('combobox', { name: 'Direction' }).click();
  await page.getByRole('option', { name: 'Money in' }).click();
  await expect(transactions.getByRole('row')).toHaveCount(3);
  await expect(transactions).toContainText('+€1,190.00');
  await expect(page.getByRole('group', { name: 'Totals of the filter' })).toContainText(
    'In €1,690.00',
  );
  await page.getByRole('combobox', { name: 'Direction' }).click();
  await page.getByRole('option', { name: 'Money in' }).click();
  await page.getByLabel('Search transactions').fill('Kranzler');
  await expect(transactions.getByRole('row')).toHaveCount(3);
  await expect(transactions).toContainText('−€3.50');
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    /\/api\/bank-transactions\/export\?.*q=Kranzler/,
  );
  await page.screenshot({ path: testInfo.outputPath('banking-transactions-light.png') });

  // January reconciled against the statement's own closing balance.
  await page.getByRole('tab', { name: 'Reconciliation' }).click();
  await page.getByLabel('Month').fill('2026-01');
  const figures = page.getByRole('region', { name: 'Reconciliation figures' });
  await expect(figures).toContainText('Opening balance€1,000.00');
  await expect(figures).toContainText('Money in€1,690.00');
  await expect(figures).toContainText('Money out€2,276.56');
  await expect(figures).toContainText('Closing balance€413.44');
  await page.screenshot({ path: testInfo.outputPath('banking-reconciliation-light.png') });

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
    await view.goto('/banking');
    await expect(view.getByRole('table', { name: 'Bank accounts' })).toContainText('Girokonto');
    for (const tab of ['Accounts', 'Transactions', 'Reconciliation']) {
      await view.getByRole('tab', { name: tab }).click();
      if (tab === 'Transactions')
        await expect(view.getByRole('table', { name: 'Bank transactions' })).toBeVisible();
      const overflow = await view.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${tab} at ${viewport.width} px`).toBeLessThanOrEqual(0);
      await view.screenshot({
        path: testInfo.outputPath(`banking-${tab.toLowerCase()}-dark-${viewport.width}.png`),
        fullPage: true,
      });
    }
    await context.close();
  }
});
