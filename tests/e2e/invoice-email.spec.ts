import { expect, test } from '@playwright/test';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

test('send an invoice by email from its page (no SMTP_URL: the log, said so, the portal link offered), see its outbox and its reminders', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpWithWorkspace(page, newUser('invoice-email'));
  const client = await page.request.post('/api/clients', {
    data: { name: 'Jane Buyer', company: 'Northwind Ltd', email: 'ap@northwind.example' },
  });
  expect(client.status()).toBe(201);
  const invoice = await page.request.post('/api/invoices', {
    data: {
      clientId: (await client.json()).id,
      dueDate: '2099-06-30',
      lines: [{ description: 'Design', quantity: '3', unitPrice: '150' }],
    },
  });
  expect(invoice.status()).toBe(201);
  const { id } = (await invoice.json()) as { id: number };

  // Reminders on, from Settings → Email.
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Email' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Email' });
  await panel.getByLabel('Send payment reminders').check();
  await panel.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText('Reminder schedule saved')).toBeVisible();

  await page.goto(`/invoices/${id}`);
  await page.getByRole('button', { name: 'Send by email' }).click();
  const dialog = page.getByRole('dialog', { name: /Send invoice/ });
  await expect(dialog.getByText(/Email is not configured on this server/)).toBeVisible();
  await expect(dialog.getByLabel('To')).toHaveValue('ap@northwind.example');
  await expect(
    dialog.getByText(/Sending issues this draft: it becomes invoice INV-0001/),
  ).toBeVisible();
  await dialog.getByLabel('Subject').fill('Invoice {number} for {clientName}');
  const preview = dialog.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText('Invoice INV-0001 for Northwind Ltd');
  await expect(preview).toContainText('$450.00, due on Jun 30, 2099');
  await dialog.getByRole('button', { name: 'Send to the server log' }).click();

  await expect(dialog.getByRole('textbox', { name: 'Portal link' })).toHaveValue(
    /\/portal\/[1-9]\d*\.[A-Za-z0-9_-]{43}$/,
  );
  await dialog.getByRole('button', { name: 'Done' }).click();

  await expect(page.getByRole('heading', { name: 'Invoice INV-0001', exact: true })).toBeVisible();
  await expect(page.getByText('Invoice INV-0001 for Northwind Ltd')).toBeVisible();
  await expect(page.getByText('Written to server log')).toBeVisible();
  await expect(page.getByText('Upcoming reminders')).toBeVisible();
  await expect(page.getByText('3 days before the due date')).toBeVisible();
});
