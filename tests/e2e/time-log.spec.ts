import { expect, test, type Locator, type Page } from '@playwright/test';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

/** Opens a Mantine Select by its label and picks the option whose name matches. */
async function choose(page: Page, scope: Locator, label: string, option: RegExp | string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

async function created<T>(page: Page, url: string, data: object): Promise<T> {
  const res = await page.request.post(url, { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}

test('the full time log: a timer on a task stopped from the top bar, filters with totals, an entry edited in place', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpWithWorkspace(page, newUser('timelog'));

  // Two projects at different rates, a task on the first, and some time by hand.
  const client = await created<{ id: number }>(page, '/api/clients', {
    name: 'Initech',
    email: 'ap@initech.example.com',
  });
  const website = await created<{ id: number }>(page, '/api/projects', {
    name: 'Website',
    clientId: client.id,
    hourlyRate: 100,
  });
  const app = await created<{ id: number }>(page, '/api/projects', {
    name: 'Mobile App',
    hourlyRate: 80,
  });
  await created(page, '/api/tasks', { projectId: website.id, title: 'Homepage design' });
  await created(page, '/api/time-entries', {
    projectId: website.id,
    hours: 2,
    date: '2026-10-05',
    description: 'Kick-off',
  });
  await created(page, '/api/time-entries', {
    projectId: app.id,
    hours: 1.5,
    date: '2026-10-06',
    description: 'App review',
  });

  // The timer on the task, with a description, from the time page.
  await page.goto('/time-tracking');
  const timerCard = page.getByRole('region', { name: 'Active Timer' });
  await choose(page, timerCard, 'Project', /Website/);
  await choose(page, timerCard, 'Task', 'Homepage design');
  await timerCard.getByLabel('Description').fill('Hero section');
  await timerCard.getByRole('button', { name: 'Start' }).click();
  await expect(timerCard.getByText('Running')).toBeVisible();

  // Another page: the top bar shows the timer, ticking, and stops it.
  await page.goto('/contacts');
  const running = page.getByRole('group', { name: 'Running timer' });
  await expect(running).toContainText('Website · Homepage design');
  await expect(running.getByRole('timer')).toHaveText(/^00:00:0[1-9]$/, { timeout: 10_000 });
  await running.getByRole('button', { name: 'Stop timer' }).click();
  await expect(page.getByText('Time entry added')).toBeVisible();
  await expect(running).toBeHidden();

  // The entry is in the log, on its task, with its description.
  await page.goto('/time-tracking');
  const log = page.getByRole('region', { name: 'Time Log' });
  const timed = log.getByTestId('time-entry').filter({ hasText: 'Hero section' });
  await expect(timed).toContainText('Website · Homepage design');
  await expect(page.getByRole('group', { name: 'Running timer' })).toBeHidden();

  // Totals follow the filter: everything, then one project, then one month.
  const totals = log.getByRole('status', { name: 'Totals for the filter' });
  await expect(log.getByTestId('time-entry')).toHaveCount(3);
  await expect(totals.getByTestId('total-amount')).toContainText(/\$3\d\d\.\d\d/);
  await choose(page, log, 'Project', /Mobile App/);
  await expect(log.getByTestId('time-entry')).toHaveCount(1);
  await expect(totals.getByTestId('total-hours')).toHaveText('1.50 hours');
  await expect(totals.getByTestId('total-amount')).toHaveText('$120.00');
  await log.getByRole('button', { name: 'Clear filters' }).click();
  await log.getByRole('textbox', { name: 'From', exact: true }).fill('2026-10-01');
  await log.getByRole('textbox', { name: 'To', exact: true }).fill('2026-10-05');
  await log.getByRole('textbox', { name: 'To', exact: true }).press('Tab');
  await expect(log.getByTestId('time-entry')).toHaveCount(1);
  await expect(totals.getByTestId('total-hours')).toHaveText('2.00 hours');
  await expect(totals.getByTestId('total-amount')).toHaveText('$200.00');
  await log.getByText('Billed', { exact: true }).click();
  await expect(log.getByText('No time matches these filters')).toBeVisible();
  await expect(totals.getByTestId('total-hours')).toHaveText('0 min');
  await log.getByRole('button', { name: 'Clear filters' }).click();
  await expect(log.getByTestId('time-entry')).toHaveCount(3);

  // Edited in place: hours and description change, and the totals with them.
  await log.getByRole('button', { name: 'Actions for Kick-off' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const editor = log.getByRole('form', { name: 'Edit Kick-off' });
  await editor.getByLabel('Description').fill('Kick-off meeting');
  await editor.getByLabel('Hours').fill('3');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Time entry updated')).toBeVisible();
  await expect(editor).toBeHidden();
  const edited = log.getByTestId('time-entry').filter({ hasText: 'Kick-off meeting' });
  await expect(edited).toContainText('3.00 hours');
  await expect(edited).toContainText('$300.00');
  await choose(page, log, 'Project', /Website/);
  await log.getByRole('textbox', { name: 'To', exact: true }).fill('2026-10-31');
  await log.getByRole('textbox', { name: 'To', exact: true }).press('Tab');
  await expect(totals.getByTestId('total-hours')).toHaveText('3.00 hours');

  // Escape leaves an entry unchanged.
  await log.getByRole('button', { name: 'Actions for Kick-off meeting' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const again = log.getByRole('form', { name: 'Edit Kick-off meeting' });
  await again.getByLabel('Description').fill('Not saved');
  await again.getByLabel('Description').press('Escape');
  await expect(again).toBeHidden();
  await expect(log.getByTestId('time-entry').filter({ hasText: 'Kick-off meeting' })).toHaveCount(
    1,
  );

  // Deleted after confirming.
  await log.getByRole('button', { name: 'Actions for Kick-off meeting' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Time Entry' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Time entry deleted')).toBeVisible();
  await expect(log.getByText('No time matches these filters')).toBeVisible();
});
