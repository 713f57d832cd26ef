import { expect, test, type Locator, type Page } from '@playwright/test';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

const PROJECT = 'Atlas Rebrand';

/** Opens a Mantine Select by its label and picks the option whose name matches. */
async function choose(page: Page, scope: Locator, label: string, option: RegExp | string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

/** Types a day into a date field (ISO is understood in every date format) and leaves it. */
async function typeDay(field: Locator, day: string) {
  await field.fill(day);
  await field.blur();
}

async function addCard(
  page: Page,
  member: string,
  billable: string,
  cost: string,
  from: string,
): Promise<void> {
  await page.getByRole('button', { name: 'Add Rate Card' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Rate Card' });
  await choose(page, dialog, 'Member', member);
  await dialog.getByLabel('Billable rate').fill(billable);
  await dialog.getByLabel('Cost rate').fill(cost);
  await typeDay(dialog.getByLabel('Effective from'), from);
  await dialog.getByRole('button', { name: 'Add Rate Card' }).click();
  await expect(page.getByText('Rate card added').last()).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('a member rate card prices logged time, and re-pricing applies a newer card', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const user = newUser('rates');
  await signUpWithWorkspace(page, user);
  const project = await page.request.post('/api/projects', {
    data: { name: PROJECT, hourlyRate: 100 },
  });
  expect(project.status()).toBe(201);

  // No card yet; a card without a member or project is refused by the form.
  await page.goto('/rate-cards');
  await expect(page.getByText('No rate cards yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add Rate Card' }).first().click();
  const empty = page.getByRole('dialog', { name: 'Add Rate Card' });
  await empty.getByLabel('Billable rate').fill('150');
  await empty.getByRole('button', { name: 'Add Rate Card' }).click();
  await expect(empty.getByText('Choose a member, a project, or both')).toBeVisible();
  await empty.getByRole('button', { name: 'Cancel' }).click();
  await expect(empty).toBeHidden();

  // The member's own rate on every project, from January.
  await addCard(page, user.fullName, '150', '60', '2026-01-01');
  const table = page.getByRole('table', { name: 'Rate cards' });
  const first = table.getByRole('row').filter({ hasText: '$150.00' });
  await expect(first).toContainText(user.fullName);
  await expect(first).toContainText('All projects');
  await expect(first).toContainText('$60.00');

  // Time logged in March takes the card's rate, not the project's $100.
  await page.goto('/time-tracking');
  await page.getByRole('button', { name: 'Log Time', exact: true }).click();
  const log = page.getByRole('dialog', { name: 'Log Time' });
  await choose(page, log, 'Project', new RegExp(PROJECT));
  await log.getByLabel('Hours').fill('2');
  await typeDay(log.getByLabel('Date'), '2026-03-10');
  await log.getByLabel('Description').fill('Design review');
  await log.getByRole('button', { name: 'Log Time' }).click();
  await expect(page.getByText('Time entry added').last()).toBeVisible();
  await expect(log).toBeHidden();
  const entry = page.getByTestId('time-entry').filter({ hasText: 'Design review' }).first();
  await expect(entry).toContainText('2.00 hours');
  await expect(entry).toContainText('$300.00');

  // A newer card from March leaves the logged entry as it was.
  await page.goto('/rate-cards');
  await addCard(page, user.fullName, '175', '70', '2026-03-01');
  await expect(table.getByRole('row').filter({ hasText: '$175.00' })).toContainText('$70.00');
  await page.goto('/time-tracking');
  await expect(entry).toContainText('$300.00');

  // Re-price unbilled time from March: the preview, then the confirmation.
  await page.goto('/rate-cards');
  await page.getByRole('button', { name: 'Re-price unbilled time' }).click();
  const reprice = page.getByRole('dialog', { name: 'Re-price unbilled time' });
  await typeDay(reprice.getByLabel('From'), '2026-03-01');
  await reprice.getByRole('button', { name: 'Preview' }).click();
  await expect(reprice.getByText('$300.00 → $350.00')).toBeVisible();
  await expect(reprice.getByText('$120.00 → $140.00')).toBeVisible();
  const sample = reprice.getByRole('table', { name: 'Entries to re-price' });
  await expect(sample.getByRole('row')).toHaveCount(2);
  await expect(sample).toContainText('$150.00 → $175.00');
  await reprice.getByRole('button', { name: 'Re-price 1 entry' }).click();
  await expect(page.getByText('Re-priced 1 time entry')).toBeVisible();
  await expect(reprice).toBeHidden();

  await page.goto('/time-tracking');
  await expect(entry).toContainText('$350.00');

  // Nothing is left to re-price from March.
  await page.goto('/rate-cards');
  await page.getByRole('button', { name: 'Re-price unbilled time' }).click();
  await typeDay(reprice.getByLabel('From'), '2026-03-01');
  await reprice.getByRole('button', { name: 'Preview' }).click();
  await expect(reprice.getByText(/Nothing to re-price/)).toBeVisible();
  await reprice.getByRole('button', { name: 'Cancel' }).click();

  // Editing the January card changes the card only.
  await page
    .getByRole('button', {
      name: new RegExp(`^Actions for ${user.fullName} on All projects from Jan`),
    })
    .click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Rate Card' });
  await expect(edit.getByLabel('Billable rate')).toHaveValue('$150');
  await edit.getByLabel('Cost rate').fill('65');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Rate card updated')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: '$150.00' })).toContainText('$65.00');

  // Deleting a card asks first; the entry keeps its rate.
  await page
    .getByRole('button', {
      name: new RegExp(`^Actions for ${user.fullName} on All projects from Mar`),
    })
    .click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete rate card' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Rate card deleted')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
});
