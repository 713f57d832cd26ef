import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { newUser, platformAdmin, signUpWithWorkspace, type TestUser } from './fixtures.ts';

/*
 * Browser attacks (issue 9): stored XSS shown back on every page, cross-site requests made
 * with the victim's cookie, and the headers that keep the app out of frames and scripts out
 * of the page. Every payload, if it ever ran, calls `__x(id)` (or opens a dialog), which the
 * test hears through a binding in every frame; a blocked attempt shows as a CSP violation,
 * which counts too: it means markup got through to the DOM.
 */

/**
 * The corpus. Each is at most 50 characters, the smallest limit of a free-text field (tag
 * and stage names, first and last names, phones, invoice numbers), so any payload fits in
 * any field.
 */
const PAYLOADS = [
  '<script>__x(1)</script>',
  '<img src=x onerror=__x(2)>',
  '<svg onload=__x(3)>',
  'javascript:__x(4)',
  '"><img src=x onerror=__x(5)>',
  "'><svg/onload=__x(6)>",
  "{{constructor.constructor('__x(7)')()}}",
  '</textarea><img src=x onerror=__x(8)>',
  '</title><script>__x(9)</script>',
  "=cmd|' /C calc'!A0",
  '\u202e<img src=x onerror=__x(11)>',
  '<a href="jav&#x09;ascript:__x(12)">a</a>',
  '<iframe srcdoc="<script>__x(13)</script>">',
  '${__x(14)}',
  '<details open ontoggle=__x(15)>',
  '<body onload=alert(16)>',
  '[x](javascript:__x(17))',
  '%3Cscript%3E__x(18)%3C/script%3E',
  '\uff1cscript\uff1e__x(19)\uff1c/script\uff1e',
  '<input autofocus onfocus=__x(20)>',
  '\u200b<script>alert(21)</script>',
  '<!--<img src="--><img src=x onerror=__x(22)//">',
  '<object data=javascript:__x(23)>',
  "'-prompt(24)-'",
  '@import "javascript:__x(25)";',
] as const;

const p = (i: number): string => PAYLOADS[i % PAYLOADS.length]!;
/** Long fields (notes, descriptions) hold many payloads at once. */
const joined = (from: number, max: number): string => {
  let text = '';
  for (let k = 0; k < PAYLOADS.length; k += 1) {
    const next = `${text}${text ? ' ' : ''}${p(from + k)}`;
    if (next.length > max) break;
    text = next;
  }
  return text;
};
/** An email as odd as the email schema allows: an apostrophe and a plus. */
const oddEmail = (label: string, i: number) => `o'hara+${label}${i}@xss.example.com`;

interface Seeded {
  user: TestUser;
  email: string;
  /** The second workspace (the current one), whose every record holds payloads. */
  workspaceName: string;
  workspaceDescription: string;
  otherWorkspaceName: string;
  profile: { firstName: string; lastName: string; phone: string };
  memberName: string;
  inviteeName: string;
  inviteUrl: string;
  tags: string[];
  stages: string[];
  workspaceId: number;
}

