import { expect, test, type Browser } from '@playwright/test';
import {
  expectDashboard,
  newUser,
  platformAdmin,
  signIn,
  signUpWithWorkspace,
} from './fixtures.ts';
import { useMailingServer } from './mailing-server.ts';

/*
 * The reset email must really go out, so this journey runs against a server of its own
 * whose SMTP_URL is a loopback sink (the run's server sends no mail), on its own embedded
 * database, serving the same client build.
 */
const mailing = useMailingServer('reset', { AUTH_ACCOUNT_RATE_LIMIT: '1000' });

const newContext = (browser: Browser) => browser.newContext({ baseURL: mailing.server.url });

test('a forgotten password is reset from the emailed link, and every older session ends', async ({
  browser,
}) => {
  const user = newUser('forgetful');
  const newPassword = 'Brand-new-horse-7';

  // An older session, in a browser of its own.
  const older = await newContext(browser);
  const olderPage = await older.newPage();
  await signUpWithWorkspace(olderPage, user);
  await olderPage.goto('/');
  await expectDashboard(olderPage, user.workspace);

  // From the sign-in screen to the request.
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Work email').fill(user.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    page.getByText(
      "If an account exists for that email, we've sent a link to reset your password.",
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to sign in' })).toBeVisible();

  // The email's link.
  const mail = await mailing.sink.waitFor(user.email, { match: /\/reset-password\// });
  const link = /(http\S+\/reset-password\/[A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeDefined();
  expect(link!.startsWith(`${mailing.server.url}/reset-password/`)).toBe(true);

  // The password rules are the password change's, with its messages.
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('short');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Password updated')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer works; the new one does.
  await signIn(page, user.email, user.password);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await signIn(page, user.email, newPassword);
  await expectDashboard(page, user.workspace);

  // The older session was ended with the reset.
  await olderPage.reload();
  await expect(olderPage.getByRole('button', { name: 'Sign In to Continue' })).toBeVisible();

  // The link worked once: opened again, it says so and offers a new one.
  const again = await (await newContext(browser)).newPage();
  await again.goto(link!);
  await again.getByLabel('New password', { exact: true }).fill('Another-horse-8');
  await again.getByLabel('Confirm new password').fill('Another-horse-8');
  await again.getByRole('button', { name: 'Set New Password' }).click();
  await expect(again.getByRole('alert')).toContainText('This reset link is invalid or has expired');
  await again.getByRole('link', { name: 'Request a new link' }).click();
  await expect(again).toHaveURL(/\/forgot-password$/);

  await again.context().close();
  await context.close();
  await older.close();
});

test('a deactivated account is told so after its right password, and only then', async ({
  browser,
  page,
  playwright,
}) => {
  // On the run's own server, where the platform administrator can deactivate it.
  const user = newUser('deactivated');
  const account = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await signUpWithWorkspace(await account.newPage(), user);
  const me = await (await account.request.get('/api/auth/me')).json();
  await account.close();
  const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await admin.post('/api/auth/login', { data: platformAdmin() })).status()).toBe(200);
  const off = await admin.put(`/api/admin/users/${me.id}/status`, { data: { isActive: false } });
  expect(off.status()).toBe(200);
  await admin.dispose();

  await page.goto('/login');
  await signIn(page, user.email, 'Not-the-password-1');
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await signIn(page, user.email, user.password);
  await expect(
    page.getByText('Your account has been deactivated. Contact your administrator.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In to Continue' })).toBeVisible();
});
