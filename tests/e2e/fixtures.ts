import { readFileSync, writeFileSync } from 'node:fs';
import { tz } from '@date-fns/tz';
import { expect, type Browser, type Page } from '@playwright/test';
import { format } from 'date-fns';
import { DEFAULT_DISPLAY } from '../../src/shared/datetime.ts';

let counter = 0;

/** A user nobody else in this run has: every test makes its own. */
export function newUser(label = 'user') {
  counter += 1;
  const id = `${Date.now()}-${counter}`;
  return {
    fullName: `Ada ${label} Lovelace`,
    email: `e2e-${id}@example.com`,
    password: 'correct-horse-1',
    workspace: `Studio ${id}`,
  };
}
export type TestUser = ReturnType<typeof newUser>;

/**
 * A new account's time zone (SPEC §9's default), which its workspace takes too. The app's
 * "today" is the date there, not the UTC date, for some hours of every day.
 */
export const NEW_ACCOUNT_ZONE = DEFAULT_DISPLAY.timezone;

/** A date in a new account's zone, as the app shows and defaults it ('yyyy-MM-dd' unless told). */
export const inNewAccountZone = (date: Date, pattern = 'yyyy-MM-dd') =>
  format(date, pattern, { in: tz(NEW_ACCOUNT_ZONE) });

/** Signs up through the three-step form and waits for the dashboard. */
export async function signUpThroughUi(page: Page, user: TestUser): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Full name').fill(user.fullName);
  await page.getByLabel('Work email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByLabel('Workspace name').fill(user.workspace);
  await page.getByRole('button', { name: 'Create Workspace' }).click();
  await expect(page.getByText('Setting up your workspace...')).toBeVisible();
  await expectDashboard(page, user.workspace);
}

/**
 * Signs up and creates the user's workspace through the API (quicker than the form when
 * the sign-up itself is not under test); the page shares the session.
 */
export async function signUpWithWorkspace(page: Page, user: TestUser): Promise<void> {
  const signup = await page.request.post('/api/auth/signup', {
    data: { fullName: user.fullName, email: user.email, password: user.password },
  });
  expect(signup.status()).toBe(201);
  const workspace = await page.request.post('/api/workspaces', { data: { name: user.workspace } });
  expect(workspace.status()).toBe(201);
}

/**
 * Invites `member` into the current workspace of the owner signed in on `page`, in `role`;
 * the member accepts in a browser context of their own, where that workspace is then
 * current. Answers the member's page.
 */
export async function joinByInvitation(
  page: Page,
  browser: Browser,
  member: TestUser,
  role: string,
): Promise<Page> {
  const workspace = (await (await page.request.get('/api/workspaces/current')).json()) as {
    id: number;
  };
  const invite = await page.request.post('/api/admin/invite', {
    data: { email: member.email, fullName: member.fullName, role },
  });
  expect(invite.status()).toBe(201);
  const token = ((await invite.json()) as { inviteUrl: string }).inviteUrl.split('/invite/')[1]!;
  const memberPage = await (await browser.newContext()).newPage();
  const joined = await memberPage.request.post(`/api/invite/${token}/accept`, {
    data: { password: member.password },
  });
  expect(joined.status()).toBe(200);
  const switched = await memberPage.request.post(`/api/workspaces/${workspace.id}/switch`);
  expect(switched.status()).toBe(200);
  return memberPage;
}

export async function expectDashboard(page: Page, workspaceName: string): Promise<void> {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: workspaceName, exact: true })).toBeVisible();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page.getByRole('button', { name: 'Sign In to Continue' })).toBeVisible();
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In to Continue' }).click();
}

/**
 * The run's platform administrator (its first account, made by global-setup.ts), kept
 * beside the run's database so every spec file can sign in as it.
 */
const adminFile = () => `${process.env.KEEL_E2E_DATA_DIR}.admin.json`;

export function recordPlatformAdmin(admin: { email: string; password: string }): void {
  writeFileSync(adminFile(), JSON.stringify({ email: admin.email, password: admin.password }));
}

export function platformAdmin(): { email: string; password: string } {
  return JSON.parse(readFileSync(adminFile(), 'utf8')) as { email: string; password: string };
}