async function call<T = any>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(path, { method, data });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** One workspace whose every user-fillable text field holds payloads, through the API. */
async function seed(page: Page): Promise<Seeded> {
  const request = page.request;
  const user = { ...newUser('xss'), fullName: p(0), workspace: `${p(1)} ${p(2)}` };
  await signUpWithWorkspace(page, user);

  // A second workspace, current from now on, for the workspace menu and selector.
  const workspaceName = `${p(4)} ${p(7)}`;
  const workspace = await call<{ id: number }>(request, 'POST', '/api/workspaces', {
    name: workspaceName,
  });
  await call(request, 'POST', `/api/workspaces/${workspace.id}/switch`);
  const workspaceDescription = joined(8, 500);
  await call(request, 'PUT', `/api/workspaces/${workspace.id}`, {
    name: workspaceName,
    description: workspaceDescription,
  });

  const profile = { firstName: p(5), lastName: p(10), phone: p(12) };
  await call(request, 'PUT', '/api/account/profile', { ...profile, email: user.email });
  await call(request, 'POST', '/api/account/tokens', { name: p(13) });

  const tags: { id: number; name: string }[] = [];
  for (let i = 0; i < PAYLOADS.length; i += 1) {
    tags.push(await call(request, 'POST', '/api/tags', { name: p(i), color: 'purple' }));
  }
  const stageLabels = [p(1), p(5), p(11), p(21)];
  for (const label of stageLabels) await call(request, 'POST', '/api/stages', { label });
  const stages = await call<{ key: string; label: string }[]>(request, 'GET', '/api/stages');

  // A teammate named by a payload, who joins, and one who is still invited.
  const memberName = p(3);
  const invited = await call<{ inviteUrl: string }>(request, 'POST', '/api/admin/invite', {
    email: oddEmail('member', 0),
    fullName: memberName,
    role: 'collaborator',
  });
  const token = new URL(invited.inviteUrl, 'http://x').pathname.split('/').pop()!;
  // The invitee accepts from a client of their own, without the owner's cookie.
  const joiner = await playwrightRequest.newContext({ baseURL: baseUrl() });
  try {
    const accept = await joiner.post(`/api/invite/${token}/accept`, {
      data: { password: 'joiner-pass-1' },
    });
    expect(accept.ok(), await accept.text()).toBe(true);
  } finally {
    await joiner.dispose();
  }
  const inviteeName = p(15);
  const pending = await call<{ inviteUrl: string }>(request, 'POST', '/api/admin/invite', {
    email: oddEmail('invitee', 0),
    fullName: inviteeName,
    role: 'project_manager',
  });

  const today = new Date().toISOString().slice(0, 10);
  for (let i = 0; i < PAYLOADS.length; i += 1) {
    const organization = await call<{ id: number }>(request, 'POST', '/api/organizations', {
      name: p(i),
      email: oddEmail('org', i),
      phone: p(i + 1),
      website: i % 2 === 0 ? 'javascript:__x(4)' : p(i + 2),
      address: p(i + 3),
      industry: p(i + 4),
      notes: joined(i, 5000),
    });
    const person = await call<{ id: number }>(request, 'POST', '/api/persons', {
      fullName: p(i),
      email: oddEmail('person', i),
      phone: p(i + 1),
      jobTitle: p(i + 2),
      companyId: organization.id,
      notes: joined(i + 3, 5000),
    });
    await call(request, 'POST', `/api/contacts/${person.id}/tags/${tags[i]!.id}`);
    await call(
      request,
      'POST',
      `/api/contacts/${person.id}/tags/${tags[(i + 1) % tags.length]!.id}`,
    );
    await call(request, 'POST', '/api/leads', {
      dealName: p(i),
      personId: person.id,
      companyId: organization.id,
      stage: stages[i % stages.length]!.key,
      value: String(1000 + i),
      description: joined(i + 5, 5000),
      probability: 50,
    });
    const client = await call<{ id: number }>(request, 'POST', '/api/clients', {
      name: p(i),
      email: oddEmail('client', i),
      company: p(i + 1),
      phone: p(i + 2),
    });
    const project = await call<{ id: number }>(request, 'POST', '/api/projects', {
      name: p(i),
      description: joined(i + 1, 5000),
      clientId: client.id,
      budgetType: 'time',
      budgetLimit: '10',
      hourlyRate: '100',
    });
    const entry = await call<{ id: number }>(request, 'POST', '/api/time-entries', {
      projectId: project.id,
      description: p(i + 3),
      hours: '1.5',
      date: today,
    });
    // A second entry stays unbilled, for the invoice dialog's picker.
    await call(request, 'POST', '/api/time-entries', {
      projectId: project.id,
      description: p(i + 4),
      hours: '0.5',
      date: today,
    });
    await call(request, 'POST', '/api/invoices', {
      clientId: client.id,
      projectId: project.id,
      invoiceNumber: p(i),
      timeEntryIds: [entry.id],
      status: i % 2 === 0 ? 'sent' : 'draft',
      dueDate: today,
    });
    await call(request, 'POST', '/api/proposals', {
      title: p(i),
      clientName: p(i + 1),
      description: joined(i + 2, 10_000),
      amount: String(500 + i),
      dueDate: today,
    });
  }

  return {
    user,
    email: user.email,
    workspaceName,
    workspaceDescription,
    otherWorkspaceName: user.workspace,
    profile,
    memberName,
    inviteeName,
    inviteUrl: pending.inviteUrl,
    tags: tags.map((tag) => tag.name),
    stages: stageLabels,
    workspaceId: workspace.id,
  };
}

