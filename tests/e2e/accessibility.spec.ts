import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import axe from 'axe-core';
import { newUser, platformAdmin, signIn, signUpWithWorkspace } from './fixtures.ts';

/**
 * WCAG 2.2 A and AA, as axe-core checks it: every route, the admin console and the main
 * dialogs, in both themes, on a desktop and a phone. Any serious or critical violation
 * fails, listed with its page, theme, width, rule and the elements concerned.
 */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
/**
 * Run by name as well as by tag: a control's accessible name contains its visible text
 * (WCAG 2.5.3), so a voice user can say what they see. Up to axe-core 4.13 the rule is
 * tagged experimental, which the tags above do not select; named, it runs whatever its tags.
 */
const ALSO_RUN = ['label-content-name-mismatch'];
const THEMES = ['light', 'dark'] as const;
const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
];

/** Routes of SPEC §2 in a workspace, with the record pages added since. */
const WORKSPACE_ROUTES = [
  '/',
  '/opportunities',
  '/contacts',
  '/organizations',
  '/clients',
  '/projects',
  '/tasks',
  '/time-tracking',
  '/timesheets',
  '/resourcing',
  '/invoices',
  '/recurring-invoices',
  '/recurring-invoices/new',
  '/proposals',
  '/estimates',
  '/contracts',
  '/forms',
  '/scheduling',
  '/scheduling?tab=types',
  '/scheduling?tab=availability',
  '/scheduling?tab=feed',
  '/services',
  '/portal',
  '/financial-overview',
  '/payments',
  '/income',
  '/expenses',
  '/banking',
  '/rate-cards',
  '/reports',
  '/team',
  '/workspace/settings',
  '/workspace/billing',
  '/settings',
  '/account',
  '/no-such-page',
];
const ADMIN_ROUTES = [
  '/admin',
  '/admin/users',
  '/admin/workspaces',
  '/admin/invitations',
  '/admin/logs',
];
const SIGNED_OUT_ROUTES = [
  '/login',
  '/signup',
  '/forgot-password',
  // A link's form is drawn whatever the token; only setting the password checks it.
  `/reset-password/${'A'.repeat(43)}`,
];

