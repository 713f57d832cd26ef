import { expect, test, type Browser, type Page } from '@playwright/test';
import { addDays } from 'date-fns';
import {
  expectDashboard,
  inNewAccountZone,
  newUser,
  signIn,
  signUpWithWorkspace,
  type TestUser,
} from './fixtures.ts';

const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Invites someone from the Team page and answers the link's path, read from the dialog. */
async function inviteFromTeamPage(page: Page, invitee: TestUser): Promise<string> {
  await page.getByRole('button', { name: 'Invite Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite Team Member' });
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(dialog.getByText('Full name is required')).toBeVisible();
  await dialog.getByLabel('Full Name').fill(invitee.fullName);
  await dialog.getByLabel('Email').fill(invitee.email);
  await expect(dialog.getByLabel('Permission Profile')).toHaveValue('Collaborator');
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  // The e2e server has no SMTP_URL: the email only reaches its log, and the toast says so.
  await expect(page.getByText('Invitation created', { exact: true })).toBeVisible();
  await expect(
    page.getByText(
      'Email is not configured on this server, so no email was sent. Copy the link and send it yourself.',
    ),
  ).toBeVisible();
  const sent = page.getByRole('dialog', { name: 'Invitation Created' });
  const link = await sent.getByRole('textbox', { name: 'Invitation link' }).inputValue();
  expect(link).toMatch(/\/invite\/[1-9]\d*\.[A-Za-z0-9_-]{43}$/);
  await sent.getByRole('button', { name: 'Done' }).click();
  return new URL(link).pathname;
}