function baseUrl(): string {
  return test.info().project.use.baseURL!;
}

/** What a page heard: payloads that ran, dialogs, CSP violations and uncaught errors. */
interface Alarm {
  kind: 'xss' | 'dialog' | 'csp' | 'pageerror';
  detail: string;
  url: string;
}

async function watch(context: BrowserContext): Promise<Alarm[]> {
  const alarms: Alarm[] = [];
  // A binding reaches Node from every frame and popup, even a srcdoc iframe.
  await context.exposeBinding('__x', ({ frame }, id: unknown) => {
    alarms.push({ kind: 'xss', detail: String(id), url: frame.url() });
  });
  await context.exposeBinding('__cspViolation', ({ frame }, detail: unknown) => {
    alarms.push({ kind: 'csp', detail: String(detail), url: frame.url() });
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __cspViolation(detail: string): void }).__cspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI} (${event.sample})`,
      );
    });
  });
  context.on('page', (page) => trackPage(page, alarms));
  return alarms;
}

function trackPage(page: Page, alarms: Alarm[]): void {
  page.on('dialog', (dialog) => {
    alarms.push({
      kind: 'dialog',
      detail: `${dialog.type()}: ${dialog.message()}`,
      url: page.url(),
    });
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) {
      alarms.push({ kind: 'csp', detail: message.text(), url: page.url() });
    }
  });
  page.on('pageerror', (error) => {
    alarms.push({ kind: 'pageerror', detail: error.message, url: page.url() });
  });
}

/** An accessible name that begins with `text`, taken literally. */
function startingWith(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

/** The first visible element whose text holds `text` (payloads are matched literally). */
function shown(scope: Page | Locator, text: string): Locator {
  return scope.getByText(text).filter({ visible: true }).first();
}

async function expectShown(scope: Page | Locator, texts: string[]): Promise<void> {
  for (const text of texts) await expect(shown(scope, text), `shows ${text}`).toBeVisible();
}

/** The page rendered (no error screen, not blank) and nothing ran. */
async function expectSafe(page: Page, alarms: Alarm[], step: string): Promise<void> {
  // The route error screen (src/client/components/route-error.tsx).
  await expect(page.getByText(/^(Something went wrong|Keel has been updated)$/)).toHaveCount(0);
  await expect(page.locator('body'), `${step}: blank page`).not.toHaveText(/^\s*$/);
  expect(alarms, `${step}: payloads ran or markup got through`).toEqual([]);
}

let seeded: Seeded;
let storageState: Awaited<ReturnType<BrowserContext['storageState']>>;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  // The first account of a run is the platform administrator; when this file runs alone
  // that is this user, and the admin console is visited too.
  seeded = await seed(page);
  storageState = await context.storageState();
  await context.close();
});

async function victim(
  browser: Browser,
): Promise<{ page: Page; alarms: Alarm[]; context: BrowserContext }> {
  const context = await browser.newContext({ storageState });
  const alarms = await watch(context);
  const page = await context.newPage();
  return { page, alarms, context };
}

test('the alarm hears a payload that runs and markup that the CSP stops', async ({ browser }) => {
  const { page, alarms, context } = await victim(browser);
  // A page without a CSP runs an injected handler: the binding hears it.
  await serveEvilSite(context, {
    '/canary': '<!doctype html><img src=x onerror="__x(\'canary\')">',
  });
  await page.goto(`${EVIL}/canary`);
  await expect.poll(() => alarms.map((alarm) => alarm.kind)).toContain('xss');
  // On the app, markup that reached the DOM is stopped by the CSP, and heard.
  await page.goto('/');
  alarms.length = 0;
  await page.evaluate(() =>
    document.body.insertAdjacentHTML('beforeend', '<img src=x onerror="__x(\'blocked\')">'),
  );
  // Heard twice: the violation event and the console's report.
  await expect.poll(() => alarms.map((alarm) => alarm.kind)).toEqual(['csp', 'csp']);
  await context.close();
});

test('stored XSS: the workspace pages show every payload as text and run none', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { page, alarms, context } = await victim(browser);

  // Dashboard: the workspace's name and description, recent time, upcoming invoices.
  await page.goto('/');
  await expect(
    page.getByRole('heading', { name: seeded.workspaceName, exact: true }),
  ).toBeVisible();
  await expectShown(page, [seeded.workspaceDescription.slice(0, 40)]);
  await expectSafe(page, alarms, 'dashboard');

  // The workspace menu lists both payload-named workspaces.
  await page.getByRole('button', { name: 'Workspace menu' }).click();
  const menu = page.getByRole('menu');
  await expectShown(menu, [seeded.workspaceName, seeded.otherWorkspaceName]);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await expectShown(page.getByRole('menu'), [`${seeded.profile.firstName}`]);
  await page.keyboard.press('Escape');
  // A payload-named member accepted the invitation: the notification shows names as text.
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('list', { name: 'Notifications' })).toContainText(
    'accepted your invitation',
  );
  await page.keyboard.press('Escape');
  await expectSafe(page, alarms, 'menus');

  // The command palette finds the records by a piece of markup.
  await page.keyboard.press('Control+K');
  await page.getByPlaceholder('Search pages and actions...').fill('onerror');
  const palette = page.getByRole('dialog');
  await expectShown(palette, [p(1)]);
  await expectSafe(page, alarms, 'command palette');
  // A hit opens its list filtered by the record's name, markup and all, through the URL.
  await palette
    .getByRole('button', { name: startingWith(p(1)) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/(contacts|organizations|opportunities)\?q=/);
  await expect(
    page.getByRole('textbox', { name: /^Search (contacts|organizations|opportunities)$/ }),
  ).toHaveValue(p(1));
  await expectShown(page.getByRole('main'), [p(1)]);
  await expectSafe(page, alarms, 'command palette hit');

  // Markup in the URL itself: a search parameter and an unknown path.
  await page.goto(`/contacts?q=${encodeURIComponent('<img src=x onerror=__x(101)>')}`);
  await expect(page.getByLabel('Search contacts')).toHaveValue('<img src=x onerror=__x(101)>');
  await expectSafe(page, alarms, 'search in the URL');
  await page.goto(`/${encodeURIComponent('<svg onload=__x(102)>')}`);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expectSafe(page, alarms, 'unknown path');

  // Contacts: the table, a contact's details and its edit drawer.
  await page.goto('/contacts');
  await expectShown(page, [p(0), p(1), p(2), p(5), p(7), p(10), p(12), p(19), p(21)]);
  await expectShown(page, [seeded.tags[3]!]);
  await page.screenshot({ path: test.info().outputPath('contacts.png') });
  await expectSafe(page, alarms, 'contacts');
  await page.getByRole('button', { name: `Actions for ${p(1)}` }).click();
  await page.getByRole('menuitem', { name: 'View' }).click();
  const details = page.getByRole('dialog', { name: 'Contact Details' });
  await expectShown(details, [p(1), p(3).slice(0, 10)]);
  await expectSafe(page, alarms, 'contact details');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: `Actions for ${p(7)}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const editContact = page.getByRole('dialog', { name: 'Edit Contact' });
  await expect(editContact.getByLabel('Full Name')).toHaveValue(p(7));
  await expect(editContact.getByLabel('Job Title')).toHaveValue(p(9));
  await expect(editContact.getByLabel('Notes')).toHaveValue(joined(10, 5000));
  await expectSafe(page, alarms, 'contact edit');
  await page.keyboard.press('Escape');

  // Organizations: table, details, edit.
  await page.goto('/organizations');
  await expectShown(page, [p(0), p(4), p(8), p(13), p(22)]);
  await expectSafe(page, alarms, 'organizations');
  await page.getByRole('button', { name: `Actions for ${p(12)}` }).click();
  await page.getByRole('menuitem', { name: 'View' }).click();
  await expectShown(page.getByRole('dialog', { name: 'Organization Details' }), [p(12), p(13)]);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: `Actions for ${p(14)}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Edit Organization' }).getByLabel('Organization Name'),
  ).toHaveValue(p(14));
  await expectSafe(page, alarms, 'organization dialogs');
  await page.keyboard.press('Escape');

  // Opportunities: the board with payload stages, a deal's dialog, the stages, the list.
  await page.goto('/opportunities');
  const board = page.getByRole('region', { name: 'Pipeline board' });
  await expectShown(board, [...seeded.stages, p(0), p(6), p(20)]);
  await expectSafe(page, alarms, 'kanban');
  await page.screenshot({ path: test.info().outputPath('kanban.png') });
  await board.getByRole('button', { name: startingWith(p(2)) }).click();
  const deal = page.getByRole('dialog', { name: 'Edit Opportunity' });
  await expect(deal.getByLabel('Deal Name')).toHaveValue(p(2));
  await expect(deal.getByLabel('Description')).toHaveValue(joined(7, 5000));
  await expectSafe(page, alarms, 'deal dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Manage Stages' }).click();
  await expectShown(page.getByRole('dialog', { name: 'Manage Pipeline Stages' }), seeded.stages);
  await expectSafe(page, alarms, 'manage stages');
  await page.keyboard.press('Escape');
  await page.getByText('List', { exact: true }).click();
  // The list is windowed: the newest deals are the ones drawn.
  await expectShown(page.getByRole('main'), [p(24), p(23), p(20)]);
  await expectSafe(page, alarms, 'opportunities list');

  // Projects, with the edit dialog.
  await page.goto('/projects');
  await expectShown(page, [p(0), p(11), p(24)]);
  await expectSafe(page, alarms, 'projects');
  await page.getByRole('button', { name: `Actions for ${p(4)}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const editProject = page.getByRole('dialog', { name: 'Edit Project' });
  await expect(editProject.getByLabel('Project Name')).toHaveValue(p(4));
  await expect(editProject.getByLabel('Description')).toHaveValue(joined(5, 5000));
  await expectSafe(page, alarms, 'project edit');
  await page.keyboard.press('Escape');

  // Time tracking: entries, the project picker, an entry's edit dialog.
  await page.goto('/time-tracking');
  const recent = page.getByRole('region', { name: 'Time Log' });
  // The newest entries, of the last project.
  await expectShown(recent, [p(3), p(2)]);
  await page
    .getByRole('region', { name: 'Active Timer' })
    .getByRole('combobox', { name: 'Project' })
    .click();
  await expectShown(page.getByRole('listbox'), [p(0), p(8)]);
  await page.keyboard.press('Escape');
  await recent
    .getByRole('button', { name: `Actions for ${p(3)}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  // The entry is edited in place.
  const editEntry = recent.getByRole('form', { name: `Edit ${p(3)}` });
  await expect(editEntry.getByLabel('Description')).toHaveValue(p(3));
  await expectSafe(page, alarms, 'time entry edit');
  await editEntry.getByRole('button', { name: 'Cancel' }).click();
  await expectSafe(page, alarms, 'time tracking');

  // Invoices: cards, the printable view of an invoice billing time, the create dialog.
  await page.goto('/invoices');
  // A page holds 24 cards, newest first.
  await expectShown(page, [p(24), p(13), p(6)]);
  await expectSafe(page, alarms, 'invoices');
  await page.getByRole('button', { name: `View ${p(2)}` }).click();
  // The invoice's page: its number, and its line made from the billed entry.
  await expect(page.getByRole('heading', { name: `Invoice ${p(2)}` })).toBeVisible();
  await expectShown(page.getByRole('main'), [p(2), p(5)]);
  await expectSafe(page, alarms, 'invoice page');
  // The printable view shows the same.
  await page.getByRole('button', { name: 'Print' }).click();
  const sheet = page.getByRole('dialog').filter({ hasText: `Invoice ${p(2)}` });
  await expectShown(sheet, [p(2), p(5)]);
  await expectSafe(page, alarms, 'invoice view');
  await page.keyboard.press('Escape');
  await page.goto('/invoices');
  await page.getByRole('button', { name: 'Create Invoice', exact: true }).click();
  const createInvoice = page.getByRole('dialog', { name: 'Create Invoice' });
  await createInvoice.getByRole('combobox', { name: 'Client', exact: true }).click();
  await page.getByRole('option', { name: startingWith(p(17)) }).click();
  await createInvoice.getByRole('combobox', { name: 'Project', exact: true }).click();
  await page.getByRole('option', { name: startingWith(p(17)) }).click();
  // The project's unbilled entry, by its description.
  await expectShown(createInvoice, [p(21)]);
  await expectSafe(page, alarms, 'create invoice');
  await page.keyboard.press('Escape');

  // Proposals, with the edit dialog.
  await page.goto('/proposals');
  await expectShown(page, [p(24), p(1), p(15)]);
  await expectSafe(page, alarms, 'proposals');
  await page.getByRole('button', { name: `Actions for ${p(6)}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const editProposal = page.getByRole('dialog', { name: 'Edit Proposal' });
  await expect(editProposal.getByLabel('Title')).toHaveValue(p(6));
  await expect(editProposal.getByLabel('Client Name')).toHaveValue(p(7));
  await expectSafe(page, alarms, 'proposal edit');
  await page.keyboard.press('Escape');

  // Team: the owner (profile names), the member who joined.
  await page.goto('/team');
  await expectShown(page, [seeded.memberName, seeded.profile.firstName]);
  await expectSafe(page, alarms, 'team');

  // Account and workspace settings: the payloads inside inputs.
  await page.goto('/account');
  await expect(page.getByLabel('First Name')).toHaveValue(seeded.profile.firstName);
  await expect(page.getByLabel('Last Name')).toHaveValue(seeded.profile.lastName);
  await expectShown(page, [p(13)]);
  await expectSafe(page, alarms, 'account');
  await page.goto('/workspace/settings');
  await expect(page.getByLabel('Workspace Name')).toHaveValue(seeded.workspaceName);
  await expect(page.getByLabel('Description')).toHaveValue(seeded.workspaceDescription);
  await expectSafe(page, alarms, 'workspace settings');

  await page.goto('/financial-overview');
  await expect(page.getByRole('heading', { name: 'Revenue and Expenses by Month' })).toBeVisible();
  await expectSafe(page, alarms, 'financial overview');
  await page.goto('/workspace-selector');
  await expectShown(page, [seeded.workspaceName, seeded.otherWorkspaceName]);
  await expectSafe(page, alarms, 'workspace selector');
  await page.screenshot({ path: test.info().outputPath('workspace-selector.png'), fullPage: true });
  await context.close();
});

