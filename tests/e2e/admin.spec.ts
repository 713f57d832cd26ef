import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectDashboard, newUser, platformAdmin, signUpWithWorkspace } from './fixtures.ts';

/*
 * The platform console, used by the run's platform administrator (its first account, made
 * by global-setup.ts before any spec).
 */
test.describe.configure({ mode: 'serial' });

/** Signs the page's context in as the platform administrator. */
async function signInAsAdmin(page: Page): Promise<void> {
  const login = await page.request.post('/api/auth/login', { data: platformAdmin() });
  expect(login.ok()).toBe(true);
}

/** A workspace owner in a browser context of their own, on their dashboard. */
async function memberWithWorkspace(browser: Browser, label: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = newUser(label);
  await signUpWithWorkspace(page, user);
  await page.goto('/');
  await expectDashboard(page, user.workspace);
  return { context, page, user };
}

/** Picks a segment of the logs' status filter (its radios are visually hidden). */
async function filterByStatus(page: Page, status: 'All' | 'Success' | 'Failed') {
  await page
    .getByLabel('Filter by status', { exact: true })
    .getByText(status, { exact: true })
    .click();
}

function toast(page: Page, text: string) {
  return page.locator('.mantine-Notification-root').filter({ hasText: text });
}

test('the first account of the run is the platform administrator', async ({ page }) => {
  await signInAsAdmin(page);
  const me = await page.request.get('/api/auth/me');
  expect(((await me.json()) as { isAdmin?: boolean }).isAdmin).toBe(true);
});

test('a non-admin typing /admin lands on /', async ({ page }) => {
  const user = newUser('not-admin');
  await signUpWithWorkspace(page, user);
  for (const path of ['/admin', '/admin/users', '/admin/logs', '/admin/workspaces/1']) {
    await page.goto(path);
    await expectDashboard(page, user.workspace);
    await expect(page.getByText('System Administration')).toHaveCount(0);
  }
  // The data is refused too, not only the pages.
  expect((await page.request.get('/api/admin/all-users')).status()).toBe(403);
});

test('an admin suspends a workspace and its member is locked out until it is activated', async ({
  page,
  browser,
}) => {
  const member = await memberWithWorkspace(browser, 'suspended');
  await signInAsAdmin(page);

  await page.goto('/admin/workspaces');
  await expect(page.getByRole('heading', { name: 'System Administration' })).toBeVisible();
  await page.getByLabel('Search workspaces').fill(member.user.workspace);
  const row = page.getByRole('row').filter({ hasText: member.user.workspace });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(member.user.fullName);
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Suspend' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suspend Workspace' });
  await dialog.getByRole('button', { name: 'Suspend Workspace' }).click();
  await expect(toast(page, 'Workspace status updated successfully')).toBeVisible();
  await expect(row.getByText('Suspended', { exact: true })).toBeVisible();

  // The member's next request is refused, with the reason; the app shows it as suspended.
  const current = await member.page.request.get('/api/workspaces/current');
  expect(current.status()).toBe(403);
  expect(await current.text()).toContain('suspended by the platform administrator');
  await member.page.reload();
  await expect(
    member.page
      .getByText('This workspace has been suspended by the platform administrator.')
      .or(member.page.getByText('Suspended', { exact: true })),
  ).toBeVisible();
  await expect(member.page.getByRole('heading', { name: 'Dashboard', level: 1 })).toHaveCount(0);

  // The detail page tells the same story, and Activate gives the workspace back.
  await row.getByRole('link', { name: 'View' }).click();
  await expect(page).toHaveURL(/\/admin\/workspaces\/\d+$/);
  await expect(page.getByRole('heading', { name: member.user.workspace, level: 2 })).toBeVisible();
  await expect(page.getByText('Subscription Tier')).toBeVisible();
  const users = page.getByRole('row').filter({ hasText: member.user.email });
  await expect(users).toContainText('Owner');
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(toast(page, 'Workspace status updated successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Suspend' })).toBeVisible();

  await member.page.goto('/');
  await expectDashboard(member.page, member.user.workspace);
  await member.context.close();
});

test('an admin finds a failed login in the logs, then logs out', async ({ page, playwright }) => {
  const stranger = `e2e-intruder-${Date.now()}@example.com`;
  const anonymous = await playwright.request.newContext({
    baseURL: test.info().project.use.baseURL,
  });
  const failed = await anonymous.post('/api/auth/login', {
    data: { email: stranger, password: 'not-the-password' },
  });
  expect(failed.status()).toBe(401);
  await anonymous.dispose();

  await signInAsAdmin(page);
  await page.goto('/admin/logs');
  await expect(page.getByRole('heading', { name: 'Activity Logs' })).toBeVisible();
  // No sample rows, ever: the first row is the real, newest entry.
  await filterByStatus(page, 'Failed');
  await page.getByLabel('Search logs').fill(stranger);
  const entry = page.getByRole('row').filter({ hasText: `Failed sign-in for ${stranger}` });
  await expect(entry).toHaveCount(1);
  await expect(entry.getByText('Failed', { exact: true })).toBeVisible();
  await expect(entry.getByText('login', { exact: true })).toBeVisible();
  await expect(entry).toContainText('System');
  await expect(page.getByText('Showing 1–1 of 1 entry')).toBeVisible();

  // Successful sign-ins are filtered away, and the export link carries the same filters.
  await filterByStatus(page, 'Success');
  await expect(page.getByText('No activity matches these filters')).toBeVisible();
  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute('href', /success=true/);
  await filterByStatus(page, 'Failed');
  const csv = await page.request.get((await exportLink.getAttribute('href')) ?? '');
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(`Failed sign-in for ${stranger}`);

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign In to Continue' })).toBeVisible();
});

