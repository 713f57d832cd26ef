import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newUser, signUpWithWorkspace, type TestUser } from './fixtures.ts';

/**
 * Every page of the signed-in shell: its path and top-bar title, and the page's own
 * heading where this shell owns the page for good (screens of later domains replace the
 * others' placeholders).
 */
const SHELL_PAGES: { path: string; title: string; heading?: string }[] = [
  { path: '/opportunities', title: 'Opportunities' },
  { path: '/contacts', title: 'Contacts' },
  { path: '/organizations', title: 'Organizations' },
  { path: '/projects', title: 'Projects' },
  { path: '/tasks', title: 'Tasks', heading: 'Tasks' },
  { path: '/time-tracking', title: 'Time Tracking' },
  { path: '/timesheets', title: 'Timesheets', heading: 'Timesheets' },
  { path: '/resourcing', title: 'Resourcing' },
  { path: '/invoices', title: 'Invoices' },
  { path: '/proposals', title: 'Proposals' },
  { path: '/estimates', title: 'Estimates' },
  { path: '/contracts', title: 'Contracts', heading: 'Contracts' },
  { path: '/forms', title: 'Forms', heading: 'Forms' },
  { path: '/scheduling', title: 'Scheduling', heading: 'Scheduling' },
  { path: '/services', title: 'Services', heading: 'Services' },
  { path: '/portal', title: 'Client Portal', heading: 'Client Portal' },
  { path: '/financial-overview', title: 'Financial Overview' },
  { path: '/reports', title: 'Reports' },
  { path: '/payments', title: 'Payments', heading: 'Payments' },
  { path: '/income', title: 'Income', heading: 'Income' },
  { path: '/expenses', title: 'Expenses', heading: 'Expenses' },
  { path: '/banking', title: 'Banking', heading: 'Bank accounts' },
  { path: '/rate-cards', title: 'Rate Cards' },
  { path: '/team', title: 'Team Management' },
  { path: '/workspace/settings', title: 'Workspace Settings' },
  { path: '/workspace/billing', title: 'Billing', heading: 'Billing' },
  { path: '/settings', title: 'Settings', heading: 'Settings' },
  { path: '/account', title: 'Account Settings' },
];

/**
 * The first account ever created is the platform administrator; making one here first
 * keeps the user under test an ordinary user, whatever ran before.
 */
async function ensureAdminExists(request: APIRequestContext): Promise<void> {
  const someone = newUser('first');
  await request.post('/api/auth/signup', {
    data: { fullName: someone.fullName, email: someone.email, password: someone.password },
  });
}

async function signedInUser(page: Page, request: APIRequestContext): Promise<TestUser> {
  await ensureAdminExists(request);
  const user = newUser('shell');
  await signUpWithWorkspace(page, user);
  return user;
}

function heading(page: Page, name: string, level: number) {
  return page.getByRole('heading', { name, level, exact: true });
}

test('every page of the shell shows its title and heading without console errors', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  const user = await signedInUser(page, request);

  await page.goto('/');
  await expect(heading(page, 'Dashboard', 1)).toBeVisible();
  await expect(heading(page, user.workspace, 2)).toBeVisible();

  for (const shellPage of SHELL_PAGES) {
    await page.goto(shellPage.path);
    await expect(heading(page, shellPage.title, 1)).toBeVisible();
    // The page itself rendered, and it is not the not-found page.
    const main = page.getByRole('main');
    await expect(main.getByRole('status', { name: 'Loading' })).toHaveCount(0);
    await expect(main).not.toBeEmpty();
    await expect(main.getByText('404 Page Not Found')).toHaveCount(0);
    if (shellPage.heading) await expect(heading(page, shellPage.heading, 2)).toBeVisible();
  }

  await page.goto('/financial-overview');
  for (const card of ['Total Revenue', 'Total Expenses', 'Net Profit', 'Outstanding']) {
    await expect(page.getByText(card, { exact: true }).first()).toBeVisible();
  }

  expect(errors).toEqual([]);
});