test('stored XSS: an invitation to a payload-named workspace runs nothing', async ({ browser }) => {
  const context = await browser.newContext();
  const alarms = await watch(context);
  const page = await context.newPage();
  await page.goto(new URL(seeded.inviteUrl).pathname);
  await expect(page.getByRole('heading', { name: `Join ${seeded.workspaceName}` })).toBeVisible();
  await expectShown(page, [seeded.inviteeName.split(' ')[0]!]);
  await expectSafe(page, alarms, 'invitation');
  await context.close();
});

test('stored XSS: the admin console shows payload names as text', async ({ browser }) => {
  // The victim's browser, signed in as the run's platform administrator.
  const { page, alarms, context } = await victim(browser);
  await context.clearCookies();
  const login = await context.request.post('/api/auth/login', { data: platformAdmin() });
  expect(login.ok()).toBe(true);
  await page.goto('/admin');
  await expect(page.getByRole('main')).toBeVisible();
  await expectSafe(page, alarms, 'admin dashboard');

  // The user named by payloads, found by email, and the edit drawer's inputs.
  await page.goto('/admin/users');
  await page.getByLabel('Search users').fill(seeded.email);
  await expectShown(page.getByRole('main'), [seeded.profile.firstName, seeded.profile.lastName]);
  await page
    .getByRole('row')
    .filter({ hasText: seeded.email })
    .getByRole('button', { name: 'Edit', exact: true })
    .click();
  const drawer = page.getByRole('dialog', { name: 'Edit User' });
  await expect(drawer.getByLabel('Full name')).toHaveValue(
    `${seeded.profile.firstName} ${seeded.profile.lastName}`,
  );
  await expectSafe(page, alarms, 'admin users');
  await page.keyboard.press('Escape');

  await page.goto('/admin/workspaces');
  await expectShown(page.getByRole('main'), [seeded.workspaceName]);
  await expectSafe(page, alarms, 'admin workspaces');
  await page.goto(`/admin/workspaces/${seeded.workspaceId}`);
  await expectShown(page.getByRole('main'), [seeded.workspaceName, seeded.memberName]);
  await expectSafe(page, alarms, 'admin workspace');

  await page.goto('/admin/invitations');
  await page.getByLabel('Search invitations').fill("o'hara+invitee");
  await expectShown(page.getByRole('main'), [oddEmail('invitee', 0), seeded.workspaceName]);
  await expectSafe(page, alarms, 'admin invitations');

  await page.goto('/admin/logs');
  await expect(page.getByRole('main')).toBeVisible();
  await expectSafe(page, alarms, 'admin logs');
  await context.close();
});

