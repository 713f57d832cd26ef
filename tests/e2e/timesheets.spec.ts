import { expect, test, type Page } from '@playwright/test';
import { joinByInvitation, newUser, signUpWithWorkspace } from './fixtures.ts';

/*
 * Issue 22, item 4: a member fills their week in the timesheet grid with the keyboard and
 * submits it; the owner approves it, which locks its time (an edit in the time log is
 * refused and changes nothing), and unlocks it again.
 */

const cell = (page: Page, day: string) =>
  page.getByRole('textbox', { name: `Hours: Website, ${day}` });

test('a week filled with the keyboard is submitted, approved, locked and unlocked', async ({
  page,
  browser,
}) => {
  test.slow();
  const owner = newUser('owner');
  const member = newUser('member');
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

  // The member joins and fills the week: Monday, Tab to Tuesday, arrow to Wednesday.
  const memberPage = await joinByInvitation(page, browser, member, 'collaborator');
  await memberPage.goto('/timesheets');
  await expect(memberPage.getByRole('heading', { name: 'Your week' })).toBeVisible();
  await memberPage.getByRole('button', { name: 'Add row' }).click();
  const dialog = memberPage.getByRole('dialog', { name: 'Add a row' });
  await dialog.getByRole('combobox', { name: 'Project' }).click();
  await memberPage.getByRole('option', { name: 'Website · Acme' }).click();
  await dialog.getByRole('button', { name: 'Add row' }).click();
  await expect(dialog).toBeHidden();

  await cell(memberPage, 'Monday').click();
  await memberPage.keyboard.type('2');
  await memberPage.keyboard.press('Tab');
  await expect(cell(memberPage, 'Tuesday')).toBeFocused();
  await memberPage.keyboard.type('1:30');
  await memberPage.keyboard.press('ArrowRight');
  await expect(cell(memberPage, 'Wednesday')).toBeFocused();
  await memberPage.keyboard.type('3');
  await memberPage.keyboard.press('Enter');
  const weekTotal = memberPage.getByLabel('Week total');
  await expect(weekTotal).toHaveText('6.50');
  await expect(cell(memberPage, 'Monday')).toHaveValue('2');
  await expect(cell(memberPage, 'Tuesday')).toHaveValue('1.5');
  await expect(cell(memberPage, 'Wednesday')).toHaveValue('3');
  // Something that is not a duration is refused and the cell keeps its value.
  await cell(memberPage, 'Monday').fill('abc');
  await memberPage.keyboard.press('Enter');
  await expect(
    memberPage.getByText('Enter hours between 0 and 24, like 1.5 or 1:30.'),
  ).toBeVisible();
  await expect(cell(memberPage, 'Monday')).toHaveValue('2');

  await memberPage.getByRole('button', { name: 'Submit week' }).click();
  await expect(memberPage.getByText('Week submitted')).toBeVisible();
  await expect(cell(memberPage, 'Monday')).toHaveCount(0);

  // The owner reviews it from the weeks awaiting approval and approves it.
  await page.goto('/timesheets');
  await page.getByRole('button', { name: new RegExp(`^Review ${member.fullName}'s week`) }).click();
  await expect(page.getByRole('heading', { name: `${member.fullName}'s week` })).toBeVisible();
  await expect(page.getByLabel('Week total')).toHaveText('6.50');
  // First sent back: a rejection needs a comment, which the member reads.
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  const rejectDialog = page.getByRole('dialog', { name: `Reject ${member.fullName}'s week` });
  await rejectDialog.getByRole('button', { name: 'Reject week' }).click();
  await expect(rejectDialog.getByText('A comment is required')).toBeVisible();
  await rejectDialog.getByLabel('Comment').fill('Add the client call on Thursday');
  await rejectDialog.getByRole('button', { name: 'Reject week' }).click();
  await expect(page.getByText('Week rejected')).toBeVisible();
  await memberPage.reload();
  await expect(memberPage.getByText(`Rejected by ${owner.fullName}`)).toBeVisible();
  await expect(memberPage.getByText('Add the client call on Thursday')).toBeVisible();
  await memberPage.getByRole('button', { name: 'Submit week' }).click();
  await expect(memberPage.getByText('Week submitted')).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: new RegExp(`^Review ${member.fullName}'s week`) }).click();
  await expect(page.getByRole('heading', { name: `${member.fullName}'s week` })).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Week approved')).toBeVisible();
  await expect(page.getByText('No weeks are waiting for approval.')).toBeVisible();

  // Locked: the member's edit in the time log is refused and nothing changes.
  await memberPage.goto('/time-tracking');
  await memberPage.getByRole('button', { name: 'Actions for No description' }).first().click();
  await memberPage.getByRole('menuitem', { name: 'Edit' }).click();
  // The time log edits the entry in place (or in a dialog): its hours, then save.
  await memberPage.getByLabel('Hours', { exact: true }).fill('5');
  await memberPage.getByRole('button', { name: /^Save( Changes)?$/ }).click();
  await expect(memberPage.getByText("This week's timesheet is approved and locked")).toBeVisible();
  await memberPage.getByRole('button', { name: 'Cancel', exact: true }).click();
  await memberPage.goto('/timesheets');
  await expect(memberPage.getByText('Approved', { exact: true })).toBeVisible();
  await expect(memberPage.getByLabel('Week total')).toHaveText('6.50');
  await expect(cell(memberPage, 'Monday')).toHaveCount(0);

  // The owner unlocks it; the member can change it again.
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByText('Week unlocked')).toBeVisible();
  await memberPage.reload();
  await cell(memberPage, 'Monday').click();
  await memberPage.keyboard.type('4');
  await memberPage.keyboard.press('Enter');
  await expect(memberPage.getByLabel('Week total')).toHaveText('8.50');
});
