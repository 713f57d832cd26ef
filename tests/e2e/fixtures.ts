import { readFileSync, writeFileSync } from 'node:fs';
import { tz } from '@date-fns/tz';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
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

/** Two animation frames in the page: whatever the last pointer event set off has been drawn. */
const nextFrames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );

/**
 * Drags with the mouse the way a person does (dnd-kit reads pointer moves): press, a small
 * move past the 3 px activation distance, a path in steps to the drop point (by default the
 * target's centre, at most `maxDepth` px below its top, for tall columns), a pause, release.
 *
 * First the page scrolls so that the grab and drop points sit around the middle of the
 * window: dnd-kit scrolls the page while the pointer is near its top or bottom edge, so a
 * drop point there moves under the pointer for as long as the drag lasts (the form builder's
 * fields, dragged up to just under the header, landed one field too high on a slow run).
 * The pauses wait for the page's frames: dnd-kit measures what is under the pointer on an
 * animation frame, and on a loaded machine a release sent straight after the last move can
 * land before that frame.
 */
export async function dragWithMouse(
  page: Page,
  source: Locator,
  target: Locator,
  { maxDepth = Infinity }: { maxDepth?: number } = {},
): Promise<void> {
  const points = async () => {
    const from = await source.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('Cannot drag an element that is not on screen');
    return {
      startX: from.x + from.width / 2,
      startY: from.y + from.height / 2,
      dropX: to.x + to.width / 2,
      dropY: to.y + Math.min(maxDepth, to.height / 2),
    };
  };
  const before = await points();
  await page.evaluate(
    (middle) => window.scrollBy(0, middle - window.innerHeight / 2),
    (before.startY + before.dropY) / 2,
  );
  const { startX, startY, dropX, dropY } = await points();
  await page.mouse.move(startX, startY);
  await page.mouse.down();
  await page.mouse.move(startX + 8, startY + 4, { steps: 4 });
  await nextFrames(page);
  await page.mouse.move(dropX, dropY, { steps: 12 });
  await nextFrames(page);
  // One more move where it is: the collision is measured again with everything in place.
  await page.mouse.move(dropX, dropY + 1);
  await nextFrames(page);
  await page.mouse.up();
}

/**
 * Picks a dnd-kit item up with the keyboard (focus, Space) and waits until dnd-kit listens for
 * the arrows. It adds its key listener in a `setTimeout` after the pick-up, and Chromium runs
 * input before timers: an arrow sent as soon as the item shows as held (`aria-pressed`) could
 * reach the page before the listener and be lost (seen on runs without tracing, where actions
 * follow each other faster).
 */
export async function pickUpWithKeyboard(page: Page, item: Locator): Promise<void> {
  await item.focus();
  await page.keyboard.press('Space');
  await expect(item).toHaveAttribute('aria-pressed', 'true');
  // A timer set now runs after dnd-kit's, set at the pick-up.
  await page.evaluate(() => new Promise<void>((done) => setTimeout(done, 0)));
}
