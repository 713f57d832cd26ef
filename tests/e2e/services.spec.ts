import { expect, test } from '@playwright/test';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

test('a service: added on /services, found by search, put on an estimate line, archived', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  await signUpWithWorkspace(page, newUser('services'));
  const client = await page.request.post('/api/clients', {
    data: { name: 'Harbour Bakery', email: 'accounts@harbour.example.com' },
  });
  expect(client.status()).toBe(201);
  // A second service, so that the search has something to leave out.
  const other = await page.request.post('/api/services', {
    data: { name: 'Hosting', unitPrice: '20', unit: 'month', category: 'Web' },
  });
  expect(other.status()).toBe(201);

  // The palette finds the page (the navigation entry is live).
  await page.goto('/');
  const paletteSearch = page.getByPlaceholder('Search pages and actions...');
  // The shortcut is heard once the shell has loaded.
  await expect(async () => {
    await page.keyboard.press('Control+K');
    await expect(paletteSearch).toBeVisible({ timeout: 1000 });
  }).toPass();
  await page.getByPlaceholder('Search pages and actions...').fill('Services');
  const found = page
    .getByRole('dialog')
    .getByRole('button')
    .filter({ hasText: /^Services/ });
  await expect(found.first()).toBeVisible();
  await expect(found.first()).not.toContainText('Coming soon');
  await found.first().click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByRole('heading', { name: 'Services', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Add Service' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Service' });
  await dialog.getByRole('button', { name: 'Add Service' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByLabel('Name').fill('Logo design');
  await dialog.getByLabel('Category', { exact: true }).fill('Design');
  await dialog.getByLabel('Unit price').fill('1200');
  await dialog.getByLabel('Tax rate').fill('20');
  await dialog.getByLabel('Description').fill('Three concepts, two rounds');
  await dialog.getByRole('button', { name: 'Add Service' }).click();
  await expect(page.getByText('Service added')).toBeVisible();
  await expect(dialog).toBeHidden();

  const table = page.getByRole('table', { name: 'Services' });
  await page.getByLabel('Search services').fill('logo');
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').filter({ hasText: 'Logo design' });
  await expect(row).toContainText('Design');
  await expect(row).toContainText('$1,200.00');
  await expect(row).toContainText('per item');
  await expect(row).toContainText('20 %');
  await expect(row).toContainText('Not used');

  // An estimate: its line from the service, with its price and tax, and the right total.
  await page.goto('/estimates');
  await page.getByRole('button', { name: 'New Estimate' }).click();
  const create = page.getByRole('dialog', { name: 'New Estimate' });
  await create.getByRole('combobox', { name: 'Client', exact: true }).click();
  await page.getByRole('option', { name: 'Harbour Bakery' }).click();
  await create.getByRole('button', { name: 'Create Estimate' }).click();
  await expect(page.getByRole('heading', { name: 'Draft estimate' })).toBeVisible();
  const editor = page.getByRole('form', { name: 'Edit draft estimate' });
  await editor.getByLabel('Add from services').click();
  await page.getByRole('option', { name: /^Logo design/ }).click();
  await expect(editor.getByLabel('Line 1 description')).toHaveValue(
    'Logo design\nThree concepts, two rounds',
  );
  await expect(editor.getByLabel('Line 1 unit price')).toHaveValue(/^1,200(\.00)?$/);
  await expect(editor.getByLabel('Line 1 tax rate')).toHaveValue('20');
  // The service's unit (its default, "item") fills the line's.
  await expect(editor.getByLabel('Line 1 unit', { exact: true })).toHaveValue('item');
  await editor.getByLabel('Line 1 quantity').fill('2');
  // A line typed by hand still works beside it, with a unit of its own.
  await editor.getByRole('button', { name: 'Add line' }).click();
  await editor.getByLabel('Line 2 description').fill('Print proofs');
  await expect(editor.getByLabel('Line 2 unit', { exact: true })).toHaveAttribute(
    'placeholder',
    'unit',
  );
  await editor.getByLabel('Line 2 unit', { exact: true }).fill('sheet');
  await editor.getByLabel('Line 2 unit price').fill('30');
  await expect(editor.getByLabel('Totals')).toContainText('$2,910.00');
  await editor.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved')).toBeVisible();
  await page.reload();
  await expect(editor.getByLabel('Line 1 description')).toHaveValue(
    'Logo design\nThree concepts, two rounds',
  );
  await expect(editor.getByLabel('Line 1 unit', { exact: true })).toHaveValue('item');
  await expect(editor.getByLabel('Line 2 unit', { exact: true })).toHaveValue('sheet');
  await expect(editor.getByLabel('Totals')).toContainText('$2,910.00');

  // At 375 px the line editor stays within the screen: quantity, unit and price side by side.
  const estimateUrl = page.url();
  const phone = await browser.newContext({
    viewport: { width: 375, height: 812 },
    colorScheme: 'dark',
    storageState: await page.context().storageState(),
  });
  const phonePage = await phone.newPage();
  await phonePage.goto(estimateUrl);
  const phoneEditor = phonePage.getByRole('form', { name: 'Edit draft estimate' });
  await expect(phoneEditor.getByLabel('Line 1 unit', { exact: true })).toHaveValue('item');
  const [quantityBox, unitBox, priceBox] = await Promise.all(
    ['Line 1 quantity', 'Line 1 unit', 'Line 1 unit price'].map((label) =>
      phoneEditor.getByLabel(label, { exact: true }).boundingBox(),
    ),
  );
  expect(unitBox!.y).toBe(quantityBox!.y);
  expect(priceBox!.y).toBe(quantityBox!.y);
  expect(priceBox!.x + priceBox!.width).toBeLessThanOrEqual(375);
  expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    375,
  );
  await phonePage.screenshot({
    path: testInfo.outputPath('estimate-lines-375-dark.png'),
    fullPage: true,
  });
  await phone.close();

  // Used now: deleting it is refused with the server's reason; archiving it works.
  await page.goto('/services');
  const used = table.getByRole('row').filter({ hasText: 'Logo design' });
  await expect(used).toContainText('1 document');
  await used.getByRole('button', { name: 'Actions for Logo design' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete service' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Failed to delete the service')).toBeVisible();
  await expect(
    page.getByText('This service is used on 1 document; archive it instead'),
  ).toBeVisible();
  await expect(page.getByText('Service deleted')).toHaveCount(0);
  // The confirmation stays open over the refusal; cancelled, the service is still listed.
  await page
    .getByRole('dialog', { name: 'Delete service' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(used).toBeVisible();
  await used.getByRole('button', { name: 'Actions for Logo design' }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await expect(page.getByText('Service archived')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Logo design' })).toHaveCount(0);
  await page.getByLabel('Archived', { exact: true }).click();
  await page.getByRole('option', { name: 'Archived', exact: true }).click();
  await expect(table.getByRole('row').filter({ hasText: 'Logo design' })).toContainText('Archived');

  // Looked at: /services at 375 px and at desktop width, in the dark theme.
  await page.getByLabel('Search services').fill('');
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
    await view.goto('/services');
    await expect(view.getByRole('table', { name: 'Services' })).toContainText('Hosting');
    const overflow = await view.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${viewport.width} px`).toBeLessThanOrEqual(0);
    await view.screenshot({ path: testInfo.outputPath(`services-dark-${viewport.width}.png`) });
    await context.close();
  }
});
