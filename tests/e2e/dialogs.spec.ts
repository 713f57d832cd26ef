import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  inNewAccountZone,
  newUser,
  platformAdmin,
  signIn,
  signUpWithWorkspace,
} from './fixtures.ts';

/*
 * Issue 37, item 10: on a phone every form dialog takes the whole screen (FormDialog), so a
 * form keeps its room beside the keyboard. Each dialog is opened where a user opens it.
 */

const PHONE = { width: 375, height: 812 };

/** Every dialog is checked, and a failure names each one that is not full screen. */
const softly = expect.configure({ soft: true });

/** The dialog's box once its opening transition is over: the whole screen. */
async function expectFullScreen(dialog: Locator, name: string | RegExp) {
  await expect(dialog).toBeVisible();
  await softly
    .poll(
      async () => {
        const box = await dialog.boundingBox();
        return box && { x: box.x, y: box.y, width: box.width, height: box.height };
      },
      { message: `${String(name)} takes the whole screen` },
    )
    .toEqual({ x: 0, y: 0, ...PHONE });
}

async function created(page: Page, url: string, data: unknown): Promise<{ id: number }> {
  const res = await page.request.post(url, { data });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as { id: number };
}

test('at 375 px every form dialog takes the whole screen', async ({ browser }) => {
  test.slow();
  const owner = newUser('dialogs');
  const member = newUser('week');
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signUpWithWorkspace(page, owner);
  const client = await created(page, '/api/clients', {
    name: 'Harbour Bakery',
    email: 'accounts@harbour.example.com',
  });
  const project = await created(page, '/api/projects', {
    name: 'Website',
    clientId: client.id,
    budgetType: 'time',
    budgetLimit: 100,
    hourlyRate: 100,
  });
  const invoice = await created(page, '/api/invoices', {
    clientId: client.id,
    lines: [{ description: 'Build', quantity: '3', unitPrice: '120' }],
  });
  await created(page, `/api/invoices/${invoice.id}/issue`, {});

  // A member's submitted week, for Reject week.
  const workspace = (await (await page.request.get('/api/workspaces/current')).json()) as {
    id: number;
  };
  const invite = (await created(page, '/api/admin/invite', {
    email: member.email,
    fullName: member.fullName,
    role: 'collaborator',
  })) as unknown as { inviteUrl: string };
  const memberContext = await browser.newContext();
  const memberApi = memberContext.request;
  const token = invite.inviteUrl.split('/invite/')[1]!;
  const accepted = await memberApi.post(`/api/invite/${token}/accept`, {
    data: { password: member.password },
  });
  expect(accepted.status()).toBe(200);
  await memberApi.post(`/api/workspaces/${workspace.id}/switch`);
  const today = inNewAccountZone(new Date());
  const cell = await memberApi.put('/api/timesheets/cell', {
    data: { date: today, projectId: project.id, hours: 3 },
  });
  expect(cell.status(), await cell.text()).toBe(200);
  const submitted = await memberApi.post('/api/timesheets/submit', { data: { week: today } });
  expect(submitted.status(), await submitted.text()).toBe(200);
  await memberContext.close();

  const dialogs: { route: string; name: string | RegExp; open: () => Promise<unknown> }[] = [
    {
      route: '/tasks',
      name: 'Add Task',
      open: () => page.getByRole('button', { name: 'Add Task', exact: true }).click(),
    },
    {
      route: `/invoices/${invoice.id}`,
      name: 'Record payment',
      open: () => page.getByRole('button', { name: 'Record payment' }).click(),
    },
    {
      route: `/invoices/${invoice.id}`,
      name: 'Void invoice',
      open: () => page.getByRole('button', { name: 'Void', exact: true }).click(),
    },
    {
      route: `/invoices/${invoice.id}`,
      name: /^Send invoice/,
      open: () => page.getByRole('button', { name: 'Send by email' }).click(),
    },
    {
      route: '/invoices',
      name: 'Create Invoice',
      open: () => page.getByRole('button', { name: 'Create Invoice', exact: true }).click(),
    },
    {
      route: '/timesheets',
      name: 'Add a row',
      open: () => page.getByRole('button', { name: 'Add row', exact: true }).click(),
    },
    {
      route: '/timesheets',
      name: `Reject ${member.fullName}'s week`,
      open: async () => {
        await page
          .getByRole('button', { name: new RegExp(`^Review ${member.fullName}'s week`) })
          .click();
        await page.getByRole('button', { name: 'Reject', exact: true }).click();
      },
    },
    {
      route: '/team',
      name: 'Invite Team Member',
      open: () => page.getByRole('button', { name: 'Invite Member' }).first().click(),
    },
    {
      route: '/workspace-selector',
      name: 'Create New Workspace',
      open: () => page.getByRole('button', { name: 'Create New Workspace' }).click(),
    },
  ];
  for (const dialog of dialogs) {
    await page.goto(dialog.route);
    await dialog.open();
    await expectFullScreen(page.getByRole('dialog', { name: dialog.name }), dialog.name);
  }
  await context.close();

  // The admin console's Add User.
  const adminContext = await browser.newContext({ viewport: PHONE });
  const adminPage = await adminContext.newPage();
  const admin = platformAdmin();
  await adminPage.goto('/login');
  await signIn(adminPage, admin.email, admin.password);
  await expect(adminPage).not.toHaveURL(/\/login/);
  await adminPage.goto('/admin/users');
  await adminPage.getByRole('button', { name: 'Add User' }).click();
  await expectFullScreen(adminPage.getByRole('dialog', { name: 'Add User' }), 'Add User');
  await adminContext.close();
});
