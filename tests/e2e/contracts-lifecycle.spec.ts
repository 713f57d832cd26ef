import { expect, test } from '@playwright/test';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

/*
 * Issue 40: the rest of a contract's life on screen. A draft edited, sent, declined by the
 * client in the portal with a reason, revised into version 2 (the old one void), sent again
 * and voided: every step's status and audit event shown, every toast after a real save.
 */

test('a contract: edited as a draft, declined in the portal, revised into version 2, voided', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signUpWithWorkspace(page, newUser('contract-life'));
  const client = await page.request.post('/api/clients', {
    data: { name: 'Quay Florist', email: 'hello@quayflorist.example.com' },
  });
  expect(client.status()).toBe(201);
  const created = await page.request.post('/api/contracts', {
    data: {
      clientId: (await client.json()).id,
      title: 'Window displays',
      body: 'Seasonal window displays for {{client.name}}.',
    },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();

  // A draft is fully editable.
  await page.goto(`/contracts/${id}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit contract' });
  await edit.getByLabel('Title').fill('Window displays 2027');
  await edit.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Window displays 2027', level: 2 })).toBeVisible();

  // Sent: the client opens it and declines it, saying why.
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Send contract' })
    .getByRole('button', { name: 'Send contract' })
    .click();
  const sent = page.getByRole('dialog', { name: 'Contract sent' });
  const portalLink = await sent.getByRole('textbox', { name: 'Portal link' }).inputValue();
  await sent.getByRole('button', { name: 'Done' }).click();
  // Sent, the content is locked: no Edit any more.
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);

  const clientContext = await browser.newContext();
  const portal = await clientContext.newPage();
  await portal.goto(portalLink);
  await portal.getByRole('button', { name: 'Open contract Window displays 2027' }).click();
  const reading = portal.getByRole('dialog', { name: 'Window displays 2027' });
  await reading.getByRole('button', { name: 'Decline' }).click();
  // No reason, nothing sent.
  await reading.getByRole('button', { name: 'Decline contract' }).click();
  await expect(reading.getByText('Give a reason')).toBeVisible();
  await reading.getByLabel('Reason').fill('We need the spring display included.');
  await reading.getByRole('button', { name: 'Decline contract' }).click();
  await expect(portal.getByText('Contract declined')).toBeVisible();
  await clientContext.close();

  await page.reload();
  await expect(page.getByText('Declined', { exact: true }).first()).toBeVisible();
  const audit = page.getByRole('table', { name: 'Audit trail' });
  await expect(audit).toContainText('Declined');
  await expect(
    page.getByText(/^Declined by the client on .+: “We need the spring display included\.”$/),
  ).toBeVisible();

  // Revised: version 2 opens as a draft; version 1 is void, with its link to the new one.
  await page.getByRole('button', { name: 'Revise' }).click();
  await page
    .getByRole('dialog', { name: 'Revise contract' })
    .getByRole('button', { name: 'Draft a new version' })
    .click();
  await expect(page.getByText('New version drafted')).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(`/contracts/${id}$`));
  await expect(page.getByText('version 2')).toBeVisible();
  const v2 = Number(page.url().split('/').pop());
  expect((await (await page.request.get(`/api/contracts/${id}`)).json()).status).toBe('void');

  // Version 2 sent, then voided with a reason.
  expect((await page.request.post(`/api/contracts/${v2}/send`, { data: {} })).status()).toBe(200);
  await page.reload();
  await page.getByRole('button', { name: 'Void' }).click();
  const voiding = page.getByRole('dialog', { name: 'Void contract' });
  await voiding.getByLabel('Reason').fill('The shop closes for renovation.');
  await voiding.getByRole('button', { name: 'Void contract' }).click();
  await expect(page.getByText('Contract voided')).toBeVisible();
  await expect(page.getByText('Void', { exact: true }).first()).toBeVisible();
  await expect(audit).toContainText('Voided');
  await expect(page.getByText(/^Voided on .+: “The shop closes for renovation\.”$/)).toBeVisible();
  expect((await (await page.request.get(`/api/contracts/${v2}`)).json()).status).toBe('void');
});