test('an unknown path shows the 404 page inside the shell', async ({ page, request }) => {
  await signedInUser(page, request);
  await page.goto('/definitely/not/a/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expect(heading(page, 'Dashboard', 1)).toBeVisible();
});

/** The flyout of a rail group (its links are in a navigation landmark named after it). */
function flyout(page: Page, group: string) {
  return page.getByRole('navigation', { name: group, exact: true });
}

test('a group flyout opens on hover and closes after a link is clicked', async ({
  page,
  request,
}) => {
  await signedInUser(page, request);
  await page.goto('/');
  await expect(heading(page, 'Dashboard', 1)).toBeVisible();

  // Leaving both the icon and the flyout closes it.
  const financial = flyout(page, 'Financial Management');
  await expect(financial).toHaveCount(0);
  await page.getByRole('button', { name: 'Financial Management' }).hover();
  await expect(financial.getByRole('link', { name: 'Invoices', exact: true })).toBeVisible();
  await page.mouse.move(900, 500);
  await expect(financial).toHaveCount(0);

  // The pointer can travel from the icon into the flyout, and a click there closes it.
  const organization = flyout(page, 'Organization Management');
  await page.getByRole('button', { name: 'Organization Management' }).hover();
  const contacts = organization.getByRole('link', { name: 'Contacts', exact: true });
  await expect(contacts).toBeVisible();
  await expect(organization.getByRole('link', { name: 'Deals', exact: true })).toBeVisible();
  await contacts.hover();
  await contacts.click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(heading(page, 'Contacts', 1)).toBeVisible();
  await expect(organization).toHaveCount(0);
});

test('the theme chosen in the profile menu survives a reload', async ({ page, request }) => {
  await signedInUser(page, request);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Change Theme' }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  // Without a reload, the light-dark() surfaces turn dark too.
  await expect(html).toHaveCSS('color-scheme', 'dark');
  await page.reload();
  await expect(heading(page, 'Dashboard', 1)).toBeVisible();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');

  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await page.reload();
  await expect(heading(page, 'Dashboard', 1)).toBeVisible();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('the workspace menu lists the workspaces and hides Admin Panel from non-admins', async ({
  page,
  request,
}) => {
  const user = await signedInUser(page, request);
  const second = `Second ${user.workspace}`;
  const created = await page.request.post('/api/workspaces', { data: { name: second } });
  expect(created.status()).toBe(201);
  await page.goto('/');
  await expect(heading(page, second, 2)).toBeVisible();

  await page.getByRole('button', { name: 'Workspace menu' }).click();
  const menu = page.getByRole('menu');
  for (const label of ['Team Management', 'Workspace Settings', 'Billing']) {
    await expect(menu.getByRole('menuitem', { name: label })).toBeVisible();
  }
  await expect(menu.getByRole('menuitem', { name: 'Admin Panel' })).toHaveCount(0);
  const firstWorkspace = menu
    .getByRole('menuitem')
    .filter({ hasText: user.workspace })
    .filter({ hasNotText: second });
  await expect(firstWorkspace).toContainText('Owner');

  // SPEC §4: choosing another workspace in the switcher reloads the page.
  await page.evaluate(() => ((window as { beforeSwitch?: boolean }).beforeSwitch = true));
  await firstWorkspace.click();
  await expect(heading(page, user.workspace, 2)).toBeVisible();
  expect(await page.evaluate(() => (window as { beforeSwitch?: boolean }).beforeSwitch)).toBe(
    undefined,
  );

  await page.getByRole('button', { name: 'Workspace menu' }).click();
  await page.getByRole('menuitem', { name: 'Billing' }).click();
  await expect(page).toHaveURL(/\/workspace\/billing$/);
  await expect(heading(page, 'Billing', 2)).toBeVisible();
});

test('Ctrl+K opens the command palette, which finds a page and goes there', async ({
  page,
  request,
}) => {
  await signedInUser(page, request);
  await page.goto('/');
  await expect(heading(page, 'Dashboard', 1)).toBeVisible();
  await page.keyboard.press('Control+K');
  const search = page.getByPlaceholder('Search pages and actions...');
  await expect(search).toBeFocused();
  // SPEC §9: the list is at most 300 px high, however many pages there are.
  const list = page.locator('.mantine-Spotlight-actionsList');
  await expect(list).toBeVisible();
  expect((await list.boundingBox())?.height).toBeLessThanOrEqual(300);
  await search.fill('invoi');
  // Invoices, and Recurring Invoices after it.
  const invoices = page.getByRole('button', { name: /^Invoices/ });
  await expect(invoices).toBeVisible();
  await expect(page.getByRole('button', { name: /^Recurring Invoices/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Contacts/ })).toHaveCount(0);
  await invoices.click();
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(heading(page, 'Invoices', 1)).toBeVisible();
  await expect(search).toBeHidden();

  // Also by a word that is not in the label: "pipeline" finds Deals.
  await page.keyboard.press('Control+K');
  await page.getByPlaceholder('Search pages and actions...').fill('pipeline');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/opportunities$/);
});

test('the command palette finds contacts, organizations and deals by name', async ({
  page,
  request,
}) => {
  await signedInUser(page, request);
  const organization = await page.request.post('/api/organizations', {
    data: { name: 'Quartermaine Holdings' },
  });
  expect(organization.status()).toBe(201);
  const { id: companyId } = (await organization.json()) as { id: number };
  const person = await page.request.post('/api/persons', {
    data: { fullName: 'Zelda Quartermaine', email: 'zelda@quartermaine.example.com', companyId },
  });
  expect(person.status()).toBe(201);
  const { id: personId } = (await person.json()) as { id: number };
  const lead = await page.request.post('/api/leads', {
    data: { dealName: 'Quartermaine rebrand', personId, companyId, value: '4200' },
  });
  expect(lead.status()).toBe(201);

  await page.goto('/');
  await expect(heading(page, 'Dashboard', 1)).toBeVisible();
  await page.keyboard.press('Control+K');
  await page.getByPlaceholder('Search pages and actions...').fill('quarterm');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: /Zelda Quartermaine/ })).toBeVisible();
  await expect(
    dialog.getByRole('button', { name: /Quartermaine Holdings.*1 person/ }),
  ).toBeVisible();
  const deal = dialog.getByRole('button', { name: /Quartermaine rebrand/ });
  await expect(deal).toContainText('$4,200.00');

  await dialog.getByRole('button', { name: /Zelda Quartermaine/ }).click();
  await expect(page).toHaveURL(/\/contacts\?q=Zelda(\+|%20)Quartermaine$/);
  await expect(heading(page, 'Contacts', 1)).toBeVisible();
});

