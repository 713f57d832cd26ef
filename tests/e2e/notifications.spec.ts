import { expect, test } from '@playwright/test';
import { joinByInvitation, newUser, signUpWithWorkspace } from './fixtures.ts';

/*
 * Issue 23, item 4: a teammate assigns a task to the owner; the owner's bell shows it
 * unread, the dropdown lists it under Mentions, a click opens the task and marks it read,
 * and "Mark all as read" clears the rest.
 */

test('a task assigned by a teammate shows on the bell, opens the task and is marked read', async ({
  page,
  browser,
}) => {
  test.slow();
  const owner = newUser('owner');
  const mate = newUser('mate');
  await signUpWithWorkspace(page, owner);
  const client = await page.request.post('/api/clients', {
    data: { name: 'Acme', email: 'ap@acme.example.com' },
  });
  expect(client.status()).toBe(201);
  const project = await page.request.post('/api/projects', {
    data: {
      name: 'Website',
      clientId: ((await client.json()) as { id: number }).id,
      budgetType: 'time',
      budgetLimit: 100,
      hourlyRate: 100,
    },
  });
  expect(project.status()).toBe(201);
  const projectId = ((await project.json()) as { id: number }).id;
  const ownerId = ((await (await page.request.get('/api/auth/me')).json()) as { id: number }).id;

  // The teammate joins (the owner hears of it) and assigns a task to the owner.
  const matePage = await joinByInvitation(page, browser, mate, 'project_manager');
  const task = await matePage.request.post('/api/tasks', {
    data: { title: 'Review the homepage copy', projectId, assigneeId: ownerId },
  });
  expect(task.status()).toBe(201);

  await page.goto('/');
  const bell = page.getByRole('button', { name: 'Notifications, 2 unread' });
  await expect(bell).toBeVisible();
  await expect(bell).toHaveAttribute('aria-expanded', 'false');
  await bell.click();
  await expect(page.getByText(`${mate.fullName} accepted your invitation`)).toBeVisible();
  // The button says its list is open, and no tooltip covers the list meanwhile.
  await expect(bell).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.getByText('Mentions', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Mentions' })).toBeChecked();
  await expect(page.getByText(`${mate.fullName} accepted your invitation`)).toBeHidden();
  await page
    .getByRole('button', { name: 'Unread: Task assigned to you: Review the homepage copy' })
    .click();

  // The task opens in its dialog; the bell counts one fewer.
  await expect(page).toHaveURL(/\/tasks$/);
  const dialog = page.getByRole('dialog', { name: 'Edit Task' });
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue(
    'Review the homepage copy',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();

  // Mark all as read: the badge is gone, the items stay, read.
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  // Read now: its name (its title, text and time) no longer starts with "Unread:".
  await expect(
    page.getByRole('button', { name: new RegExp(`^${mate.fullName} accepted your invitation`) }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
});
