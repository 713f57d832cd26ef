import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { dragWithMouse, newUser, signUpWithWorkspace } from './fixtures.ts';

test.describe.configure({ timeout: 150_000 });
test.use({ actionTimeout: 20_000 });

/** Serious or critical WCAG 2.2 AA violations on the page, as the a11y suite counts them. */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Light, dark and 375 px: a screenshot of each, axe clean, and nothing scrolls sideways. */
async function looksRight(page: Page, name: string, outputPath: (file: string) => string) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: outputPath(`${name}-light.png`), fullPage: true });
  expect(await violations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: outputPath(`${name}-dark.png`), fullPage: true });
  expect(await violations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: outputPath(`${name}-dark-375.png`), fullPage: true });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}

async function addField(page: Page, type: string) {
  await page.getByRole('button', { name: 'Add field' }).click();
  await page.getByRole('menuitem', { name: type, exact: true }).click();
}

test('a form built, published and submitted on its public page makes a contact, a tagged deal and a listed submission', async ({
  page,
  browser,
}, testInfo) => {
  const out = (file: string) => testInfo.outputPath(file);
  await signUpWithWorkspace(page, newUser('forms'));

  await page.goto('/forms');
  await expect(page.getByRole('heading', { name: 'Forms', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New Form' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New form' });
  await dialog.getByLabel('Name').fill('Quote request');
  await dialog.getByRole('button', { name: 'Create form' }).click();
  await expect(page.getByText('Form created')).toBeVisible();
  await expect(page).toHaveURL(/\/forms\/\d+$/);
  const formId = Number(/\/forms\/(\d+)$/.exec(page.url())![1]);

  const fields = page.getByRole('list', { name: 'Fields' });
  const field = (n: number) => fields.getByRole('listitem').nth(n);

  await addField(page, 'Short text');
  await field(0).getByLabel('Label').fill('Full name');
  await expect(field(0).getByLabel('Key')).toHaveValue('full_name');
  await field(0).getByRole('combobox', { name: 'Fills' }).click();
  await page.getByRole('option', { name: 'Contact full name' }).click();

  await addField(page, 'Email');
  await field(1).getByRole('combobox', { name: 'Fills' }).click();
  await page.getByRole('option', { name: 'Contact email' }).click();
  await field(1).getByRole('switch', { name: 'Required' }).check();

  await addField(page, 'Single choice');
  await field(2).getByLabel('Label').fill('Budget');
  const options = field(2).getByRole('combobox', { name: 'Options' });
  await options.click();
  await page.keyboard.press('Backspace');
  await options.fill('Small');
  await page.keyboard.press('Enter');
  await options.fill('Large');
  await page.keyboard.press('Enter');

  await addField(page, 'Long text');
  await field(3).getByLabel('Label').fill('Message');

  // Message moves above Budget by its handle, then Full name one down by the keyboard's button.
  await dragWithMouse(
    page,
    fields.getByRole('button', { name: 'Reorder Message' }),
    fields.getByRole('button', { name: 'Reorder Budget' }),
  );
  await expect(field(2)).toHaveAccessibleName('Field 3: Message');
  await expect(field(3)).toHaveAccessibleName('Field 4: Budget');
  await fields.getByRole('button', { name: 'Move Full name down' }).click();
  await expect(field(0)).toHaveAccessibleName('Field 1: Email');
  await expect(field(1)).toHaveAccessibleName('Field 2: Full name');

  await page.getByRole('switch', { name: 'Open a deal for each submission' }).check();
  await page.getByRole('combobox', { name: 'Stage' }).click();
  await page.getByRole('option', { name: 'Contacted' }).click();
  await page.getByRole('textbox', { name: 'Value' }).fill('1500');
  const tags = page.getByRole('combobox', { name: 'Tags' });
  await tags.fill('Website');
  await page.keyboard.press('Enter');

  // A key used twice is refused by the server, on that field's Key input.
  await page.getByRole('switch', { name: 'Published' }).check();
  await field(1).getByLabel('Key').fill('email');
  await page.getByRole('button', { name: 'Save form' }).click();
  await expect(field(1).getByText('Field keys must be unique')).toBeVisible();
  await field(1).getByLabel('Key').fill('full_name');
  await page.getByRole('button', { name: 'Save form' }).click();
  await expect(page.getByText('Form saved')).toBeVisible();
  await expect(page.getByText('Published', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/forms-embed\.js/)).toBeVisible();
  // The toast has gone before the page is scanned (a fading one is half drawn).
  await expect(page.getByText('Form saved')).toBeHidden({ timeout: 10_000 });
  await looksRight(page, 'builder', out);

  const saved = await (await page.request.get(`/api/forms/${formId}`)).json();
  expect(saved.fields.map((f: { key: string }) => f.key)).toEqual([
    'email',
    'full_name',
    'message',
    'budget',
  ]);
  expect(saved.deal.tags).toEqual(['Website']);

  // A visitor on a phone, with no account: the public page, sent at once (the page itself
  // waits out the server's 3 s minimum fill time).
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const visit = await context.newPage();
  await visit.goto(`/f/${saved.publicSlug}`);
  await expect(visit.getByRole('heading', { name: 'Quote request' })).toBeVisible();
  await visit.getByLabel('Email').fill('ada@lovelace.example.com');
  await visit.getByLabel('Full name').fill('Ada Lovelace');
  await visit.getByLabel('Message').fill('A quote for an engine, please');
  await visit.getByLabel('Budget').selectOption('Large');
  await visit.screenshot({ path: out('public-375.png'), fullPage: true });
  await visit.getByRole('button', { name: 'Send' }).click();
  await expect(visit.getByRole('status')).toBeVisible({ timeout: 15_000 });
  await context.close();

  await page.getByRole('tab', { name: /Submissions/ }).click();
  const table = page.getByRole('table', { name: 'Submissions' });
  const row = table.getByRole('row').filter({ hasText: 'Ada Lovelace' });
  await expect(row).toContainText('A quote for an engine, please');
  await looksRight(page, 'submissions', out);
  await row.getByRole('button').first().click();
  const drawer = page.getByRole('dialog', { name: 'Quote request submission' });
  await expect(drawer).toContainText(`/f/${saved.publicSlug}`);
  await expect(drawer).toContainText('Large');
  await page.keyboard.press('Escape');

  await page.goto('/forms');
  const list = page.getByRole('table', { name: 'Forms' });
  await expect(list.getByRole('row').filter({ hasText: 'Quote request' })).toContainText('1');
  await looksRight(page, 'list', out);

  await page.goto('/contacts');
  await expect(page.getByText('Ada Lovelace')).toBeVisible();
  // The deal, on the board with its tag, and in its dialog.
  await page.goto('/opportunities');
  const card = page.getByText('Quote request: Ada Lovelace');
  await expect(card).toBeVisible();
  await expect(
    page.getByRole('button').filter({ hasText: 'Quote request: Ada Lovelace' }),
  ).toContainText('Website');
  await page.setViewportSize({ width: 1440, height: 900 });
  await looksRight(page, 'board', out);
  await card.click();
  const deal = page.getByRole('dialog', { name: 'Edit Opportunity' });
  await expect(deal.getByRole('combobox', { name: 'Tags' })).toBeVisible();
  await expect(deal).toContainText('Website');
  await looksRight(page, 'deal', out);
  await page.keyboard.press('Escape');

  // The contact's details list the submission.
  await page.goto('/contacts');
  await page.getByText('Ada Lovelace').first().click();
  const contact = page.getByRole('dialog').filter({ hasText: 'Contact Details' });
  const submissions = contact.getByRole('list', { name: 'Form submissions' });
  await expect(submissions).toContainText('Quote request');
  await submissions.getByRole('button', { name: 'Quote request' }).click();
  await expect(page.getByRole('dialog', { name: 'Quote request submission' })).toContainText(
    'A quote for an engine, please',
  );
});
