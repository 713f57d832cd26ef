import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { pdfAttachments } from '../../src/server/domains/einvoices/pdf-attachments.ts';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

/*
 * Issue 41's journey in the browser, as a new user lives it: e-invoicing turned on in
 * Settings → Business with the data EN 16931 needs; a client and an invoice; the editor
 * names what is missing (the client's VAT ID under reverse charge) and where to fix it;
 * fixed, the invoice issues; its UBL, CII and Factur-X PDF download; its payment QR code
 * shows on the page; half of it is credited, and the balance (and the code) halve.
 */

const CLIENT = 'Nordwind Logistik GmbH';

/** Picks `option` in the searchable select labelled `label` within `scope`. */
async function choose(page: Page, scope: Locator, label: string, search: string, option: string) {
  const input = scope.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The downloaded file behind the link named `name`, with its suggested name. */
async function download(page: Page, name: string) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name, exact: true }).click();
  const file = await downloading;
  return { filename: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

test('e-invoicing journey: switched on, a missing VAT ID named and fixed, issued, UBL, CII and Factur-X downloaded, half credited', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  await signUpWithWorkspace(page, newUser('einvoicing'));

  // Settings → Business: the seller's EN 16931 data, and e-invoicing switched on.
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Business' }).click();
  const business = page.getByRole('tabpanel', { name: 'Business' });
  await business.getByLabel('Legal name').fill('Atelier Lumière SARL');
  await business.getByLabel('VAT ID', { exact: true }).fill('FR40303265045');
  await business.getByRole('combobox', { name: 'Currency' }).fill('EUR');
  await page.getByRole('option', { name: /^EUR/ }).click();
  await choose(page, business, 'Country', 'Fran', 'France');
  await business.getByRole('textbox', { name: 'Street', exact: true }).fill('12 rue de la Paix');
  await business.getByRole('textbox', { name: 'City', exact: true }).fill('Paris');
  await business.getByRole('textbox', { name: 'Postcode', exact: true }).fill('75002');
  await business
    .getByRole('textbox', { name: 'IBAN', exact: true })
    .fill('FR76 3000 6000 0112 3456 7890 189');
  await business.getByRole('textbox', { name: 'BIC', exact: true }).fill('AGRIFRPP');
  await business.getByRole('switch', { name: /^Issue e-invoices/ }).check();
  await business.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Business settings updated')).toBeVisible();

  // A business client in Germany, its VAT ID not given yet.
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Add Client' }).click();
  const clientDialog = page.getByRole('dialog', { name: 'Add Client' });
  await clientDialog.getByLabel('Client Name').fill(CLIENT);
  await clientDialog.getByLabel('Billing email').fill('rechnung@nordwind.example.com');
  await clientDialog.getByRole('textbox', { name: 'Street', exact: true }).fill('Hafenstraße 7');
  await clientDialog.getByRole('textbox', { name: 'City', exact: true }).fill('Hamburg');
  await clientDialog.getByRole('textbox', { name: 'Postcode', exact: true }).fill('20457');
  await choose(page, clientDialog, 'Country', 'Germ', 'Germany');
  await clientDialog.getByRole('button', { name: 'Add Client' }).click();
  await expect(page.getByText('Client created')).toBeVisible();
  await expect(page.getByRole('heading', { name: CLIENT })).toBeVisible();

  // An invoice of €1,000.00 for it, a draft.
  await page.goto('/invoices');
  await page.getByRole('button', { name: 'Create Invoice', exact: true }).click();
  const invoiceDialog = page.getByRole('dialog', { name: 'Create Invoice' });
  await invoiceDialog.getByRole('combobox', { name: 'Client', exact: true }).click();
  await page.getByRole('option', { name: CLIENT }).click();
  await invoiceDialog.getByLabel('Amount').fill('1000');
  await invoiceDialog.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(page.getByText('Invoice created')).toBeVisible();
  await page
    .getByRole('article')
    .filter({ hasText: CLIENT })
    .getByRole('button', { name: 'View Draft' })
    .click();
  await expect(page.getByRole('heading', { name: 'Draft invoice' })).toBeVisible();
  const invoiceUrl = page.url();

  // A service to a business in another EU country: reverse charge. The editor names what
  // this needs that is missing, the client's VAT ID, with the rule and the way to it.
  const editor = page.getByRole('form', { name: 'Edit draft invoice' });
  await expect(page.getByText('Ready to issue as an e-invoice')).toBeVisible();
  const category = editor.getByRole('combobox', { name: 'Line 1 tax category' });
  await category.click();
  await page.getByRole('option', { name: 'Reverse charge' }).click();
  await editor.getByRole('button', { name: 'Save draft' }).click();
  await expect(editor.getByRole('button', { name: 'Save draft' })).toBeDisabled();
  const check = page.getByRole('alert', { name: 'Fix these before issuing the e-invoice' });
  await expect(check).toContainText("Add the client's VAT ID: a reverse-charge line needs it.");
  await expect(check).toContainText('BR-AE-02');
  await page.screenshot({ path: testInfo.outputPath('journey-check.png'), fullPage: true });

  // Issuing now is refused for the same reason; it stays a draft.
  await page.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(page.getByText(/cannot be issued as an e-invoice yet/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Draft invoice' })).toBeVisible();

  // Fixed where the check points: the client gets its VAT ID.
  await check.getByRole('link', { name: 'Open the client' }).click();
  await expect(page.getByRole('heading', { name: CLIENT })).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();
  const editClient = page.getByRole('dialog', { name: 'Edit Client' });
  await editClient.getByRole('textbox', { name: 'VAT ID', exact: true }).fill('DE123456789');
  await editClient.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Client updated')).toBeVisible();

  // Back to the draft, as a browser's back button goes: the check runs again.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Draft invoice' })).toBeVisible();
  await expect(page.getByText('Ready to issue as an e-invoice')).toBeVisible();
  await expect(check).toHaveCount(0);
  await page.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(page.getByText('Invoice issued')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Invoice INV-0001' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText('€1,000.00 due')).toBeVisible();

  // The three files: UBL and CII name the invoice and its buyer's VAT ID; the Factur-X PDF
  // carries the very CII as factur-x.xml.
  const ubl = await download(page, 'Download UBL');
  expect(ubl.filename).toBe('invoice-INV-0001-ubl.xml');
  const ublXml = ubl.bytes.toString('utf8');
  expect(ublXml).toMatch(
    /^<\?xml[^>]*\?>\s*<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/,
  );
  expect(ublXml).toContain('<cbc:ID>INV-0001</cbc:ID>');
  expect(ublXml).toContain('DE123456789');
  expect(ublXml).toContain('<cbc:ID>AE</cbc:ID>');

  const cii = await download(page, 'Download CII (XML)');
  expect(cii.filename).toBe('invoice-INV-0001-cii.xml');
  const ciiXml = cii.bytes.toString('utf8');
  expect(ciiXml).toMatch(/^<\?xml[^>]*\?>\s*<rsm:CrossIndustryInvoice /);
  expect(ciiXml).toContain('<ram:ID>INV-0001</ram:ID>');
  expect(ciiXml).toContain('DE123456789');

  const facturx = await download(page, 'Download Factur-X PDF');
  expect(facturx.filename).toBe('invoice-INV-0001-facturx.pdf');
  expect(facturx.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const attachments = await pdfAttachments(new Uint8Array(facturx.bytes));
  expect(attachments.map((file) => [file.name, file.relationship])).toEqual([
    ['factur-x.xml', 'Alternative'],
  ]);
  expect(new TextDecoder().decode(attachments[0]!.data)).toBe(ciiXml);

  // The balance as a payment QR code, the one the PDF and the portal show.
  await expect(
    main.getByRole('img', { name: 'Scan to pay €1,000.00 by bank transfer' }),
  ).toBeVisible();

  // Half of it credited through the credit-note action.
  await main.getByRole('button', { name: 'Credit note' }).click();
  const creditDialog = page.getByRole('dialog', { name: 'Credit invoice INV-0001' });
  await expect(creditDialog.getByText('Remaining to credit: €1,000.00')).toBeVisible();
  await creditDialog.getByText('An amount').click();
  await creditDialog.getByLabel('Amount to credit (EUR, tax included)').fill('500');
  await creditDialog.getByLabel('Reason').fill('Half of the workshop was cancelled');
  await creditDialog.getByRole('button', { name: 'Create credit note' }).click();
  await expect(page.getByText('Credit note created')).toBeVisible();
  await expect(creditDialog).toBeHidden();

  await expect(main.getByText('€500.00 credited')).toBeVisible();
  await expect(main.getByText('€500.00 due')).toBeVisible();
  const notes = main.getByRole('table', { name: 'Credit notes' });
  await expect(notes.getByRole('row').filter({ hasText: 'CN-0001' })).toContainText('€500.00');
  // The code now asks for what is left.
  const halved = main.getByRole('img', { name: 'Scan to pay €500.00 by bank transfer' });
  await expect(halved).toBeVisible();
  await expect(halved).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);

  // The invoice page with its code at 375 px, in both themes, without sideways scrolling.
  for (const colorScheme of ['light', 'dark'] as const) {
    const phone = await browser.newContext({
      viewport: { width: 375, height: 812 },
      colorScheme,
      storageState: await page.context().storageState(),
    });
    try {
      const view = await phone.newPage();
      await view.goto(invoiceUrl);
      const code = view.getByRole('img', { name: 'Scan to pay €500.00 by bank transfer' });
      await expect(code).toBeVisible();
      await code.scrollIntoViewIfNeeded();
      const overflow = await view.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `invoice page at 375 px, ${colorScheme}`).toBeLessThanOrEqual(0);
      await view.screenshot({ path: testInfo.outputPath(`invoice-qr-375-${colorScheme}.png`) });
    } finally {
      await phone.close();
    }
  }
  await page.screenshot({ path: testInfo.outputPath('invoice-qr-desktop.png'), fullPage: true });
});