test('an admin adds a user with a temporary password, edits them and assigns a workspace', async ({
  page,
  browser,
}) => {
  // A long journey (two accounts, a sign-in, an export, three edits): it took 30.8 s of
  // the default 30 in one CI run on this shared machine.
  test.slow();
  const owner = await memberWithWorkspace(browser, 'assign');
  await owner.context.close();
  await signInAsAdmin(page);
  await page.goto('/admin/users');

  const added = newUser('added');
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel('Full name').fill(added.fullName);
  await dialog.getByLabel('Email').fill(added.email);
  await dialog.getByRole('button', { name: 'Create User' }).click();
  const password = dialog.getByRole('textbox', { name: 'Temporary password' });
  await expect(password).not.toHaveValue('');
  const temporary = await password.inputValue();
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The temporary password signs the new user in.
  const check = await browser.newContext();
  const login = await check.request.post(`${test.info().project.use.baseURL}/api/auth/login`, {
    data: { email: added.email, password: temporary },
  });
  expect(login.ok()).toBe(true);
  await check.close();

  await page.getByLabel('Search users').fill(added.email);
  const row = page.getByRole('row').filter({ hasText: added.email });
  await expect(page.getByText('Showing 1–1 of 1 user', { exact: true })).toBeVisible();
  await expect(row).toContainText('Active');
  await expect(row).toContainText('User');
  // The search is in the URL: a reload shows the same list.
  await expect(page).toHaveURL(/[?&]q=/);
  await page.reload();
  await expect(page.getByLabel('Search users')).toHaveValue(added.email);
  await expect(page.getByText('Showing 1–1 of 1 user', { exact: true })).toBeVisible();

  // Export Users writes the listed users (this search) to a CSV file.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Users' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^keel-users-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await file.path(), 'utf8');
  expect(csv.split(/\r?\n/)[0]).toBe('\uFEFFName,Email,Joined,Status,Workspaces,Role,Last Sign-in');
  expect(csv).toContain(`${added.fullName},${added.email},`);
  expect(csv.trim().split(/\r?\n/)).toHaveLength(2);

  await row.getByRole('button', { name: 'Edit' }).click();
  const drawer = page.getByRole('dialog', { name: 'Edit User' });
  await drawer.getByLabel('Full name').fill(`${added.fullName} Jr`);
  await drawer.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'User updated successfully')).toBeVisible();
  await expect(row).toContainText(`${added.fullName} Jr`);

  await row.getByRole('button', { name: 'Edit' }).click();
  await drawer.getByRole('tab', { name: 'System' }).click();
  await expect(drawer.getByText('Standard User')).toBeVisible();
  await drawer.getByRole('tab', { name: 'Workspaces' }).click();
  await expect(drawer.getByText('Not a member of any workspace yet.')).toBeVisible();
  await drawer.getByRole('button', { name: 'Assign Workspace' }).click();
  await drawer.getByRole('combobox', { name: 'Workspace', exact: true }).fill(owner.user.workspace);
  await page.getByRole('option', { name: owner.user.workspace }).click();
  await drawer.getByRole('button', { name: 'Assign', exact: true }).click();
  const role = drawer.getByRole('combobox', { name: `Role in ${owner.user.workspace}` });
  await expect(role).toHaveValue('Collaborator');
  await role.click();
  await page.getByRole('option', { name: 'Project Manager' }).click();
  await expect(role).toHaveValue('Project Manager');
  // The role is stored: it survives a fresh read of the list.
  await expect
    .poll(async () => {
      const users = await page.request.get(`/api/admin/all-users?search=${added.email}&limit=10`);
      const [user] = (await users.json()) as { workspaces: { role: string }[] }[];
      return user?.workspaces[0]?.role;
    })
    .toBe('project_manager');
  // Toasts sit at the bottom right, over the panel's buttons, until they time out.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toContainText(owner.user.workspace);

  await row.getByRole('button', { name: 'Deactivate' }).click();
  await expect(toast(page, 'User status updated successfully')).toBeVisible();
  await expect(row).toContainText('Inactive');
  await expect(row.getByRole('button', { name: 'Activate' })).toBeVisible();
});

test('an admin resends an invitation, gets its new link, and cancels another', async ({
  page,
  browser,
}) => {
  const owner = await memberWithWorkspace(browser, 'inviter');
  const invitees = [newUser('invitee-a'), newUser('invitee-b')];
  for (const invitee of invitees) {
    const invited = await owner.page.request.post('/api/admin/invite', {
      data: { email: invitee.email, fullName: invitee.fullName, role: 'collaborator' },
    });
    expect(invited.status()).toBe(201);
  }
  await owner.context.close();

  await signInAsAdmin(page);
  await page.goto('/admin/invitations');
  await page.getByLabel('Search invitations').fill(owner.user.workspace);
  const first = page.getByRole('row').filter({ hasText: invitees[0]!.email });
  await expect(first).toContainText('Pending');
  await expect(first).toContainText(owner.user.fullName);
  await first.getByRole('button', { name: 'Resend' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Invitation Resent' });
  const link = await linkDialog.getByRole('textbox', { name: 'Invitation link' }).inputValue();
  expect(link).toMatch(/\/invite\/[\w-]+$/);
  await linkDialog.getByRole('button', { name: 'Done' }).click();
  const opened = await page.request.get(`/api/invite/${link.split('/invite/')[1]}`);
  expect(opened.ok()).toBe(true);

  const second = page.getByRole('row').filter({ hasText: invitees[1]!.email });
  await second.getByRole('button', { name: 'Cancel' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel Invitation' });
  await confirm.getByRole('button', { name: 'Cancel Invitation' }).click();
  await expect(toast(page, 'Invitation cancelled')).toBeVisible();
  await expect(second).toHaveCount(0);
  await expect(first).toHaveCount(1);
});