test('a spreadsheet formula in a contact is defused in the CSV export', async ({ browser }) => {
  const context = await browser.newContext({ storageState });
  const csv = await (await context.request.get('/api/contacts/export')).text();
  expect(csv).toContain(`'${p(9)}`);
  await context.close();
});

const EVIL = 'http://evil.test';

/** Contacts whose name holds `marker`, as the victim's own API sees them. */
async function contactsNamed(request: APIRequestContext, marker: string): Promise<number> {
  const response = await request.get(`/api/persons?search=${marker}`);
  expect(response.status()).toBe(200);
  return Number(response.headers()['x-total-count']);
}

/** Serves `pages` (path → HTML) as another site; its pages may run their own scripts. */
async function serveEvilSite(
  context: BrowserContext,
  pages: Record<string, string>,
  origin: string = EVIL,
) {
  await context.route(`${origin}/**`, (route) => {
    const html = pages[new URL(route.request().url()).pathname];
    return html === undefined
      ? route.fulfill({ status: 404, body: 'not found' })
      : route.fulfill({ status: 200, contentType: 'text/html', body: html });
  });
}

/**
 * Another site as a real server on loopback, at `localhost` (another site than the app's
 * `127.0.0.1`). Chromium refuses a public site's requests to loopback addresses before
 * they leave (Private Network Access), and a routed page counts as public: subresource
 * and frame attacks come from here, so that they reach the app and the app refuses them.
 */