/** Opens an invitation in a browser context of its own (nobody signed in). */
async function openInFreshContext(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

function memberRow(page: Page, email: string) {
  return page.locator(`[data-member-email="${email}"]`);
}

test('an invited member joins from the link; the owner changes their role, deactivates and removes them', async ({
  page,
  browser,
}) => {
  // Two browsers and a dozen round trips: longer than the default budget on a busy machine.
  test.slow();
  const owner = newUser('owner');
  const invitee = newUser('invitee');
  await signUpWithWorkspace(page, owner);
  await page.goto('/team');
  await expect(memberRow(page, owner.email).getByText('Owner', { exact: true })).toHaveCount(2);
  const path = await inviteFromTeamPage(page, invitee);

  // The invitee opens the link signed out, in a browser of their own.
  const member = await openInFreshContext(browser, path);
  await expect(member.getByRole('heading', { name: `Join ${owner.workspace}` })).toBeVisible();
  await expect(member.getByText(invitee.email)).toBeVisible();
  await expect(member.getByText('Collaborator')).toBeVisible();
  await member.getByLabel('Create Password').fill('secret-1');
  await member.getByLabel('Confirm Password').fill('secret-2');
  await member.getByRole('button', { name: 'Accept Invitation & Create Account' }).click();
  await expect(member.getByText('Passwords do not match')).toBeVisible();
  await member.getByLabel('Confirm Password').fill('secret-1');
  await member.getByRole('button', { name: 'Accept Invitation & Create Account' }).click();
  await expect(
    member.getByRole('heading', { name: `Welcome to ${owner.workspace}!` }),
  ).toBeVisible();
  await expectDashboard(member, owner.workspace);

  // The link is spent.
  const again = await openInFreshContext(browser, path);
  await expect(again.getByRole('heading', { name: 'Invitation Error' })).toBeVisible();
  await expect(again.getByText('This invitation has already been used.')).toBeVisible();
  await again.context().close();

  // A collaborator may not see the team page.
  await member.goto('/team');
  await expect(member.getByText('Access Denied')).toBeVisible();
  await expect(
    member.getByText("You don't have permission to view team management."),
  ).toBeVisible();

  // The owner sees who invited whom, and makes the member a project manager.
  await page.reload();
  const row = memberRow(page, invitee.email);
  await expect(row.getByText(owner.fullName)).toBeVisible();
  await row.getByLabel(`Permission for ${invitee.fullName}`).click();
  await page.getByRole('option', { name: 'Project Manager' }).click();
  await expect(page.getByText('Role updated successfully')).toBeVisible();
  await expect(row.getByLabel(`Permission for ${invitee.fullName}`)).toHaveValue('Project Manager');

  // Now the member sees the team, read-only: no role dropdowns, no invitations.
  await member.reload();
  await expect(memberRow(member, owner.email)).toBeVisible();
  await expect(member.getByRole('button', { name: 'Invite Member' })).toHaveCount(0);
  await expect(member.getByLabel(/^Permission for/)).toHaveCount(0);

  // Deactivated, the member loses the workspace on their very next page load, and is told so…
  await row.getByRole('button', { name: `Actions for ${invitee.fullName}` }).click();
  await page.getByRole('menuitem', { name: 'Deactivate Account' }).click();
  await expect(page.getByText('User deactivated')).toBeVisible();
  await expect(row.getByText('Deactivated')).toBeVisible();
  await member.goto('/');
  await expect(
    member.getByRole('heading', { name: `Your access to ${owner.workspace} was removed` }),
  ).toBeVisible();
  await expect(member.getByRole('heading', { name: owner.workspace, exact: true })).toHaveCount(0);
  // With no other workspace, the way on is to make one.
  await expect(member.getByRole('button', { name: 'Create a workspace' })).toBeVisible();
  // Signing in afresh says the same, naming the workspace, rather than opening on
  // 'Create Your Workspace' as if they had never had one (issue 38, item 6).
  const signingIn = await openInFreshContext(browser, '/login');
  await signIn(signingIn, invitee.email, 'secret-1');
  await expect(
    signingIn.getByRole('heading', { name: `Your access to ${owner.workspace} was removed` }),
  ).toBeVisible();
  await expect(signingIn.getByText('Create Your Workspace')).toHaveCount(0);
  await signingIn.context().close();

  // …and gets it back when reactivated.
  await row.getByRole('button', { name: `Actions for ${invitee.fullName}` }).click();
  await page.getByRole('menuitem', { name: 'Reactivate Account' }).click();
  await expect(page.getByText('User reactivated')).toBeVisible();
  await expect(row.getByText('Deactivated')).toHaveCount(0);
  await member.goto('/');
  await expectDashboard(member, owner.workspace);

  // Removing asks first, then the member is gone from the list.
  await row.getByRole('button', { name: `Actions for ${invitee.fullName}` }).click();
  await page.getByRole('menuitem', { name: 'Delete user' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete User' });
  await expect(confirm).toContainText('permanently delete');
  await expect(confirm).toContainText('cannot be undone');
  await expect(confirm).toContainText('immediately lose access');
  await confirm.getByRole('button', { name: 'Delete User' }).click();
  await expect(page.getByText('Team member removed')).toBeVisible();
  await expect(row).toHaveCount(0);

  // Search filters by name or email, and says when nothing matches.
  await page.getByPlaceholder('Search team members...').fill('NOBODY-here');
  await expect(page.getByText('No team members found')).toBeVisible();
  await expect(page.getByText('Try adjusting your search query.')).toBeVisible();
  await page.getByPlaceholder('Search team members...').fill(owner.email.toUpperCase());
  await expect(memberRow(page, owner.email)).toBeVisible();

  await member.context().close();
});

test('invitation links that are malformed or unknown say so', async ({ page }) => {
  await page.goto('/invite/not-a-token');
  await expect(page.getByRole('heading', { name: 'Invalid Invitation' })).toBeVisible();
  await expect(page.getByText('This invitation link is invalid or malformed.')).toBeVisible();

  await page.goto(`/invite/${'A'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'Invitation Error' })).toBeVisible();
  await expect(
    page.getByText('This invitation link is invalid, expired, or has already been used.'),
  ).toBeVisible();
});

test('someone who already has an account joins with its password', async ({ page, browser }) => {
  const owner = newUser('owner2');
  const existing = newUser('existing');
  await signUpWithWorkspace(page, owner);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signUpWithWorkspace(otherPage, existing);
  await other.close();

  await page.goto('/team');
  const path = await inviteFromTeamPage(page, existing);
  const member = await openInFreshContext(browser, path);
  await expect(member.getByRole('heading', { name: `Join ${owner.workspace}` })).toBeVisible();
  await expect(member.getByLabel('Create Password')).toHaveCount(0);
  await member.getByLabel('Your Password').fill('wrong-password');
  await member.getByRole('button', { name: 'Accept Invitation & Join' }).click();
  await expect(member.getByRole('alert')).toContainText('enter its password');
  await member.getByLabel('Your Password').fill(existing.password);
  await member.getByRole('button', { name: 'Accept Invitation & Join' }).click();
  await expect(
    member.getByRole('heading', { name: `Welcome to ${owner.workspace}!` }),
  ).toBeVisible();
  await expectDashboard(member, owner.workspace);
  await member.context().close();
});

test('changing the password signs out the other session', async ({ page, browser }) => {
  const user = newUser('password');
  await signUpWithWorkspace(page, user);

  const second = await browser.newContext();
  const other = await second.newPage();
  await other.goto('/');
  await signIn(other, user.email, user.password);
  await expectDashboard(other, user.workspace);

  await page.goto('/account');
  const sessions = page.getByRole('region', { name: 'Active Sessions' });
  await expect(sessions.getByText('Current')).toBeVisible();
  await expect(sessions.getByRole('button', { name: /^Terminate session on/ })).toHaveCount(1);

  const card = page.getByRole('region', { name: 'Change Password' });
  await card.getByLabel('Current Password').fill(user.password);
  await card.getByLabel(/^New Password/).fill('lowercase-only-1');
  await card.getByLabel('Confirm New Password').fill('different');
  await card.getByRole('button', { name: 'Update Password' }).click();
  await expect(card.getByText('Password must contain at least one uppercase letter')).toBeVisible();
  await expect(card.getByText("Passwords don't match")).toBeVisible();

  await card.getByLabel('Current Password').fill('not-my-password');
  await card.getByLabel(/^New Password/).fill('Sturdy-Passw0rd');
  await card.getByLabel('Confirm New Password').fill('Sturdy-Passw0rd');
  await card.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();

  await card.getByLabel('Current Password').fill(user.password);
  await card.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated successfully')).toBeVisible();
  await expect(sessions.getByRole('button', { name: /^Terminate session on/ })).toHaveCount(0);

  // The other browser is signed out on its next load; this one stays.
  await other.reload();
  await expect(other.getByRole('button', { name: 'Sign In to Continue' })).toBeVisible();
  await signIn(other, user.email, 'Sturdy-Passw0rd');
  await expectDashboard(other, user.workspace);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Basic Information' })).toBeVisible();
  await second.close();
});

test('the account page saves the profile, notifications, a photo and API tokens', async ({
  page,
  browser,
}) => {
  test.slow();
  const user = newUser('account');
  await signUpWithWorkspace(page, user);
  await page.goto('/account');

  const profile = page.getByRole('region', { name: 'Basic Information' });
  await expect(profile.getByLabel('First Name')).toHaveValue('Ada');
  await profile.getByLabel('First Name').fill('');
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await expect(profile.getByText('First name is required')).toBeVisible();
  await profile.getByLabel('First Name').fill('Grace');
  await profile.getByLabel('Phone').fill('+1 555 0100');
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();

  // A new email asks for the current password, which the server checks.
  const movedEmail = `moved-${user.email}`;
  const currentPassword = profile.getByLabel('Current Password');
  await expect(currentPassword).toHaveCount(0);
  await profile.getByLabel('Email').fill(movedEmail);
  await expect(currentPassword).toBeVisible();
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await expect(profile.getByText('Current password is required')).toBeVisible();
  await currentPassword.fill('not-my-password');
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await expect(profile.getByText('Current password is incorrect')).toBeVisible();
  await currentPassword.fill(user.password);
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await expect(currentPassword).toHaveCount(0);
  await expect(page.getByText('Profile updated successfully')).toBeVisible();

  const notifications = page.getByRole('region', { name: 'Notification Preferences' });
  const projectUpdates = notifications.getByRole('switch', { name: /^Project Updates/ });
  await expect(projectUpdates).toBeChecked();
  await projectUpdates.click({ force: true });
  await expect(page.getByText('Notification preferences updated')).toBeVisible();

  const photo = page.getByRole('region', { name: 'Profile Photo' });
  await expect(photo.getByText('JPG, PNG or GIF, recommended 400x400')).toBeVisible();
  await photo
    .locator('input[type="file"]')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Please select an image file')).toBeVisible();
  await photo
    .locator('input[type="file"]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  await expect(page.getByText('Profile photo updated')).toBeVisible();
  await expect(photo.locator('img[src^="/api/files/"]')).toBeVisible();

  await page.reload();
  await expect(profile.getByLabel('First Name')).toHaveValue('Grace');
  await expect(profile.getByLabel('Email')).toHaveValue(movedEmail);
  await expect(profile.getByLabel('Phone')).toHaveValue('+1 555 0100');
  await expect(projectUpdates).not.toBeChecked();

  // A token is shown once, works as a Bearer credential, and stops working when revoked.
  const tokens = page.getByRole('region', { name: 'Personal API tokens' });
  await tokens.getByRole('button', { name: 'Create Token' }).click();
  const create = page.getByRole('dialog', { name: 'Create API Token' });
  await create.getByLabel('Token Name').fill('Export script');
  await create.getByRole('button', { name: 'Create Token' }).click();
  const created = page.getByRole('dialog', { name: 'Token Created' });
  await expect(created.getByText('it will not be shown again')).toBeVisible();
  const token = await created.getByLabel('Your new token').inputValue();
  await created.getByRole('button', { name: 'Done' }).click();
  await expect(tokens.getByText('Export script')).toBeVisible();
  await expect(tokens.getByText(/never used/)).toBeVisible();

  const bearer = { authorization: `Bearer ${token}` };
  const anonymous = await browser.newContext();
  const withToken = await anonymous.request.get('/api/account/profile', { headers: bearer });
  expect(withToken.status()).toBe(200);
  expect((await withToken.json()).firstName).toBe('Grace');

  await tokens.getByRole('button', { name: 'Revoke Export script' }).click();
  await page
    .getByRole('dialog', { name: 'Revoke API Token' })
    .getByRole('button', { name: 'Revoke Token' })
    .click();
  await expect(page.getByText('API token revoked')).toBeVisible();
  await expect(tokens.getByText('Export script')).toHaveCount(0);
  const revoked = await anonymous.request.get('/api/account/profile', { headers: bearer });
  expect(revoked.status()).toBe(401);

  // A read-only token for 30 days: the list shows its scope and expiry; it reads, never writes.
  await tokens.getByRole('button', { name: 'Create Token' }).click();
  await create.getByLabel('Token Name').fill('Dashboard feed');
  await expect(create.getByLabel('Expiry')).toHaveValue('90 days');
  await expect(create.getByLabel('Scope')).toHaveValue('Read and write');
  await create.getByLabel('Expiry').click();
  await page.getByRole('option', { name: '30 days' }).click();
  await create.getByLabel('Scope').click();
  await page.getByRole('option', { name: 'Read only' }).click();
  await create.getByRole('button', { name: 'Create Token' }).click();
  const readOnly = await created.getByLabel('Your new token').inputValue();
  await created.getByRole('button', { name: 'Done' }).click();
  await expect(tokens.getByText('Dashboard feed')).toBeVisible();
  await expect(tokens.getByText('Read only')).toBeVisible();
  // Shown in the user's zone.
  const expiry = inNewAccountZone(addDays(new Date(), 30), 'MMM d, yyyy');
  await expect(tokens.getByText(`Expires ${expiry}`)).toBeVisible();
  const reader = { authorization: `Bearer ${readOnly}` };
  const read = await anonymous.request.get('/api/account/profile', { headers: reader });
  expect((await read.json()).email).toBe(movedEmail);
  const write = await anonymous.request.put('/api/account/preferences', {
    headers: reader,
    data: { timezone: 'Asia/Tokyo', dateFormat: 'YYYY-MM-DD', timeFormat: '24h' },
  });
  expect(write.status()).toBe(403);
  expect((await write.json()).error).toBe('This API token is read-only');
  await anonymous.close();
});

test('the owner renames the workspace, deletes it, and reactivates it from the selector', async ({
  page,
}) => {
  test.slow();
  const user = newUser('delete');
  const renamed = `Renamed ${user.workspace}`;
  await signUpWithWorkspace(page, user);
  await page.goto('/workspace/settings');

  const general = page.getByRole('region', { name: 'General Information' });
  const save = general.getByRole('button', { name: 'Save Changes' });
  await expect(general.getByLabel('Workspace Name')).toHaveValue(user.workspace);
  await expect(save).toBeDisabled();
  await general.getByLabel('Workspace Name').fill('');
  await save.click();
  await expect(general.getByText('Workspace name is required')).toBeVisible();
  await general.getByLabel('Workspace Description (Optional)').fill('x'.repeat(501));
  await general.getByLabel('Workspace Name').fill(renamed);
  await save.click();
  await expect(general.getByText('Description must be less than 500 characters')).toBeVisible();
  await general.getByLabel('Workspace Description (Optional)').fill('Where the work happens');
  await save.click();
  await expect(page.getByText('Workspace settings updated')).toBeVisible();
  await expect(save).toBeDisabled();

  await expect(page.getByRole('region', { name: 'Team Management' })).toBeVisible();
  const billing = page.getByRole('region', { name: 'Billing & Subscription' });
  await expect(billing.getByText('Free')).toBeVisible();
  await expect(billing.getByText('Active')).toBeVisible();

  const icon = page.getByRole('region', { name: 'Workspace Icon' });
  await icon
    .locator('input[type="file"]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  await expect(page.getByText('Workspace icon updated')).toBeVisible();
  await expect(icon.locator('img[src^="/api/files/"]')).toBeVisible();

  // Deleting needs the exact name; Cancel forgets what was typed.
  const dangerZone = page.getByRole('region', { name: 'Danger Zone' });
  await dangerZone.getByRole('button', { name: 'Delete Workspace' }).click();
  let dialog = page.getByRole('dialog', { name: 'Delete Workspace' });
  await expect(dialog).toContainText('30 days');
  const confirmButton = dialog.getByRole('button', { name: 'Delete Workspace' });
  await expect(confirmButton).toBeDisabled();
  await dialog.getByRole('textbox').fill(renamed.toLowerCase());
  await expect(confirmButton).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await dangerZone.getByRole('button', { name: 'Delete Workspace' }).click();
  dialog = page.getByRole('dialog', { name: 'Delete Workspace' });
  await expect(dialog.getByRole('textbox')).toHaveValue('');
  await dialog.getByRole('textbox').fill(renamed);
  await dialog.getByRole('button', { name: 'Delete Workspace' }).click();
  await expect(page.getByText('Workspace deleted')).toBeVisible();

  // Two seconds later the app has no workspace: the selector offers to bring it back.
  await expect(page.getByRole('heading', { name: 'Select Workspace' })).toBeVisible();
  await expect(page.getByText(/Scheduled for deletion/)).toBeVisible();
  await page.getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByText('Workspace reactivated')).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^${renamed}`) }).click();
  await expectDashboard(page, renamed);
});

test('a collaborator sees workspace settings read-only, without team or danger zone', async ({
  page,
  browser,
}) => {
  const owner = newUser('owner3');
  const invitee = newUser('reader');
  await signUpWithWorkspace(page, owner);
  await page.goto('/team');
  const path = await inviteFromTeamPage(page, invitee);
  const member = await openInFreshContext(browser, path);
  await member.getByLabel('Create Password').fill(invitee.password);
  await member.getByLabel('Confirm Password').fill(invitee.password);
  await member.getByRole('button', { name: 'Accept Invitation & Create Account' }).click();
  await expectDashboard(member, owner.workspace);

  await member.goto('/workspace/settings');
  await expect(member.getByRole('region', { name: 'General Information' })).toBeVisible();
  await expect(
    member.getByText('Only owners and administrators can change these settings.'),
  ).toBeVisible();
  await expect(member.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  await expect(member.getByRole('region', { name: 'Team Management' })).toHaveCount(0);
  await expect(member.getByRole('region', { name: 'Danger Zone' })).toHaveCount(0);
  await expect(member.getByRole('link', { name: 'Manage Billing' })).toBeVisible();
  await member.context().close();
});
