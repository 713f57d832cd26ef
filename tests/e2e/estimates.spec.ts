import { expect, test } from '@playwright/test';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

test('an estimate: a line, sent, accepted in the app, converted into the invoice it opens', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpWithWorkspace(page, newUser('estimates'));
  const client = await page.request.post('/api/clients', {
    data: { name: 'Harbour Bakery', email: 'accounts@harbour.example.com' },
  });
  expect(client.status()).toBe(201);

  await page.goto('/estimates');
  await expect(page.getByRole('heading', { name: 'Estimates', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New Estimate' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Estimate' });
  await dialog.getByRole('combobox', { name: 'Client', exact: true }).click();
  await page.getByRole('option', { name: 'Harbour Bakery' }).click();
  await dialog.getByRole('button', { name: 'Create Estimate' }).click();

  // The draft opens on its page: one line, 12 × 45.50 at 10 % tax.
  await expect(page.getByRole('heading', { name: 'Draft estimate' })).toBeVisible();
  const editor = page.getByRole('form', { name: 'Edit draft estimate' });
  await editor.getByRole('button', { name: 'Add line' }).click();
  await editor.getByLabel('Line 1 description').fill('Shop window lettering');
  await editor.getByLabel('Line 1 quantity').fill('12');
  await editor.getByLabel('Line 1 unit price').fill('45.50');
  await editor.getByLabel('Line 1 tax rate').fill('10');
  await expect(editor.getByLabel('Totals')).toContainText('$600.60');
  // Send: the email to the client's billing address, previewed from the estimate template.
  // This server has no SMTP_URL: it says so, writes the email to its log, and offers the
  // portal link to pass on by hand.
  await editor.getByRole('button', { name: 'Send estimate' }).click();
  const send = page.getByRole('dialog', { name: /Send estimate/ });
  await expect(send.getByText(/Email is not configured on this server/)).toBeVisible();
  await expect(send.getByLabel('To')).toHaveValue('accounts@harbour.example.com');
  await expect(send.getByText(/it becomes estimate EST-0001/)).toBeVisible();
  const preview = send.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText('Estimate EST-0001 from');
  await expect(preview).toContainText('estimate EST-0001 for $600.60, valid until');
  await expect(preview).toContainText('Attached: estimate-EST-0001.pdf');
  await send.getByRole('button', { name: 'Send to the server log' }).click();
  await expect(page.getByText('Estimate email written to the server log')).toBeVisible();
  await expect(send.getByRole('textbox', { name: 'Portal link' })).toHaveValue(
    /\/portal\/[1-9]\d*\.[A-Za-z0-9_-]{43}$/,
  );
  await send.getByRole('button', { name: 'Done' }).click();
  await expect(send).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Estimate EST-0001', exact: true })).toBeVisible();
  await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible();
  // The estimate's page lists its email, delivered to the log.
  await expect(page.getByRole('heading', { name: 'Emails' })).toBeVisible();
  await expect(page.getByText(/^Estimate to accounts@harbour\.example\.com/)).toBeVisible();
  await expect(page.getByText('Written to server log')).toBeVisible();

  // The client said yes by phone: the acceptance is recorded with their name.
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  const accept = page.getByRole('dialog', { name: /Record acceptance/ });
  await accept.getByLabel('Accepted by').fill('Mara Olsen');
  await accept.getByRole('button', { name: 'Record acceptance' }).click();
  await expect(page.getByText('Acceptance recorded')).toBeVisible();
  await expect(page.getByText('Accepted by Mara Olsen')).toBeVisible();
  await expect(page.getByText(/SHA-256 [0-9a-f]{64}/)).toBeVisible();

  // Convert: the new draft invoice opens with the estimate's line and total.
  await page.getByRole('button', { name: 'Convert to invoice' }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Draft invoice' })).toBeVisible();
  const invoiceEditor = page.getByRole('form', { name: 'Edit draft invoice' });
  await expect(invoiceEditor.getByLabel('Line 1 description')).toHaveValue('Shop window lettering');
  await expect(invoiceEditor.getByLabel('Totals')).toContainText('$600.60');

  // Back on the estimate: invoiced, linked, and no second conversion is offered.
  await page.goto('/estimates');
  await page.getByRole('button', { name: /^EST-0001\b/ }).click();
  await expect(page.getByText('Invoiced', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Invoiced as/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Convert to invoice' })).toHaveCount(0);

  // The client's page lists the estimate beside the invoice it became.
  const { id: clientId } = (await client.json()) as { id: number };
  await page.goto(`/clients/${clientId}`);
  const estimates = page.getByRole('table', { name: 'Estimates of the client' });
  await expect(estimates.getByRole('row', { name: /EST-0001/ })).toContainText('Invoiced');
  await expect(estimates.getByRole('row', { name: /EST-0001/ })).toContainText('$600.60');
  await expect(page.getByRole('table', { name: 'Invoices of the client' })).toContainText(
    '$600.60',
  );
});
