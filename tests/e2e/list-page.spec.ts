import { expect, test, type Page } from '@playwright/test';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

/**
 * What every list page does the same way (the list kit's ListPage): numbered pages under a
 * total the server counted, and the step back from a last page emptied by a deletion.
 */

async function created<T>(page: Page, url: string, data: object): Promise<T> {
  const res = await page.request.post(url, { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}

/** The day `n` days after 1 Mar 2026, as the API takes it. */
const day = (n: number) => new Date(Date.UTC(2026, 2, 1 + n)).toISOString().slice(0, 10);

/** Deletes through the row's menu and the kit's confirmation. */
async function deleteThrough(page: Page, actions: string, dialog: string) {
  await page.getByRole('button', { name: actions }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: dialog }).getByRole('button', { name: 'Delete' }).click();
}

test('a card grid pages under its total, and deleting the last card of the last page steps back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpWithWorkspace(page, newUser('cards'));
  // 25 projects: one more than a page of cards.
  for (let i = 0; i < 25; i++) {
    await created(page, '/api/projects', { name: `Project ${String(i).padStart(2, '0')}` });
  }

  await page.goto('/projects');
  await expect(page.getByText('Showing 1–24 of 25 projects')).toBeVisible();
  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect(page.getByText('Showing 25–25 of 25 projects')).toBeVisible();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  // Newest first: the first project made is alone on page 2.
  await expect(page.getByRole('article')).toHaveCount(1);
  await deleteThrough(page, 'Actions for Project 00', 'Delete Project');

  await expect(page.getByText('Showing 1–24 of 24 projects')).toBeVisible();
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(page.getByRole('article')).toHaveCount(24);
});

test('deleting the last expense of the last page shows the page before, not an empty page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpWithWorkspace(page, newUser('expense-pages'));
  // 26 expenses, a day apart: one more than a page of 25.
  for (let i = 0; i < 26; i++) {
    await created(page, '/api/expenses', {
      date: day(i),
      amount: '10',
      vendor: `Vendor ${String(i).padStart(2, '0')}`,
    });
  }

  await page.goto('/expenses?page=2');
  await expect(page.getByText('Showing 26–26 of 26 expenses')).toBeVisible();
  await deleteThrough(page, 'Actions for Vendor 00 of Mar 01, 2026', 'Delete expense');
  await expect(page.getByText('Expense deleted')).toBeVisible();

  await expect(page.getByText('Showing 1–25 of 25 expenses')).toBeVisible();
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(page.getByText('No expenses yet')).toBeHidden();
  await expect(
    page.getByRole('table', { name: 'Expenses' }).getByRole('row', { name: /Vendor 25/ }),
  ).toBeVisible();
});

test('deleting the last entry of the time log’s last page shows the page before', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpWithWorkspace(page, newUser('time-pages'));
  const project = await created<{ id: number }>(page, '/api/projects', { name: 'Website' });
  for (let i = 0; i < 26; i++) {
    await created(page, '/api/time-entries', {
      projectId: project.id,
      hours: 1,
      date: day(i),
      description: `Entry ${String(i).padStart(2, '0')}`,
    });
  }

  await page.goto('/time-tracking');
  const log = page.getByRole('region', { name: 'Time Log' });
  await expect(log.getByText('Showing 1–25 of 26 entries')).toBeVisible();
  await log.getByRole('button', { name: '2', exact: true }).click();
  await expect(log.getByText('Showing 26–26 of 26 entries')).toBeVisible();
  await deleteThrough(page, 'Actions for Entry 00', 'Delete Time Entry');

  await expect(log.getByText('Showing 1–25 of 25 entries')).toBeVisible();
  await expect(log.getByText('No time logged yet')).toBeHidden();
  await expect(log.getByText('Entry 25', { exact: true })).toBeVisible();
});
