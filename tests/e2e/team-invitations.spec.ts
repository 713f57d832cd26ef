import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectDashboard, newUser, signUpWithWorkspace, type TestUser } from './fixtures.ts';

/*
 * Issue 20, items 5 and 6: the owner manages the invitations still pending on /team
 * (Copy link, Resend, Cancel); a member removed while working is told so and finds their
 * other workspaces.
 */

const NOT_EMAILED =
  'Email is not configured on this server, so no email was sent. Copy the link and send it yourself.';

async function inviteByApi(page: Page, invitee: TestUser, role = 'collaborator') {
  const res = await page.request.post('/api/admin/invite', {
    data: { email: invitee.email, fullName: invitee.fullName, role },
  });
  expect(res.status()).toBe(201);
  return new URL(((await res.json()) as { inviteUrl: string }).inviteUrl).pathname;
}

/** Opens a link in a browser context of its own (nobody signed in). */
async function openSignedOut(browser: Browser, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(path);
  return page;
}

async function expectDeadLink(browser: Browser, path: string) {
  const page = await openSignedOut(browser, path);
  await expect(page.getByRole('heading', { name: 'Invitation Error' })).toBeVisible();
  await expect(
    page.getByText('This invitation link is invalid, expired, or has already been used.'),
  ).toBeVisible();
  await page.context().close();
}

async function expectLiveLink(browser: Browser, path: string, workspace: string) {
  const page = await openSignedOut(browser, path);
  await expect(page.getByRole('heading', { name: `Join ${workspace}` })).toBeVisible();
  await page.context().close();
}

function invitationRow(page: Page, email: string) {
  return page.locator(`[data-invitation-email="${email}"]`);
}

