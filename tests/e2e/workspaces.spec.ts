import { expect, test } from '@playwright/test';
import { expectDashboard, newUser, signIn, signOut, signUpThroughUi } from './fixtures.ts';

const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('a user with two workspaces chooses one after signing in and can switch', async ({ page }) => {
  const user = newUser('two');
  const second = `Second ${user.workspace}`;
  await signUpThroughUi(page, user);
  const created = await page.request.post('/api/workspaces', { data: { name: second } });
  expect(created.status()).toBe(201);
  await signOut(page);

  await signIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Select Workspace' })).toBeVisible();
  await expect(page).toHaveURL(/\/workspace-selector$/);
  await page.getByRole('button', { name: new RegExp(`^${user.workspace}`) }).click();
  await expectDashboard(page, user.workspace);

  // The rail's switcher changes workspace in place (the page reloads)…
  await page.getByRole('button', { name: 'Workspace menu' }).click();
  await page.getByRole('menuitem').filter({ hasText: second }).click();
  await expectDashboard(page, second);

  // …and All Workspaces leads back to the selector.
  await page.getByRole('button', { name: 'Workspace menu' }).click();
  await page.getByRole('menuitem', { name: 'All Workspaces' }).click();
  await expect(page.getByRole('heading', { name: 'Select Workspace' })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^${user.workspace}`) }).click();
  await expectDashboard(page, user.workspace);
});

test('the selector creates a new workspace in a dialog', async ({ page }) => {
  const user = newUser('dialog');
  const third = `Dialog ${user.workspace}`;
  await signUpThroughUi(page, user);
  await page.goto('/workspace-selector');
  await page.getByRole('button', { name: 'Create New Workspace' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Workspace' });
  await dialog.getByRole('button', { name: 'Create Workspace' }).click();
  await expect(dialog.getByText('Workspace name is required')).toBeVisible();
  await dialog.getByLabel('Workspace name').fill(third);
  await dialog.getByRole('button', { name: 'Create Workspace' }).click();
  await expect(page.getByText('Workspace created successfully!')).toBeVisible();
  await expectDashboard(page, third);
});

test('a signed-in user without a workspace is sent to create one', async ({ page }) => {
  const user = newUser('onboarding');
  const signup = await page.request.post('/api/auth/signup', {
    data: { fullName: user.fullName, email: user.email, password: user.password },
  });
  expect(signup.status()).toBe(201);

  await page.goto('/');
  await expect(page).toHaveURL(/\/onboarding\/workspace$/);
  await expect(page.getByRole('heading', { name: 'Create Your Workspace' })).toBeVisible();
  await expect(page.getByText('PNG, JPG, or WebP up to 5MB')).toBeVisible();
  await page.getByRole('button', { name: 'Create Workspace' }).click();
  await expect(page.getByText('Workspace name is required')).toBeVisible();

  const logoInput = page.locator('input[type="file"]');
  await logoInput.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expect(page.getByText('File too large')).toBeVisible();
  await expect(page.getByText('Please choose an image smaller than 5MB.')).toBeVisible();

  await logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  await expect(page.getByText('logo.png')).toBeVisible();
  await page.getByLabel('Workspace name').fill(user.workspace);
  await page.getByRole('button', { name: 'Create Workspace' }).click();
  await expectDashboard(page, user.workspace);
  // The uploaded logo is the workspace's picture on the dashboard.
  await expect(page.getByRole('main').locator('img[src^="/api/files/"]')).toBeVisible();
});

test('an unknown path in the app shows the not-found page', async ({ page }) => {
  await signUpThroughUi(page, newUser('notfound'));
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
});
