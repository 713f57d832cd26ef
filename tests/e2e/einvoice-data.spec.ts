import { expect, test, type Browser, type Page } from '@playwright/test';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

/* Issue 41, item 1: the e-invoicing data on the business profile, a client and a line. */

async function openBusinessSettings(page: Page) {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Business' }).click();
  await expect(page.getByRole('textbox', { name: 'IBAN', exact: true })).toBeVisible();
}

/** Picks `option` in the searchable select labelled `label`. */
async function choose(page: Page, label: string, search: string, option: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A screenshot of `url` at 375 px in both themes, with no sideways scrolling. */
async function phoneShots(
  browser: Browser,
  page: Page,
  url: string,
  name: string,
  ready: (view: Page) => Promise<void>,
  outputPath: (name: string) => string,
) {
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      colorScheme,
      storageState: await page.context().storageState(),
    });
    const view = await context.newPage();
    await view.goto(url);
    await ready(view);
    const overflow = await view.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} at 375 px, ${colorScheme}`).toBeLessThanOrEqual(0);
    await view.screenshot({ path: outputPath(`${name}-375-${colorScheme}.png`), fullPage: true });
    await context.close();
  }
}

test('e-invoicing data: business IBAN checked and saved, a client’s country and buyer reference, a reverse-charge line', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  await signUpWithWorkspace(page, newUser('einvoice'));

  // The business profile's e-invoicing section: a wrong IBAN is named, then fixed.
  await openBusinessSettings(page);
  await choose(page, 'Country', 'Germ', 'Germany');
  await page.getByRole('textbox', { name: 'Street', exact: true }).fill('Hauptstraße 1');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Berlin');
  await page.getByRole('textbox', { name: 'Postcode', exact: true }).fill('10115');
  await page.getByRole('textbox', { name: 'VAT ID', exact: true }).fill('DE123456789');
  await page
    .getByRole('textbox', { name: 'IBAN', exact: true })
    .fill('DE89 3704 0044 0532 0130 01');
  await page.getByRole('switch', { name: /^Issue e-invoices/ }).check();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Enter a valid IBAN (check digits do not match)')).toBeVisible();
  await expect(page.getByText('Business settings updated')).toBeHidden();
  await page
    .getByRole('textbox', { name: 'IBAN', exact: true })
    .fill('DE89 3704 0044 0532 0130 00');
  await page.getByRole('textbox', { name: 'BIC', exact: true }).fill('cobadeffxxx');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Business settings updated')).toBeVisible();

  await page.reload();
  await openBusinessSettings(page);
  await expect(page.getByRole('textbox', { name: 'IBAN', exact: true })).toHaveValue(
    'DE89370400440532013000',
  );
  await expect(page.getByRole('textbox', { name: 'BIC', exact: true })).toHaveValue('COBADEFFXXX');
  await expect(page.getByRole('combobox', { name: 'Country', exact: true })).toHaveValue('Germany');
  await expect(page.getByRole('switch', { name: /^Issue e-invoices/ })).toBeChecked();
  await phoneShots(
    browser,
    page,
    '/settings',
    'business-einvoicing',
    async (view) => {
      await view.getByRole('tab', { name: 'Business' }).click();
      await view.getByRole('textbox', { name: 'IBAN', exact: true }).scrollIntoViewIfNeeded();
      await expect(view.getByRole('textbox', { name: 'IBAN', exact: true })).toHaveValue(
        'DE89370400440532013000',
      );
    },
    (name) => testInfo.outputPath(name),
  );

  // A client's country and buyer reference, saved and shown again.
  const made = await page.request.post('/api/clients', {
    data: {
      name: 'Stadt Musterhausen',
      email: 'rechnung@musterhausen.example.com',
      currency: 'EUR',
    },
  });
  expect(made.status()).toBe(201);
  const client = (await made.json()) as { id: number };
  await page.goto(`/clients/${client.id}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  let dialog = page.getByRole('dialog', { name: 'Edit Client' });
  await choose(page, 'Country', 'Austr', 'Austria');
  await dialog
    .getByRole('textbox', { name: 'Buyer reference', exact: true })
    .fill('04011000-12345-67');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Client updated')).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'Edit' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Client' });
  await expect(dialog.getByRole('combobox', { name: 'Country', exact: true })).toHaveValue(
    'Austria',
  );
  await expect(dialog.getByRole('textbox', { name: 'Buyer reference', exact: true })).toHaveValue(
    '04011000-12345-67',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // An invoice draft: a line under reverse charge, with its reason, saved and reloaded.
  const invoice = await page.request.post('/api/invoices', {
    data: {
      clientId: client.id,
      lines: [{ description: 'Consulting', quantity: '2', unitPrice: '500', taxRate: '19' }],
    },
  });
  expect(invoice.status()).toBe(201);
  const { id: invoiceId } = (await invoice.json()) as { id: number };
  await page.goto(`/invoices/${invoiceId}`);
  const editor = page.getByRole('form', { name: 'Edit draft invoice' });
  const category = editor.getByRole('combobox', { name: 'Line 1 tax category' });
  await expect(category).toHaveValue('Standard rate');
  await category.click();
  await page.getByRole('option', { name: 'Reverse charge' }).click();
  await expect(editor.getByRole('textbox', { name: 'Line 1 tax rate', exact: true })).toHaveValue(
    '0',
  );
  await editor
    .getByRole('textbox', { name: 'Line 1 exemption reason', exact: true })
    .fill('Reverse charge: Art. 196 VAT Directive');
  await editor.getByRole('textbox', { name: 'Purchase order', exact: true }).fill('PO-778');
  await editor.getByRole('button', { name: 'Save draft' }).click();
  await expect(editor.getByRole('button', { name: 'Save draft' })).toBeDisabled();

  await page.reload();
  await expect(editor.getByRole('combobox', { name: 'Line 1 tax category' })).toHaveValue(
    'Reverse charge',
  );
  await expect(
    editor.getByRole('textbox', { name: 'Line 1 exemption reason', exact: true }),
  ).toHaveValue('Reverse charge: Art. 196 VAT Directive');
  await expect(editor.getByRole('textbox', { name: 'Purchase order', exact: true })).toHaveValue(
    'PO-778',
  );
  const stored = await (await page.request.get(`/api/invoices/${invoiceId}`)).json();
  expect(stored.lines[0]).toMatchObject({ taxCategory: 'AE', taxRate: '0' });
  await phoneShots(
    browser,
    page,
    `/invoices/${invoiceId}`,
    'invoice-einvoice-line',
    async (view) => {
      await expect(view.getByRole('combobox', { name: 'Line 1 tax category' })).toHaveValue(
        'Reverse charge',
      );
    },
    (name) => testInfo.outputPath(name),
  );
});