test('the owner copies a new link, resends and cancels pending invitations; old links stop working', async ({
  page,
  browser,
}) => {
  test.slow();
  const owner = newUser('owner');
  const kept = newUser('kept');
  const dropped = newUser('dropped');
  await signUpWithWorkspace(page, owner);
  const keptPath = await inviteByApi(page, kept, 'project_manager');
  const droppedPath = await inviteByApi(page, dropped);

  await page.goto('/team');
  const section = page.getByRole('region', { name: 'Pending invitations' });
  const row = invitationRow(page, kept.email);
  await expect(row).toBeVisible();
  await expect(row.getByText('Project Manager')).toBeVisible();
  await expect(row.getByText(owner.fullName)).toBeVisible();
  await expect(row.getByText(kept.fullName)).toBeVisible();
  await expect(invitationRow(page, dropped.email)).toBeVisible();
  // Sent today, valid a week: the expiry is a date, not "Expired".
  await expect(row.getByText('Expired')).toHaveCount(0);

  // Copy link makes a new link (only hashes are kept), shown to copy; the first one dies.
  await row.getByRole('button', { name: `Actions for ${kept.email}` }).click();
  await page.getByRole('menuitem', { name: 'Copy link' }).click();
  const copied = page.getByRole('dialog', { name: 'New Invitation Link' });
  await expect(copied.getByText('The link sent before no longer works.')).toBeVisible();
  const copiedPath = new URL(
    await copied.getByRole('textbox', { name: 'Invitation link' }).inputValue(),
  ).pathname;
  expect(copiedPath).not.toBe(keptPath);
  await copied.getByRole('button', { name: 'Done' }).click();
  await expectDeadLink(browser, keptPath);
  await expectLiveLink(browser, copiedPath, owner.workspace);

  // Resend: no mail server here, so the toast says no email went out and offers the link.
  await row.getByRole('button', { name: `Actions for ${kept.email}` }).click();
  await page.getByRole('menuitem', { name: 'Resend' }).click();
  await expect(page.getByText(NOT_EMAILED)).toBeVisible();
  const resent = page.getByRole('dialog', { name: 'Invitation Not Emailed' });
  await expect(
    resent.getByText('Email is not configured on this server, so no email was sent'),
  ).toBeVisible();
  const resentPath = new URL(
    await resent.getByRole('textbox', { name: 'Invitation link' }).inputValue(),
  ).pathname;
  await resent.getByRole('button', { name: 'Done' }).click();
  await expectDeadLink(browser, copiedPath);
  await expectLiveLink(browser, resentPath, owner.workspace);

  // Cancel asks first; keeping it changes nothing.
  const droppedRow = invitationRow(page, dropped.email);
  await droppedRow.getByRole('button', { name: `Actions for ${dropped.email}` }).click();
  await page.getByRole('menuitem', { name: 'Cancel invitation' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel Invitation' });
  await expect(confirm).toContainText(dropped.email);
  await confirm.getByRole('button', { name: 'Keep Invitation' }).click();
  await expect(droppedRow).toBeVisible();
  await expectLiveLink(browser, droppedPath, owner.workspace);

  await droppedRow.getByRole('button', { name: `Actions for ${dropped.email}` }).click();
  await page.getByRole('menuitem', { name: 'Cancel invitation' }).click();
  await confirm.getByRole('button', { name: 'Cancel Invitation' }).click();
  await expect(page.getByText('Invitation cancelled')).toBeVisible();
  await expect(droppedRow).toHaveCount(0);
  await expectDeadLink(browser, droppedPath);

  // The last pending one, accepted, leaves the list: it is empty and says so.
  const joined = await openSignedOut(browser, resentPath);
  await joined.getByLabel('Create Password').fill('secret-1');
  await joined.getByLabel('Confirm Password').fill('secret-1');
  await joined.getByRole('button', { name: 'Accept Invitation & Create Account' }).click();
  await expectDashboard(joined, owner.workspace);
  await joined.context().close();
  await page.reload();
  await expect(section.getByText('No pending invitations')).toBeVisible();
});

test('a member removed while working is told so, and goes on to their other workspace', async ({
  page,
  browser,
}) => {
  test.slow();
  const owner = newUser('owner');
  const member = newUser('member');
  await signUpWithWorkspace(page, owner);
  const path = await inviteByApi(page, member);
  const ownerWorkspace = (await (await page.request.get('/api/workspaces/current')).json()) as {
    id: number;
  };

  // The member joins, has a workspace of their own too, and works in the owner's.
  const context = await browser.newContext();
  const memberPage = await context.newPage();
  const token = path.split('/invite/')[1]!;
  expect(
    (
      await memberPage.request.post(`/api/invite/${token}/accept`, {
        data: { password: member.password },
      })
    ).status(),
  ).toBe(200);
  const own = await memberPage.request.post('/api/workspaces', {
    data: { name: member.workspace },
  });
  expect(own.status()).toBe(201);
  await memberPage.request.post(`/api/workspaces/${ownerWorkspace.id}/switch`);
  await memberPage.goto('/contacts');
  await expect(memberPage.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();

  // The owner removes them (as a script would).
  const users = (await (await page.request.get('/api/admin/users')).json()) as {
    id: number;
    email: string;
  }[];
  const memberId = users.find((u) => u.email === member.email)!.id;
  expect((await page.request.delete(`/api/admin/users/${memberId}`)).status()).toBe(200);

  // Their next request, on the page still open, shows why, not a page of errors: the search
  // typed now, or a request of the page that was still under way (on a loaded machine the
  // page may be swapped before the search box can be typed in).
  const removed = memberPage.getByRole('heading', {
    name: `Your access to ${owner.workspace} was removed`,
  });
  await Promise.race([
    memberPage
      .getByPlaceholder('Search contacts...')
      .fill('anyone')
      .catch(() => {}),
    removed.waitFor(),
  ]);
  await expect(removed).toBeVisible();
  await expect(memberPage.getByText('Contacts could not be loaded')).toHaveCount(0);
  // A reload says the same.
  await memberPage.reload();
  await expect(
    memberPage.getByRole('heading', { name: `Your access to ${owner.workspace} was removed` }),
  ).toBeVisible();

  await memberPage.getByRole('button', { name: 'Choose another workspace' }).click();
  await expect(memberPage).toHaveURL(/\/workspace-selector$/);
  await expect(memberPage.getByText(member.workspace)).toBeVisible();
  await expect(memberPage.getByText(owner.workspace)).toHaveCount(0);
  await memberPage.getByText(member.workspace).click();
  await expectDashboard(memberPage, member.workspace);
  await context.close();
});
