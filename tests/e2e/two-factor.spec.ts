import { expect, test, type Page } from '@playwright/test';
import { nextCode } from '../support/totp.ts';
import {
  expectDashboard,
  newUser,
  platformAdmin,
  signIn,
  signOut,
  signUpWithWorkspace,
  type TestUser,
} from './fixtures.ts';

/** Sets two-factor sign-in up on /account as a person would, reading the key the dialog shows. */
async function enrol(page: Page) {
  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Set Up' }).click();

  const dialog = page.getByRole('dialog', { name: 'Set Up Two-Factor Sign-In' });
  await expect(
    dialog.getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeVisible();
  const secret = (await dialog.getByLabel('Secret key').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  const codeField = dialog.getByLabel('2. Enter the 6-digit code from the app');
  await codeField.fill('000000');
  await dialog.getByRole('button', { name: 'Turn On' }).click();
  await expect(dialog.getByText('Invalid verification code')).toBeVisible();
  // Whether the API tokens go too is asked; by default they stay.
  await expect(dialog.getByLabel('Also revoke my API tokens')).not.toBeChecked();
  await codeField.fill(await nextCode(secret));
  await dialog.getByRole('button', { name: 'Turn On' }).click();
  // The toast tells what the server ended, once it has.
  await expect(page.getByText(/signed (in|out)\. Keep your recovery codes safe\./)).toBeVisible();

  const codesDialog = page.getByRole('dialog', { name: 'Save Your Recovery Codes' });
  const items = codesDialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(items).toHaveCount(10);
  const recoveryCodes = await items.allInnerTexts();
  for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

  const download = page.waitForEvent('download');
  await codesDialog.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('keel-recovery-codes.txt');
  await codesDialog.getByRole('button', { name: 'I Have Saved Them' }).click();
  await expect(codesDialog).toBeHidden();

  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(card.getByText('10 recovery codes left.')).toBeVisible();
  return { secret, recoveryCodes };
}

/** The password step, up to the code step it leads to. */
async function passwordStep(page: Page, user: TestUser) {
  await signIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in', level: 1 })).toBeVisible();
  await expect(
    page.getByText('Enter the 6-digit code from your authenticator app', { exact: true }),
  ).toBeVisible();
}

test('enrol, then sign in with a code and with a recovery code, once; wrong codes are refused', async ({
  page,
}) => {
  // Four authenticator codes, each good once: past two in 30 seconds, the next waits for
  // the app's next code, as a person would.
  test.setTimeout(120_000);
  const user = newUser('two-factor');
  await signUpWithWorkspace(page, user);
  const { secret, recoveryCodes } = await enrol(page);

  // A code from the app.
  await signOut(page);
  await passwordStep(page, user);
  // The password step signed nothing in.
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  await page.getByLabel('Verification code').fill('000000');
  await page.getByRole('button', { name: 'Verify and Sign In' }).click();
  await expect(page.getByText('Invalid verification code')).toBeVisible();
  await page.getByLabel('Verification code').fill(await nextCode(secret));
  await page.getByRole('button', { name: 'Verify and Sign In' }).click();
  await expectDashboard(page, user.workspace);

  // A recovery code.
  await signOut(page);
  await passwordStep(page, user);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify and Sign In' }).click();
  await expectDashboard(page, user.workspace);

  // The same recovery code a second time.
  await signOut(page);
  await passwordStep(page, user);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify and Sign In' }).click();
  await expect(page.getByText('Invalid verification code')).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);

  // Back to the app's code, and it is turned off with the password and a code.
  await page.getByRole('button', { name: 'Use your authenticator app' }).click();
  await page.getByLabel('Verification code').fill(await nextCode(secret));
  await page.getByRole('button', { name: 'Verify and Sign In' }).click();
  await expectDashboard(page, user.workspace);
  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(card.getByText('9 recovery codes left.')).toBeVisible();
  await card.getByRole('button', { name: 'Turn Off' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn Off Two-Factor Sign-In' });
  await dialog.getByLabel('Password').fill(user.password);
  await dialog.getByLabel('Verification code').fill('000000');
  await dialog.getByRole('button', { name: 'Turn Off' }).click();
  await expect(dialog.getByText('Invalid verification code')).toBeVisible();
  await dialog.getByLabel('Verification code').fill(await nextCode(secret));
  await dialog.getByRole('button', { name: 'Turn Off' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
});

test('a platform administrator resets two-factor sign-in from the user drawer', async ({
  page,
  browser,
}) => {
  // The enrolment's first code may wait for the app's next one (up to 30 s) before the rest.
  test.setTimeout(90_000);
  const user = newUser('locked-out');
  const own = await browser.newContext();
  const ownPage = await own.newPage();
  await signUpWithWorkspace(ownPage, user);
  await enrol(ownPage);
  await own.close();

  const login = await page.request.post('/api/auth/login', { data: platformAdmin() });
  expect(login.status()).toBe(200);
  await page.goto('/admin/users');
  await page.getByLabel('Search users').fill(user.email);
  const row = page.getByRole('row').filter({ hasText: user.email });
  await row.getByRole('button', { name: 'Edit' }).click();
  const drawer = page.getByRole('dialog', { name: 'Edit User' });
  await drawer.getByRole('tab', { name: 'System' }).click();
  await expect(drawer.getByText('On', { exact: true })).toBeVisible();
  await drawer.getByRole('button', { name: 'Reset' }).click();
  const confirm = page.getByRole('dialog', { name: 'Reset Two-Factor Sign-In' });
  await expect(confirm).toContainText(user.email);
  await confirm.getByRole('button', { name: 'Reset Two-Factor' }).click();
  await expect(page.getByText('Two-factor sign-in reset')).toBeVisible();
  await expect(drawer.getByText('Off', { exact: true })).toBeVisible();

  // The password alone signs the user in again.
  const again = await browser.newContext();
  const againPage = await again.newPage();
  await againPage.goto('/login');
  await signIn(againPage, user.email, user.password);
  await expectDashboard(againPage, user.workspace);
  await again.close();
});