async function startLoopbackSite(pages: Record<string, string>) {
  const server = createServer((req, res) => {
    const html = pages[req.url ?? ''];
    if (html === undefined) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': 'text/html' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('cross-site: forms and no-cors fetches from another site, with the cookie, create nothing', async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState });
  const app = baseUrl();
  const target = `${app}/api/persons`;
  const marker = `csrf${Date.now()}`;
  const autoSubmit = (enctype: string, field: string, value: string) =>
    `<!doctype html><form method="post" action="${target}" enctype="${enctype}">` +
    `<input name='${field}' value='${value}'></form><script>document.forms[0].submit()</script>`;
  await serveEvilSite(context, {
    // The classic JSON-in-text/plain body: name and value glue into `{"fullName":"…","x":"="}`.
    '/text-plain': autoSubmit('text/plain', `{"fullName":"${marker}-text","x":"`, '"}'),
    '/urlencoded': autoSubmit('application/x-www-form-urlencoded', 'fullName', `${marker}-form`),
    '/multipart': autoSubmit('multipart/form-data', 'fullName', `${marker}-multipart`),
  });
  const loopback = await startLoopbackSite({
    '/fetch': `<!doctype html><script>
      fetch(${JSON.stringify(target)}, {
        method: 'POST', mode: 'no-cors', credentials: 'include',
        headers: { 'Content-Type': 'text/plain' },
        body: JSON.stringify({ fullName: ${JSON.stringify(`${marker}-fetch`)} }),
      });
    </script>`,
  });
  expect(await contactsNamed(context.request, marker)).toBe(0);

  const page = await context.newPage();
  const attacks = [
    `${EVIL}/text-plain`,
    `${EVIL}/urlencoded`,
    `${EVIL}/multipart`,
    `${loopback.origin}/fetch`,
  ];
  for (const attack of attacks) {
    // The server hears each request and refuses it for coming from another site.
    const answered = page.waitForResponse(
      (response) => response.url() === target && response.request().method() === 'POST',
    );
    await page.goto(attack);
    const response = await answered;
    expect(response.status(), attack).toBe(403);
    expect(response.request().headers()['origin'], attack).toBe(new URL(attack).origin);
  }
  expect(await contactsNamed(context.request, marker)).toBe(0);
  await loopback.close();
  await context.close();
});

test('cross-site: a foreign Origin or Sec-Fetch-Site: cross-site is refused with 403', async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState });
  const marker = `direct${Date.now()}`;
  const attempts: { name: string; headers: Record<string, string> }[] = [
    { name: 'foreign origin', headers: { origin: EVIL } },
    { name: 'cross-site fetch metadata', headers: { 'sec-fetch-site': 'cross-site' } },
    { name: 'both', headers: { origin: EVIL, 'sec-fetch-site': 'cross-site' } },
    { name: 'malformed origin', headers: { origin: 'null' } },
  ];
  for (const attempt of attempts) {
    const response = await context.request.post('/api/persons', {
      headers: attempt.headers,
      data: { fullName: `${marker}-${attempt.name}` },
    });
    expect(response.status(), attempt.name).toBe(403);
  }
  // Other methods too.
  const put = await context.request.put(`/api/workspaces/${seeded.workspaceId}`, {
    headers: { origin: EVIL },
    data: { name: 'Taken over' },
  });
  expect(put.status()).toBe(403);
  // A form body from this very origin is refused too: mutations are JSON only.
  const form = await context.request.post('/api/persons', {
    form: { fullName: `${marker}-form` },
  });
  expect(form.status()).toBe(415);
  expect(await contactsNamed(context.request, marker)).toBe(0);

  // The same request from the app's own origin goes through: the refusals above are the
  // headers' doing, not a broken request.
  const own = await context.request.post('/api/persons', {
    headers: { origin: baseUrl(), 'sec-fetch-site': 'same-origin' },
    data: { fullName: `${marker}-own` },
  });
  expect(own.status()).toBe(201);
  expect(await contactsNamed(context.request, marker)).toBe(1);
  const workspace = await context.request.get('/api/workspaces/current');
  expect(((await workspace.json()) as { name: string }).name).toBe(seeded.workspaceName);
  await context.close();
});

