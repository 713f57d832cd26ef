/**
 * Big workspaces stay light in the browser (issue 10, SPEC §7): what is drawn does not
 * grow with what is stored. Structural checks only (rows and cards in the DOM); the
 * timings are `bench/client.ts`'s business, never a test's.
 */
import { expect, test, type Page } from '@playwright/test';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

/** SPEC §7: at most this many table rows in the DOM, whatever the number of contacts. */
const MAX_ROWS_IN_DOM = 100;
const CONTACTS = 2_000;
/** The import endpoint's batch (IMPORT_BATCH_SIZE). */
const IMPORT_BATCH = 500;
const DEALS = 200;

/** Scrolls the page and every scrollable element to the end, the way a reader goes on. */
async function scrollToEnd(page: Page): Promise<void> {
  await page.mouse.move(700, 500);
  for (let step = 0; step < 8; step++) await page.mouse.wheel(0, 2_000);
  await page.evaluate(() => {
    for (const element of [document.scrollingElement, ...document.querySelectorAll('*')]) {
      if (element && element.scrollHeight > element.clientHeight) {
        element.scrollTop = element.scrollHeight;
      }
    }
  });
}

test('2,000 contacts: the table never holds more than 100 rows, on any page', async ({ page }) => {
  test.slow();
  const user = newUser('scale');
  await signUpWithWorkspace(page, user);
  for (let first = 0; first < CONTACTS; first += IMPORT_BATCH) {
    const rows = Array.from({ length: IMPORT_BATCH }, (_, i) => ({
      fullName: `Scale Person ${String(first + i + 1).padStart(4, '0')}`,
      email: `scale.${first + i + 1}@example.com`,
      organization: `Scale Org ${(first + i) % 40}`,
    }));
    const response = await page.request.post('/api/contacts/import', {
      data: { rows, firstRowNumber: first + 2 },
    });
    expect(response.status()).toBe(200);
    expect((await response.json()).created).toBe(IMPORT_BATCH);
  }

  await page.goto('/contacts');
  await expect(page.getByText('of 2,000 contacts')).toBeVisible();
  const rows = page.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  await scrollToEnd(page);
  expect(await rows.count()).toBeGreaterThan(0);
  expect(await rows.count()).toBeLessThanOrEqual(MAX_ROWS_IN_DOM);

  // The last page, reached through the pager, is no heavier.
  await page.getByRole('button', { name: String(CONTACTS / 50), exact: true }).click();
  await expect(page.getByText('of 2,000 contacts')).toBeVisible();
  await expect(page.getByText('Scale Person', { exact: false }).first()).toBeVisible();
  await scrollToEnd(page);
  expect(await rows.count()).toBeLessThanOrEqual(MAX_ROWS_IN_DOM);
  expect(await page.locator('tr').count()).toBeLessThanOrEqual(MAX_ROWS_IN_DOM + 1);

  // A search narrows the rows to the one match.
  await page.getByLabel('Search contacts').fill('scale.1999@example.com');
  await expect(page.getByText('Showing 1–1 of 1 contact')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Scale Person 1999');
});

test('the inline assignee stays a working combobox for the mouse and the keyboard', async ({
  page,
}) => {
  const user = newUser('assignee');
  await signUpWithWorkspace(page, user);
  const response = await page.request.post('/api/contacts/import', {
    data: {
      rows: [
        { fullName: 'Keyboard Person', email: 'keyboard.person@example.com' },
        { fullName: 'Mouse Person', email: 'mouse.person@example.com' },
      ],
    },
  });
  expect(response.status()).toBe(200);
  await page.goto('/contacts');

  // Every row shows its assignee before anyone touches it.
  const keyboard = page.getByRole('combobox', { name: 'Assigned to for Keyboard Person' });
  const mouse = page.getByRole('combobox', { name: 'Assigned to for Mouse Person' });
  await expect(keyboard).toHaveValue('Unassigned');
  await expect(mouse).toHaveValue('Unassigned');

  // Reached by keyboard, it keeps the focus and opens with the arrow key.
  await page.getByRole('button', { name: 'Copy email keyboard.person@example.com' }).focus();
  await page.keyboard.press('Tab');
  await expect(keyboard).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: user.fullName })).toBeVisible();
  await page.keyboard.press('Escape');

  // With the mouse: choose the only member, and the choice survives a reload.
  await mouse.click();
  await page.getByRole('option', { name: user.fullName }).click();
  await expect(page.getByText('Contact assignment updated')).toBeVisible();
  await expect(mouse).toHaveValue(user.fullName);
  await page.reload();
  await expect(mouse).toHaveValue(user.fullName);
});

test('200 deals in one stage: the board draws a window of cards, not all of them', async ({
  page,
}) => {
  test.slow();
  const user = newUser('board');
  await signUpWithWorkspace(page, user);
  const person = await page.request.post('/api/persons', { data: { fullName: 'Scale Contact' } });
  expect(person.status()).toBe(201);
  const { id: personId } = (await person.json()) as { id: number };
  const create = (n: number) =>
    page.request.post('/api/leads', {
      data: { dealName: `Scale deal ${n}`, personId, stage: 'new', value: 1000 },
    });
  // Deal 1 first and alone: the oldest, so the last card of the column (newest first).
  expect((await create(1)).status()).toBe(201);
  // The rest ten at a time: quick, without flooding the embedded database.
  for (let first = 2; first <= DEALS; first += 10) {
    const batch = Array.from({ length: Math.min(10, DEALS - first + 1) }, (_, i) => first + i);
    for (const response of await Promise.all(batch.map(create))) {
      expect(response.status()).toBe(201);
    }
  }

  await page.goto('/opportunities');
  const column = page.locator('section[data-stage="new"]');
  await expect(column.getByText(String(DEALS), { exact: true })).toBeVisible();
  const cards = column.locator('[aria-roledescription="draggable"]');
  await expect(cards.first()).toBeVisible();
  await scrollToEnd(page);
  // The column's end is reachable: the oldest deal is drawn once scrolled to.
  await expect(column.getByText('Scale deal 1', { exact: true })).toBeVisible();
  const drawn = await cards.count();
  expect(drawn).toBeGreaterThan(0);
  expect(drawn).toBeLessThan(DEALS / 4);
});
