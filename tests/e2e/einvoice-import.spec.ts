import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

/* Issue 41, item 6: a supplier's e-invoice imported as a draft expense, reviewed, confirmed. */

const SAMPLE = path.resolve(
  import.meta.dirname,
  '../../../shared/einvoice/ubl/examples/ubl-tc434-example9.xml',
);
/** Screenshots to look at (a phone, the dark theme), outside the repository. */
const SHOTS = process.env.KEEL_SHOTS_DIR ?? '/tmp/keel-shots/einvoice-import';

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('a supplier e-invoice becomes a draft expense: reviewed, then confirmed into the totals', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpWithWorkspace(page, newUser('einvoice'));
  await page.goto('/expenses');
  await expect(page.getByRole('heading', { name: 'Expenses', level: 2 })).toBeVisible();

  await page.getByRole('button', { name: 'Import e-invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import e-invoice' });
  // A file that is not an e-invoice: the reason in the dialog, no toast.
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'order.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from('<?xml version="1.0"?><Order><ID>1</ID></Order>'),
  });
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByRole('alert')).toContainText('This file is not a UBL or CII e-invoice');
  await expect(page.getByText('E-invoice imported')).toHaveCount(0);

  // The standard's sample UBL invoice: Bluem BV, EUR 177.87 with EUR 30.87 VAT.
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'bluem.xml',
    mimeType: 'application/xml',
    buffer: readFileSync(SAMPLE),
  });
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('E-invoice imported')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The draft opens for review.
  const review = page.getByRole('dialog', { name: 'Review draft expense' });
  await expect(review.getByText('Draft from an e-invoice')).toBeVisible();
  await expect(
    review.getByText('Invoice 20150483 · VAT ID NL809163160B01 · VAT €30.87'),
  ).toBeVisible();
  await expect(review.getByLabel('Vendor')).toHaveValue('Bluem BV');
  await expect(review.getByLabel('Amount')).toHaveValue('€177.87');
  await shoot(page, 'review-desktop');
  await review.getByRole('button', { name: 'Cancel' }).click();

  // Listed as a draft, not summed.
  const table = page.getByRole('table', { name: 'Expenses' });
  const row = table.getByRole('row').filter({ hasText: 'Bluem BV' });
  await expect(row).toContainText('€177.87');
  await expect(row.getByText('Draft', { exact: true })).toBeVisible();
  await expect(page.getByTestId('total-EUR')).toHaveCount(0);

  // The same invoice again: refused in the dialog, naming the draft.
  await page.getByRole('button', { name: 'Import e-invoice' }).click();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'bluem.xml',
    mimeType: 'application/xml',
    buffer: readFileSync(SAMPLE),
  });
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    /Invoice 20150483 from Bluem BV was already imported as expense #\d+/,
  );
  await page.setViewportSize({ width: 375, height: 812 });
  await shoot(page, 'import-error-375');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shoot(page, 'import-error-375-dark');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.setViewportSize({ width: 1280, height: 900 });

  // Reviewed and confirmed: it counts.
  await row.getByRole('button', { name: /^Actions for Bluem BV/ }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(review).toBeVisible();
  await shoot(page, 'review-dark');
  await review.getByRole('button', { name: 'Confirm expense' }).click();
  await expect(page.getByText('Expense confirmed')).toBeVisible();
  await expect(review).toBeHidden();
  await expect(row.getByText('Draft', { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('total-EUR')).toHaveText('€177.87');
  await page.emulateMedia({ colorScheme: 'light' });
  await shoot(page, 'list-desktop');
});
