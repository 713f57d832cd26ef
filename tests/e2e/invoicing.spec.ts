import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { pdfText } from '../support/pdf-text.ts';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

const CLIENT = 'Atelier Lumière';
const PROJECT = 'Brand refresh';

/** Opens a Mantine Select by its label and picks the option whose name matches. */
async function choose(page: Page, scope: Locator, label: string, option: RegExp | string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

test('an invoice a freelancer can send: business details in EUR, a client, time billed with 20 % VAT, issued, a PDF, paid in two parts', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpWithWorkspace(page, newUser('invoicing'));

  // Settings → Business is saved on the server and comes back after a reload.
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Business' }).click();
  const business = page.getByRole('tabpanel', { name: 'Business' });
  await business.getByLabel('Legal name').fill('Studio Nord GmbH');
  await business.getByLabel('VAT ID', { exact: true }).fill('DE123456789');
  await business.getByLabel('Address', { exact: true }).fill('Torstraße 1\n10119 Berlin');
  await business.getByRole('combobox', { name: 'Currency' }).fill('EUR');
  await page.getByRole('option', { name: /^EUR/ }).click();
  await business.getByLabel('Payment instructions').fill('IBAN DE89 3704 0044 0532 0130 00');
  await business.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Business settings updated')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Business' }).click();
  await expect(business.getByLabel('Legal name')).toHaveValue('Studio Nord GmbH');
  await expect(business.getByRole('combobox', { name: 'Currency' })).toHaveValue(/^EUR/);
  await expect(business).toContainText('INV-0001');

  // A client with billing details, on its own page.
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Add Client' }).click();
  const clientDialog = page.getByRole('dialog', { name: 'Add Client' });
  await clientDialog.getByLabel('Client Name').fill(CLIENT);
  await clientDialog.getByLabel('Billing email').fill('compta@atelier-lumiere.fr');
  await clientDialog.getByLabel('Billing address').fill('5 rue de Rivoli\n75004 Paris');
  await clientDialog.getByLabel('VAT ID', { exact: true }).fill('FR40303265045');
  await clientDialog.getByRole('button', { name: 'Add Client' }).click();
  await expect(page.getByText('Client created')).toBeVisible();
  await expect(page.getByRole('heading', { name: CLIENT })).toBeVisible();
  await expect(page.getByText('No invoices yet.')).toBeVisible();

  // A project at €100 an hour (its form shows the workspace currency), and 2 hours of work.
  await page.goto('/projects');
  await page.getByRole('button', { name: 'New Project', exact: true }).click();
  const projectDialog = page.getByRole('dialog', { name: 'New Project' });
  await projectDialog.getByLabel('Project Name').fill(PROJECT);
  await choose(page, projectDialog, 'Client', CLIENT);
  await projectDialog.getByLabel('Hourly Rate').fill('100');
  await expect(projectDialog.getByLabel('Hourly Rate')).toHaveValue('€100');
  await projectDialog.getByRole('button', { name: 'Create Project' }).click();
  await expect(page.getByText('Project created')).toBeVisible();

  await page.goto('/time-tracking');
  await page.getByRole('button', { name: 'Log Time', exact: true }).click();
  const logDialog = page.getByRole('dialog', { name: 'Log Time' });
  await choose(page, logDialog, 'Project', new RegExp(PROJECT));
  await logDialog.getByLabel('Hours').fill('2');
  await logDialog.getByLabel('Description').fill('Logo concepts');
  await logDialog.getByRole('button', { name: 'Log Time' }).click();
  await expect(page.getByText('Time entry added')).toBeVisible();

  // Invoice the time: a draft without a number yet.
  await page.goto('/invoices');
  await page.getByRole('button', { name: 'Create Invoice', exact: true }).click();
  const invoiceDialog = page.getByRole('dialog', { name: 'Create Invoice' });
  await choose(page, invoiceDialog, 'Client', CLIENT);
  await choose(page, invoiceDialog, 'Project', PROJECT);
  await invoiceDialog.getByLabel('Select all unbilled time').check();
  await expect(invoiceDialog.getByLabel('Amount')).toHaveValue('€200.00');
  await invoiceDialog.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(page.getByText('Invoice created')).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: CLIENT });
  await expect(card).toContainText('€200.00');
  await card.getByRole('button', { name: 'View Draft' }).click();

  // The draft: a 20 % VAT rate on the time line, totals as the server computes them.
  await expect(page.getByRole('heading', { name: 'Draft invoice' })).toBeVisible();
  await page.getByLabel('Line 1 tax rate').fill('20');
  const totals = page.getByLabel('Totals');
  await expect(totals).toContainText('Tax 20 % on €200.00');
  await expect(totals).toContainText('€240.00');
  await page.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(page.getByText('Invoice issued')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Invoice INV-0001' })).toBeVisible();

  // The PDF names both parties, the number and the total.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('invoice-INV-0001.pdf');
  const text = await pdfText(await readFile((await download.path())!));
  for (const expected of ['INV-0001', 'Studio Nord GmbH', CLIENT, 'DE123456789', '€240.00']) {
    expect(text).toContain(expected);
  }

  // Paid in two parts: partly paid shows the balance, then paid.
  const recordPayment = page.getByRole('main').getByRole('button', { name: 'Record payment' });
  await recordPayment.click();
  const paymentDialog = page.getByRole('dialog', { name: 'Record payment' });
  await paymentDialog.getByLabel('Amount (EUR)').fill('100');
  await paymentDialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Payment recorded')).toBeVisible();
  await expect(page.getByText('€140.00 due')).toBeVisible();
  await expect(paymentDialog).toBeHidden();
  await recordPayment.click();
  await expect(paymentDialog.getByLabel('Amount (EUR)')).toHaveValue('140');
  await paymentDialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('is paid in full')).toBeVisible();
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();

  // The dashboard counts it in euros, before tax: paid in two parts, the €40.00 VAT apart.
  await page.goto('/');
  const revenue = page.getByRole('region', { name: 'Revenue This Month' });
  await expect(revenue).toContainText('€200.00');
  await expect(revenue).toContainText('Before tax · €40.00 tax collected');
  await expect(page.getByRole('region', { name: 'Outstanding' })).toContainText('€0.00');
});
