import { expect, test, type Locator, type Page } from '@playwright/test';
import { dragWithMouse, pickUpWithKeyboard, newUser, signUpWithWorkspace } from './fixtures.ts';

/** A board column, found by its status label. */
function column(page: Page, label: string): Locator {
  return page.getByRole('region', { name: label, exact: true });
}

function card(scope: Page | Locator, title: string): Locator {
  return scope.getByRole('button', { name: new RegExp(`^${title}`) });
}

async function addTask(page: Page, title: string, estimate?: string) {
  await page.getByRole('button', { name: 'Add Task' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Task' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('combobox', { name: 'Project', exact: true }).click();
  await page.getByRole('option', { name: /Harbour Website/ }).click();
  if (estimate) await dialog.getByLabel('Estimate (hours)').fill(estimate);
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(dialog).toBeHidden();
}

test.describe.configure({ timeout: 60_000 });

test('tasks are created on the board, dragged to Done, and found in the list filtered by status', async ({
  page,
}) => {
  await signUpWithWorkspace(page, newUser('tasks'));
  const project = await page.request.post('/api/projects', { data: { name: 'Harbour Website' } });
  expect(project.status()).toBe(201);

  await page.goto('/tasks');
  await expect(page.getByRole('heading', { name: 'Tasks', level: 2 })).toBeVisible();
  for (const label of ['To Do', 'In Progress', 'Done'])
    await expect(column(page, label)).toBeVisible();

  // The form says what is missing before anything is sent.
  await page.getByRole('button', { name: 'Add Task' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Task' });
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(dialog.getByText('Project is required')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await addTask(page, 'Write the home page copy', '4');
  await addTask(page, 'Build the contact form');
  const todo = column(page, 'To Do');
  await expect(card(todo, 'Write the home page copy')).toBeVisible();
  await expect(card(todo, 'Write the home page copy')).toContainText('0 / 4 h');
  await expect(card(todo, 'Build the contact form')).toBeVisible();

  // Up and down move a picked-up card within its column.
  await expect(todo.getByRole('button').first()).toHaveAccessibleName(/^Write the home page copy/);
  await pickUpWithKeyboard(page, card(todo, 'Build the contact form'));
  await page.keyboard.press('ArrowUp');
  await expect(card(todo, 'Write the home page copy')).toHaveAttribute('data-drop-before');
  await page.keyboard.press('Space');
  await expect(todo.getByRole('button').first()).toHaveAccessibleName(/^Build the contact form/);

  // Dragged with the mouse into Done.
  await dragWithMouse(page, card(todo, 'Write the home page copy'), column(page, 'Done'), {
    maxDepth: 120,
  });
  await expect(card(column(page, 'Done'), 'Write the home page copy')).toBeVisible();
  await expect(card(todo, 'Write the home page copy')).toHaveCount(0);

  // Space picks a card up, the right arrow carries it one column on, Space drops it.
  await pickUpWithKeyboard(page, card(todo, 'Build the contact form'));
  await page.keyboard.press('ArrowRight');
  await expect(column(page, 'In Progress')).toHaveAttribute('data-over');
  await page.keyboard.press('Space');
  await expect(card(column(page, 'In Progress'), 'Build the contact form')).toBeVisible();

  // The moves were saved.
  await page.reload();
  await expect(card(column(page, 'Done'), 'Write the home page copy')).toBeVisible();
  await expect(card(column(page, 'In Progress'), 'Build the contact form')).toBeVisible();

  // The list, filtered by status, and the view is remembered.
  await page.getByRole('radiogroup', { name: 'View' }).getByText('List', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'List' })).toBeChecked();
  const list = page.getByRole('table', { name: 'Tasks' });
  await expect(list.getByRole('row', { name: 'Write the home page copy' })).toBeVisible();
  await expect(list.getByRole('row', { name: 'Build the contact form' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'Done', exact: true }).click();
  await expect(list.getByRole('row', { name: 'Build the contact form' })).toHaveCount(0);
  const done = list.getByRole('row', { name: 'Write the home page copy' });
  await expect(done).toBeVisible();
  await expect(done).toContainText('Done');
  await page.reload();
  await expect(page.getByRole('radio', { name: 'List' })).toBeChecked();
  await expect(page.getByRole('table', { name: 'Tasks' })).toBeVisible();
});