/** `script-src 'self'` → { 'script-src': ["'self'"] }. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

test('headers: a strict CSP, nosniff and no framing on pages and API answers', async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState });
  for (const path of ['/', '/login', '/contacts', '/api/auth/me', '/api/persons', '/api/health']) {
    const response = await context.request.get(path);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    const csp = directives(headers['content-security-policy'] ?? '');
    const scripts = csp.get('script-src') ?? csp.get('default-src');
    expect(scripts, `${path}: script-src`).toBeDefined();
    expect(scripts, path).not.toContain("'unsafe-inline'");
    expect(scripts, path).not.toContain("'unsafe-eval'");
    expect(scripts, path).not.toContain('*');
    expect(
      scripts!.some((source) => /^(https?:|data:|blob:)/.test(source)),
      path,
    ).toBe(false);
    expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
    expect(csp.get('object-src'), path).toEqual(["'none'"]);
    expect(headers['x-frame-options'], path).toBe('DENY');
  }
  await context.close();
});

test('headers: another site cannot frame the app', async ({ browser }) => {
  const context = await browser.newContext({ storageState });
  const app = baseUrl();
  const site = await startLoopbackSite({
    '/frame': `<!doctype html>
      <iframe id="own" src="/framed" onload="document.body.dataset.own = 'loaded'"></iframe>
      <iframe id="app" src="${app}/login" onload="document.body.dataset.app = 'loaded'"></iframe>`,
    '/framed': '<!doctype html><p>An ordinary framed page</p>',
  });
  const page = await context.newPage();
  // The app answers the frame's request; the browser then refuses to show the answer.
  const answered = page.waitForResponse(`${app}/login`);
  await page.goto(`${site.origin}/frame`);
  expect((await answered).status()).toBe(200);
  await expect(page.locator('body')).toHaveAttribute('data-own', 'loaded');
  await expect(page.locator('body')).toHaveAttribute('data-app', 'loaded');
  // A frame of the site's own shows; the app's frame holds none of the app.
  await expect(page.frameLocator('#own').getByText('An ordinary framed page')).toBeVisible();
  const frame = await (await page.locator('#app').elementHandle())!.contentFrame();
  expect(frame).not.toBeNull();
  expect(frame!.url()).not.toBe(`${app}/login`);
  await expect(page.frameLocator('#app').locator('#root')).toHaveCount(0);
  await site.close();
  await context.close();
});
