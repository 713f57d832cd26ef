import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { poppler } from '../support/poppler.ts';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

/*
 * Issue 40: a contract from a starter template, sent, signed in the portal by the client
 * drawing with the mouse, countersigned in the app, its audit chain verified and its sealed
 * PDF valid for pdfsig. Screens at 375 px and in the dark theme are kept for a look.
 */

const SHOTS = process.env.KEEL_SHOTS_DIR ?? '/tmp/keel-contracts-shots';

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A signature drawn like a hand would: a few strokes across the pad. */
async function drawSignature(page: Page) {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad is not on screen');
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
  await page.mouse.move(...at(0.1, 0.6));
  await page.mouse.down();
  for (const [x, y] of [
    [0.2, 0.3],
    [0.3, 0.7],
    [0.4, 0.35],
    [0.5, 0.65],
    [0.6, 0.3],
    [0.75, 0.6],
  ] as const) {
    await page.mouse.move(...at(x, y), { steps: 6 });
  }
  await page.mouse.up();
}

test('a contract: drafted from a template, sent, signed in the portal with a drawn signature, countersigned, sealed', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signUpWithWorkspace(page, newUser('contracts'));
  const client = await page.request.post('/api/clients', {
    data: { name: 'Harbour Bakery', email: 'accounts@harbour.example.com' },
  });
  expect(client.status()).toBe(201);

  await page.goto('/contracts');
  await expect(page.getByRole('heading', { name: 'Contracts', level: 1 })).toBeVisible();
  // The starter templates are there, the fixed-fee one the default.
  const templates = page.getByRole('list', { name: 'Contract templates' });
  await expect(templates).toContainText('Fixed-fee project');
  await expect(templates).toContainText('Monthly retainer');
  await expect(templates.getByText('Default')).toBeVisible();

  await page.getByRole('button', { name: 'New Contract' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New contract' });
  await dialog.getByRole('combobox', { name: 'Client', exact: true }).click();
  await page.getByRole('option', { name: 'Harbour Bakery' }).click();
  await dialog.getByLabel('Title').fill('Shop window lettering');
  await expect(dialog.getByRole('combobox', { name: 'Template' })).toHaveValue(
    'Fixed-fee project (default)',
  );
  await dialog.getByLabel('Fee').fill('1200');
  await dialog.getByRole('button', { name: 'Create contract' }).click();

  // The draft opens on its page, merge fields filled.
  await expect(
    page.getByRole('heading', { name: 'Shop window lettering', level: 2 }),
  ).toBeVisible();
  await expect(page.getByText('Contract created')).toBeVisible();
  const document = page.getByRole('document', { name: 'Contract' });
  await expect(document.getByRole('heading', { name: 'Shop window lettering' })).toBeVisible();
  await expect(document).toContainText('Harbour Bakery');
  await expect(document).toContainText('$1,200.00');
  await expect(document).not.toContainText('{{');
  const contractUrl = page.url();
  const contractId = Number(contractUrl.split('/').pop());

  // Send: no SMTP here, so the link is answered to pass on by hand.
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const send = page.getByRole('dialog', { name: 'Send contract' });
  await send.getByLabel('Message (optional)').fill('Here is our agreement.');
  await send.getByRole('button', { name: 'Send contract' }).click();
  const sent = page.getByRole('dialog', { name: 'Contract sent' });
  const link = sent.getByRole('textbox', { name: 'Portal link' });
  await expect(link).toHaveValue(/\/portal\/[1-9]\d*\.[A-Za-z0-9_-]{43}$/);
  await expect(sent.getByRole('button', { name: 'Copy portal link' })).toBeVisible();
  const portalLink = await link.inputValue();
  await sent.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible();

  // The client, in a browser of their own.
  const clientContext = await browser.newContext();
  const portal = await clientContext.newPage();
  await portal.goto(portalLink);
  await expect(portal.getByRole('heading', { name: 'Contracts' })).toBeVisible();
  await expect(portal.getByText('Awaiting your signature')).toBeVisible();
  await portal.getByRole('button', { name: 'Open contract Shop window lettering' }).click();
  const reading = portal.getByRole('dialog', { name: 'Shop window lettering' });
  await expect(reading.getByRole('document', { name: 'Contract' })).toContainText('Harbour Bakery');
  await reading.getByLabel('Your full name').fill('Mara Olsen');
  // Sign without consent: refused on the page, nothing sent.
  await drawSignature(portal);
  await reading.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(reading.getByText('Tick the box to agree to sign electronically')).toBeVisible();
  await reading.getByLabel('I agree to sign this contract electronically').check();
  await reading.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(portal.getByText('Contract signed')).toBeVisible();
  await expect(reading.getByRole('alert', { name: 'Signed' })).toBeVisible();
  await expect(reading.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
    'href',
    `/api/portal/${portalLink.split('/').pop()}/contracts/${contractId}/pdf`,
  );
  await expect(reading.getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0);

  // Back in the app: the client's drawn signature, then the countersignature, typed.
  await page.reload();
  await expect(page.getByText('Signed by client').first()).toBeVisible();
  await expect(page.getByRole('img', { name: 'Signature of Mara Olsen' })).toBeVisible();
  await page.getByRole('button', { name: 'Countersign' }).click();
  const countersign = page.getByRole('dialog', { name: 'Countersign contract' });
  await countersign.getByLabel('Your full name').fill('Ada Lovelace');
  await countersign.getByRole('switch', { name: 'Type instead' }).check();
  await countersign.getByPlaceholder('Type your signature').fill('Ada Lovelace');
  await countersign.getByRole('button', { name: 'Countersign' }).click();
  await expect(page.getByText('Contract countersigned')).toBeVisible();
  await expect(countersign).toBeHidden();
  await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Chain verified')).toBeVisible();
  const audit = page.getByRole('table', { name: 'Audit trail' });
  for (const event of ['Created', 'Sent', 'Viewed', 'Signed by the client', 'Countersigned'])
    await expect(audit).toContainText(event);
  await expect(audit).toContainText('client via portal');

  // The PDF: its link, and what it answers, sealed.
  await expect(page.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
    'href',
    `/api/contracts/${contractId}/pdf`,
  );
  const pdf = await page.request.get(`/api/contracts/${contractId}/pdf`);
  expect(pdf.status()).toBe(200);
  const bytes = new Uint8Array(await pdf.body());
  expect(Buffer.from(bytes.slice(0, 4)).toString('latin1')).toBe('%PDF');
  expect(await poppler('pdfsig', [], bytes)).toContain('Signature is Valid.');

  // A look at the screens on a phone and in the dark.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(contractUrl);
  await expect(page.getByText('Chain verified')).toBeVisible();
  await shoot(page, 'contract-375');
  await page.goto('/contracts');
  await expect(page.getByRole('link', { name: 'Shop window lettering' })).toBeVisible();
  await shoot(page, 'contracts-375');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(contractUrl);
  await expect(page.getByText('Chain verified')).toBeVisible();
  await shoot(page, 'contract-dark');

  // The portal's signing form, on a phone and in the dark: a second contract to sign.
  await page.goto('/contracts');
  await page.getByRole('button', { name: 'New Contract' }).first().click();
  const second = page.getByRole('dialog', { name: 'New contract' });
  await second.getByRole('combobox', { name: 'Client', exact: true }).click();
  await page.getByRole('option', { name: 'Harbour Bakery' }).click();
  await second.getByLabel('Title').fill('Monthly support');
  await second.getByRole('button', { name: 'Create contract' }).click();
  await expect(page.getByRole('heading', { name: 'Monthly support', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Send contract' })
    .getByRole('button', { name: 'Send contract' })
    .click();
  await page
    .getByRole('dialog', { name: 'Contract sent' })
    .getByRole('button', { name: 'Done' })
    .click();

  await portal.setViewportSize({ width: 375, height: 812 });
  await portal.goto(portalLink);
  await portal.getByRole('button', { name: 'Open contract Monthly support' }).click();
  const phone = portal.getByRole('dialog', { name: 'Monthly support' });
  await expect(phone.getByTestId('signature-pad')).toBeVisible();
  await drawSignature(portal);
  await shoot(portal, 'portal-sign-375');
  await portal.emulateMedia({ colorScheme: 'dark' });
  await portal.setViewportSize({ width: 1280, height: 900 });
  await expect(phone.getByTestId('signature-pad')).toBeVisible();
  await shoot(portal, 'portal-sign-dark');
  await clientContext.close();
});