test('at 375 px the navigation is a drawer whose links work', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signedInUser(page, request);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Organization Management' })).toBeHidden();
  // Nothing overflows sideways.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'Financial Management' }).click();
  await drawer.getByRole('link', { name: 'Invoices', exact: true }).click();
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(heading(page, 'Invoices', 1)).toBeVisible();
  await expect(drawer).toBeHidden();

  await page.getByRole('button', { name: 'Open navigation' }).click();
  await drawer.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(heading(page, 'Dashboard', 1)).toBeVisible();
  await expect(drawer).toBeHidden();
});

test('the notifications dropdown filters an empty list', async ({ page, request }) => {
  await signedInUser(page, request);
  await page.goto('/');
  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByText('No notifications yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeVisible();
  await page.getByText('Mentions', { exact: true }).click();
  await expect(page.getByText('No notifications yet')).toBeVisible();
  await expect(page.getByText('When something is assigned to you')).toBeVisible();
  await page.getByText('Updates', { exact: true }).click();
  await expect(page.getByText('No notifications yet')).toBeVisible();

  await page.keyboard.press('Escape');
  await page.getByRole('banner').getByRole('link', { name: 'Upgrade Now' }).click();
  await expect(page).toHaveURL(/\/workspace\/billing$/);
});

test('every settings tab saves to the server: profile, business, notifications, password', async ({
  page,
  request,
}) => {
  await signedInUser(page, request);
  await page.goto('/settings');
  // Profile is the account's profile: the same card as /account, saved on the server.
  const profile = page.getByRole('region', { name: 'Basic Information' });
  const first = profile.getByLabel('First Name');
  await first.fill('');
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await expect(profile.getByText('First name is required')).toBeVisible();
  await first.fill('Augusta');
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();

  await page.getByRole('tab', { name: 'Business' }).click();
  const rate = page.getByLabel('Default hourly rate');
  await rate.fill('');
  const business = page.getByRole('tabpanel', { name: 'Business' });
  await business.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Default hourly rate is required')).toBeVisible();
  await rate.fill('150');
  await business.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Business settings updated')).toBeVisible();

  await page.getByRole('tab', { name: 'Notifications' }).click();
  const alerts = page.getByRole('switch', { name: /^Security Alerts/ });
  await expect(alerts).toBeChecked();
  await alerts.click();
  await expect(alerts).not.toBeChecked();

  await page.getByRole('tab', { name: 'Account' }).click();
  await expect(page.getByRole('region', { name: 'Change Password' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Two-factor sign-in' })).toBeVisible();

  // Everything above was saved: a reload and the account page show it.
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Basic Information' }).getByLabel('First Name'),
  ).toHaveValue('Augusta');
  await page.getByRole('tab', { name: 'Business' }).click();
  await expect(page.getByLabel('Default hourly rate')).toHaveValue(/^150/);
  await page.goto('/account');
  await expect(
    page
      .getByRole('region', { name: 'Notification Preferences' })
      .getByRole('switch', { name: /^Security Alerts/ }),
  ).not.toBeChecked();
});

test('the billing page tells a self-hosted truth: the plan of Workspace Settings, no card, real usage', async ({
  page,
  request,
}) => {
  await signedInUser(page, request);
  await page.goto('/workspace/billing');
  const plan = page.getByRole('region', { name: 'Plan' });
  await expect(plan.getByRole('heading', { name: 'Free', level: 3 })).toBeVisible();
  await expect(plan.getByText('Self-hosted', { exact: true })).toBeVisible();
  await expect(plan.getByText('No payment method on file')).toBeVisible();
  // None of the sample figures the page used to invent.
  for (const invented of ['Premium Plan', '$49', 'Visa ending in 4242', '8 of 25 members']) {
    await expect(page.getByText(invented)).toHaveCount(0);
  }
  await expect(page.getByRole('button', { name: /Upgrade Plan|Change Plan/ })).toHaveCount(0);

  // A new workspace: its owner, nothing else, and no stored file yet.
  const usage = page.getByRole('region', { name: 'Usage' });
  const figure = (label: string) => usage.getByRole('region', { name: label, exact: true });
  await expect(figure('Team members')).toContainText('1');
  await expect(figure('Team members')).toContainText('All active');
  await expect(figure('Contacts')).toContainText('0');
  await expect(figure('Invoices')).toContainText('0');
  await expect(usage.getByText('0 B of 200.0 MB')).toBeVisible();
  await expect(usage.getByRole('progressbar', { name: 'Storage' })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );

  // Two contacts and an organization later, the page counts them.
  for (const fullName of ['Ada Lovelace', 'Alan Turing']) {
    const res = await page.request.post('/api/persons', { data: { fullName } });
    expect(res.status()).toBe(201);
  }
  const org = await page.request.post('/api/organizations', { data: { name: 'Analytical Ltd' } });
  expect(org.status()).toBe(201);
  await page.reload();
  await expect(figure('Contacts')).toContainText('2');
  await expect(figure('Organizations')).toContainText('1');
  await expect(figure('Projects')).toContainText('0');

  // Workspace Settings names the same plan.
  await page.goto('/workspace/settings');
  await expect(page.getByText('Free', { exact: true })).toBeVisible();
});

test('the inspector is off until its shortcut, then copies the colour under the pointer', async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signedInUser(page, request);
  await page.goto('/');
  const card = page.getByRole('status', { name: 'Inspected element' });
  const upgrade = page.getByRole('banner').getByRole('link', { name: 'Upgrade Now' });
  await upgrade.hover();
  await expect(card).toHaveCount(0);

  await page.keyboard.press('Control+Alt+KeyI');
  await expect(page.getByText(/^Inspector on/)).toBeVisible();
  await page.mouse.move(0, 0);
  await upgrade.hover();
  await expect(card).toBeVisible();
  await expect(card).toContainText('Size');
  await expect(card).toContainText('Radius');
  await expect(card).toContainText('Font');
  await page.keyboard.press('c');
  await expect(page.getByText('Color Copied!')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^#[0-9a-f]{6}$/);

  await page.keyboard.press('Control+Alt+KeyI');
  await expect(card).toHaveCount(0);
});