interface Finding {
  where: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

async function scan(page: Page, where: string, findings: Finding[], include?: string) {
  // The axe-core of this project (package.json), not the older one @axe-core/playwright
  // bundles: the wrapper's releases with axe-core 4.14 require Node 22.
  let builder = new AxeBuilder({ page, axeSource: axe.source }).options({
    runOnly: { type: 'tag', values: WCAG },
    rules: Object.fromEntries(ALSO_RUN.map((rule) => [rule, { enabled: true }])),
    // Only violations are read: axe then details no passing or incomplete node, which on
    // pages of long tables is most of its time.
    resultTypes: ['violations'],
  });
  if (include) builder = builder.include(include);
  // A menu or dialog still fading in would be scanned with its colours blended into the
  // page's (on a busy machine the fade outlasts the wait for it to be visible). Endless
  // animations (spinners) are no fade: they are left running.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  // A fade that has not started yet is no running animation: the notifications dropdown was
  // once scanned at the first frame of its fade, its text blended into the page (2.17:1).
  // Every open floating layer is fully opaque before it is measured.
  await page.waitForFunction(() =>
    [
      ...document.querySelectorAll(
        '[role="dialog"], [role="menu"], [role="tooltip"], [role="listbox"], .mantine-Popover-dropdown',
      ),
    ].every((layer) => getComputedStyle(layer).opacity === '1'),
  );
  const { violations } = await builder.analyze();
  for (const v of violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    findings.push({
      where,
      rule: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes
        .slice(0, 5)
        .map((n) => `${n.html.slice(0, 200)}\n      ${n.failureSummary ?? ''}`),
    });
  }
}

/** Waits until the page has drawn its content: a heading, no spinner, fonts loaded. */
async function settled(page: Page) {
  await expect(page.locator('h1, h2').first()).toBeVisible();
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  // Transitions (menus, the page fade) end before colours are measured.
  await page.waitForTimeout(250);
}

function report(findings: Finding[]): string {
  return findings
    .map((f) => `${f.where}: ${f.impact} ${f.rule} (${f.help})\n    ${f.targets.join('\n    ')}`)
    .join('\n');
}

/** A workspace with one of everything, so lists, badges and cards are drawn. */
async function seedWorkspace(page: Page) {
  const post = async (url: string, data: unknown) => {
    const res = await page.request.post(url, { data });
    expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
    return (await res.json()) as { id: number };
  };
  const org = await post('/api/organizations', { name: 'Atelier Lumière' });
  const person = await post('/api/persons', {
    fullName: 'Léa Martin',
    email: 'lea@atelier-lumiere.fr',
    phone: '+33 6 12 34 56 78',
    companyId: org.id,
  });
  await post('/api/leads', { dealName: 'Brand refresh', personId: person.id, value: 4200 });
  const client = await post('/api/clients', {
    name: 'Atelier Lumière',
    email: 'compta@atelier-lumiere.fr',
  });
  const project = await post('/api/projects', {
    name: 'Website',
    clientId: client.id,
    budgetType: 'time',
    budgetLimit: 10,
    hourlyRate: 100,
  });
  await post('/api/time-entries', { projectId: project.id, hours: 2, date: '2026-11-20' });
  const paid = await post('/api/invoices', {
    clientId: client.id,
    lines: [{ description: 'Design', quantity: '1', unitPrice: '500' }],
  });
  await post(`/api/invoices/${paid.id}/issue`, {});
  await post(`/api/invoices/${paid.id}/payments`, { amount: '500', date: '2026-11-21' });
  const sent = await post('/api/invoices', {
    clientId: client.id,
    lines: [{ description: 'Build', quantity: '3', unitPrice: '120' }],
  });
  await post(`/api/invoices/${sent.id}/issue`, {});
  await post('/api/invoices', {
    clientId: client.id,
    lines: [{ description: 'Care plan', quantity: '1', unitPrice: '90' }],
  });
  await post('/api/proposals', {
    title: 'Brand refresh',
    clientName: 'Atelier Lumière',
    description: 'Logo and type',
    amount: '4200',
  });
  await post('/api/expenses', {
    date: '2026-11-19',
    amount: '84.50',
    vendor: 'Librairie du Centre',
    clientId: client.id,
    billable: true,
    markupPercent: '10',
    notes: 'Reference books',
  });
  const recurring = await post('/api/recurring-invoices', {
    clientId: client.id,
    lines: [{ description: 'Hosting', quantity: '1', unitPrice: '49' }],
    frequency: 'monthly',
    startDate: new Date().toISOString().slice(0, 10),
    endAfterCount: 12,
  });
  // A card on the estimates grid, a card on the task board, and the top bar's timer: each
  // a control named by what it shows.
  await post('/api/estimates', {
    clientId: client.id,
    lines: [{ description: 'Signage', quantity: '1', unitPrice: '300' }],
    status: 'sent',
  });
  const me = (await (await page.request.get('/api/auth/me')).json()) as { id: number };
  await post('/api/tasks', {
    title: 'Design the home page',
    projectId: project.id,
    assigneeId: me.id,
    dueDate: '2026-12-01',
    estimateHours: 8,
  });
  await post('/api/timer/start', { projectId: project.id });
  const workspaces = (await (await page.request.get('/api/user/workspaces')).json()) as {
    id: number;
  }[];
  // A booking page with a question, and a booking's manage page (both public, no React);
  // the booking is also a row of /scheduling, whose dialogs the sweep opens.
  const hours = await page.request.put('/api/availability', {
    data: {
      timezone: 'Europe/Paris',
      weekly: { mon: [{ start: '09:00', end: '17:00' }], thu: [{ start: '09:00', end: '17:00' }] },
    },
  });
  expect(hours.status(), await hours.text()).toBe(200);
  const bookingType = (await post('/api/booking-types', {
    name: 'Discovery call',
    durationMinutes: 30,
    location: 'Video call',
    questions: [{ key: 'project', label: 'Your project', required: true }],
  })) as unknown as { publicSlug: string };
  const slots = (await (
    await page.request.get(
      `/api/public/booking/${bookingType.publicSlug}?from=${new Date().toISOString().slice(0, 10)}&to=${new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10)}&timezone=Europe/Paris`,
    )
  ).json()) as { slots: { start: string }[] };
  const booked = (await post(`/api/public/booking/${bookingType.publicSlug}/bookings`, {
    start: slots.slots[0]!.start,
    name: 'Léa Martin',
    email: 'lea@atelier-lumiere.fr',
    timezone: 'Europe/Paris',
    answers: { project: 'Brand refresh' },
  })) as unknown as { manageUrl: string };
  return {
    bookingPath: `/book/${bookingType.publicSlug}`,
    managePath: new URL(booked.manageUrl).pathname,
    invoiceId: sent.id,
    clientId: client.id,
    projectId: project.id,
    recurringId: recurring.id,
    workspaceId: workspaces[0]!.id,
  };
}

/** The main dialogs and drawers, each opened from its page. */
const DIALOGS: { name: string; route: string; open: (page: Page) => Promise<void> }[] = [
  {
    name: 'Add Contact',
    route: '/contacts',
    open: (page) => page.getByRole('button', { name: 'Add Contact' }).first().click(),
  },
  {
    // Inputs in error: their messages, placeholders and borders must stay readable.
    name: 'Add Contact, with its errors',
    route: '/contacts',
    open: async (page) => {
      await page.getByRole('button', { name: 'Add Contact' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('button[type="submit"]').click();
      await expect(dialog.getByText('Full name is required')).toBeVisible();
    },
  },
  {
    name: 'contact drawer',
    route: '/contacts',
    open: (page) => page.getByText('Léa Martin').first().click(),
  },
  {
    name: 'Import CSV',
    route: '/contacts',
    open: (page) => page.getByRole('button', { name: 'Import CSV' }).click(),
  },
  {
    name: 'Add Opportunity',
    route: '/opportunities',
    open: (page) => page.getByRole('button', { name: 'Add Opportunity' }).first().click(),
  },
  {
    name: 'Manage Stages',
    route: '/opportunities',
    open: (page) => page.getByRole('button', { name: 'Manage Stages' }).click(),
  },
  {
    name: 'Create Invoice',
    route: '/invoices',
    open: (page) => page.getByRole('button', { name: 'Create Invoice', exact: true }).click(),
  },
  {
    name: 'notifications dropdown',
    route: '/',
    open: async (page) => {
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeVisible();
    },
  },
  {
    name: 'Add Expense, with its errors',
    route: '/expenses',
    open: async (page) => {
      await page.getByRole('button', { name: 'Add Expense' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('button[type="submit"]').click();
      await expect(dialog.getByText('Amount is required')).toBeVisible();
    },
  },
  {
    name: 'Expense categories',
    route: '/expenses',
    open: (page) => page.getByRole('button', { name: 'Manage categories' }).click(),
  },
  {
    name: 'Add Rate Card, with its errors',
    route: '/rate-cards',
    open: async (page) => {
      await page.getByRole('button', { name: 'Add Rate Card' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('button[type="submit"]').click();
      await expect(dialog.getByText('Billable rate is required')).toBeVisible();
    },
  },
  {
    name: 'Re-price unbilled time',
    route: '/rate-cards',
    open: (page) => page.getByRole('button', { name: 'Re-price unbilled time' }).click(),
  },
  {
    name: 'Log Time',
    route: '/time-tracking',
    open: (page) => page.getByRole('button', { name: 'Log Time', exact: true }).click(),
  },
  {
    name: 'Log Time, its calendar open',
    route: '/time-tracking',
    open: async (page) => {
      await page.getByRole('button', { name: 'Log Time', exact: true }).click();
      await page.getByRole('dialog', { name: 'Log Time' }).getByLabel('Date').focus();
      await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
    },
  },
  {
    name: 'Add Task',
    route: '/tasks',
    open: (page) => page.getByRole('button', { name: 'Add Task', exact: true }).click(),
  },
  {
    name: 'Manage Statuses',
    route: '/tasks',
    open: (page) => page.getByRole('button', { name: 'Manage Statuses' }).click(),
  },
  {
    name: 'Add a row',
    route: '/timesheets',
    open: (page) => page.getByRole('button', { name: 'Add row', exact: true }).click(),
  },
  {
    name: 'Weekly capacity',
    route: '/team',
    open: (page) =>
      page
        .getByRole('button', { name: /^Weekly capacity of / })
        .first()
        .click(),
  },
  {
    name: 'Add bank account',
    route: '/banking',
    open: (page) => page.getByRole('button', { name: 'Add bank account' }).first().click(),
  },
  {
    name: 'New booking type',
    route: '/scheduling?tab=types',
    open: (page) => page.getByRole('button', { name: 'New booking type' }).click(),
  },
  {
    name: 'Reschedule booking',
    route: '/scheduling',
    open: async (page) => {
      await page.getByRole('button', { name: /^Actions for Léa Martin/ }).click();
      await page.getByRole('menuitem', { name: 'Reschedule' }).click();
    },
  },
  {
    name: 'Cancel booking',
    route: '/scheduling',
    open: async (page) => {
      await page.getByRole('button', { name: /^Actions for Léa Martin/ }).click();
      await page.getByRole('menuitem', { name: 'Cancel booking' }).click();
    },
  },
  {
    name: 'command palette',
    route: '/',
    open: (page) => page.keyboard.press('Control+K'),
  },
];

// One test per theme and width, in this order (one worker, in file order): each stays
// well inside its own time limit, and a failure names its theme and width. The first signs
// the account up and seeds its workspace; the others sign in to it.
const user = newUser('a11y');
let seededOnce = false;

for (const theme of THEMES) {
  for (const viewport of WIDTHS) {
    test(`no serious or critical accessibility violation on any page or main dialog, ${theme} theme, ${viewport.width} px`, async ({
      browser,
    }) => {
      // CI runs this file in a lane of its own beside the journeys and the PostgreSQL tests.
      // Under a loaded CI machine the first (it also seeds the workspace) took over 12 minutes.
      test.setTimeout(1_200_000);
      const findings: Finding[] = [];
      const admin = platformAdmin();
      const context = await browser.newContext({ colorScheme: theme, viewport });
      const page = await context.newPage();
      const at = (route: string) => `${route} ${theme} ${viewport.width}px`;

      for (const route of SIGNED_OUT_ROUTES) {
        await page.goto(route);
        await settled(page);
        await scan(page, at(route), findings);
      }

      if (!seededOnce) {
        await signUpWithWorkspace(page, user);
        const seeded = await seedWorkspace(page);
        WORKSPACE_ROUTES.push(
          `/invoices/${seeded.invoiceId}`,
          `/clients/${seeded.clientId}`,
          `/projects/${seeded.projectId}`,
          `/projects/${seeded.projectId}?tab=team`,
          `/recurring-invoices/${seeded.recurringId}`,
          seeded.bookingPath,
          seeded.managePath,
        );
        ADMIN_ROUTES.push(`/admin/workspaces/${seeded.workspaceId}`);
        seededOnce = true;
      } else {
        await page.goto('/login');
        await signIn(page, user.email, user.password);
        await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      }
      for (const route of WORKSPACE_ROUTES) {
        await page.goto(route);
        await settled(page);
        await scan(page, at(route), findings);
      }
      for (const dialog of DIALOGS) {
        await page.goto(dialog.route);
        await settled(page);
        await dialog.open(page);
        await expect(page.getByRole('dialog').first()).toBeVisible();
        await page.waitForTimeout(300);
        await scan(page, at(`${dialog.route} ${dialog.name}`), findings);
      }
      // The profile menu, open.
      await page.goto('/');
      await settled(page);
      if (viewport.width < 768) await page.getByRole('button', { name: 'Open navigation' }).click();
      await page.getByRole('button', { name: 'Profile menu' }).first().click();
      await expect(page.getByRole('menu')).toBeVisible();
      await scan(page, at('/ profile menu'), findings);
      await context.close();

      const adminContext = await browser.newContext({ colorScheme: theme, viewport });
      const adminPage = await adminContext.newPage();
      await adminPage.goto('/login');
      await signIn(adminPage, admin.email, admin.password);
      await expect(adminPage).not.toHaveURL(/\/login/);
      for (const route of ADMIN_ROUTES) {
        await adminPage.goto(route);
        await settled(adminPage);
        await scan(adminPage, at(route), findings);
      }
      await adminContext.close();
      expect(findings, report(findings)).toEqual([]);
    });
  }
}
