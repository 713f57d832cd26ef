import { expect, test } from '@playwright/test';
import { expectDashboard, newUser, signIn, signOut, signUpThroughUi } from './fixtures.ts';

test('a visitor signs up, names the workspace and lands on its dashboard', async ({ page }) => {
  const user = newUser('signup');
  await signUpThroughUi(page, user);
  await expect(page.getByText('Owner', { exact: true })).toBeVisible();
});

test('step 2 goes back to step 1 with the details kept', async ({ page }) => {
  const user = newUser('back');
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('Please enter your full name')).toBeVisible();
  await expect(page.getByText('Please enter a valid work email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();

  await page.getByLabel('Full name').fill(user.fullName);
  await page.getByLabel('Work email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Work email')).toHaveValue(user.email);
  await expect(page.getByLabel('Full name')).toHaveValue(user.fullName);
});

test('signing out shows the login screen', async ({ page }) => {
  await signUpThroughUi(page, newUser('signout'));
  await signOut(page);
  await expect(page.getByLabel('Work email')).toBeVisible();
  // Signed out, the app's pages show the login screen.
  await page.goto('/account');
  await expect(page.getByRole('button', { name: 'Sign In to Continue' })).toBeVisible();
});

test('a wrong password is refused and a good one signs in', async ({ page }) => {
  const user = newUser('login');
  await signUpThroughUi(page, user);
  // The first session is a welcome, not a return (issue 38, item 6).
  await expect(page.getByText('Welcome, Ada', { exact: true })).toBeVisible();
  await signOut(page);

  await signIn(page, user.email, 'not-the-password');
  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In to Continue' })).toBeVisible();

  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In to Continue' }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expectDashboard(page, user.workspace);
  await expect(page.getByText('Welcome back, Ada', { exact: true })).toBeVisible();
});

test('the login form validates before calling the server', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In to Continue' }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Password').fill('peekaboo');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByLabel('Password')).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');
});

test('sign-up failures are explained and can be corrected', async ({ page }) => {
  const first = newUser('first');
  await signUpThroughUi(page, first);
  await signOut(page);

  // The email is taken: the account step comes back with the details kept.
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Someone Else');
  await page.getByLabel('Work email').fill(first.email);
  await page.getByLabel('Password').fill('another-pass');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByLabel('Workspace name').fill(`Other ${first.workspace}`);
  await page.getByRole('button', { name: 'Create Workspace' }).click();
  await expect(page.getByText('Setup failed')).toBeVisible();
  await expect(
    page.getByText('An account with this email already exists. Please sign in instead.'),
  ).toBeVisible();
  await expect(page.getByLabel('Work email')).toHaveValue(first.email);

  // A new email, but the workspace URL is taken: only the workspace is retried.
  const second = newUser('second');
  await page.getByLabel('Work email').fill(second.email);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByLabel('Workspace name').fill(first.workspace);
  await page.getByRole('button', { name: 'Create Workspace' }).click();
  await expect(page.getByText('Creation failed')).toBeVisible();
  await expect(page.getByText('A workspace with this URL already exists')).toBeVisible();
  await page.getByLabel('Workspace name').fill(second.workspace);
  await page.getByRole('button', { name: 'Create Workspace' }).click();
  await expectDashboard(page, second.workspace);
});
