import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { joinByInvitation, newUser, signUpWithWorkspace } from './fixtures.ts';

/*
 * Issue 37, item 3: accepting or rejecting a proposal records the client's decision, which
 * only those who bill may do; a decided proposal is read-only for everyone. A collaborator
 * sees neither the decision buttons nor Edit and Delete on a decided proposal; the owner
 * sees the decision buttons on an open one, and no Edit or Delete on a decided one.
 */

async function proposal(request: APIRequestContext, title: string) {
  const made = await request.post('/api/proposals', {
    data: { title, clientName: 'Fabrikam Inc.', description: 'Design support', amount: '1200' },
  });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as { id: number };
  expect((await request.put(`/api/proposals/${id}`, { data: { status: 'sent' } })).status()).toBe(
    200,
  );
  return id;
}

const card = (page: Page, title: string) => page.getByRole('article', { name: title });

test('only those who bill decide proposals; a decided one offers no edit or delete', async ({
  page,
  browser,
}) => {
  const owner = newUser('proposals-owner');
  const member = newUser('proposals-member');
  await signUpWithWorkspace(page, owner);
  await proposal(page.request, 'Open retainer');
  const decided = await proposal(page.request, 'Signed retainer');
  const accepted = await page.request.post(`/api/proposals/${decided}/accept`, {
    data: { name: 'Dana Fabrikam' },
  });
  expect(accepted.status()).toBe(200);

  const memberPage = await joinByInvitation(page, browser, member, 'collaborator');

  // The collaborator: an open proposal can be marked viewed and edited, not decided.
  await memberPage.goto('/proposals');
  const open = card(memberPage, 'Open retainer');
  await expect(open.getByRole('button', { name: 'Mark Viewed' })).toBeVisible();
  await expect(open.getByRole('button', { name: 'Mark Accepted' })).toHaveCount(0);
  await expect(open.getByRole('button', { name: 'Mark Rejected' })).toHaveCount(0);
  await expect(open.getByRole('button', { name: 'Actions for Open retainer' })).toBeVisible();
  const signed = card(memberPage, 'Signed retainer');
  await expect(signed.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(signed.getByRole('button')).toHaveCount(0);

  // The owner decides the open one through the record dialog; the decided one is read-only.
  await page.goto('/proposals');
  await expect(
    card(page, 'Open retainer').getByRole('button', { name: 'Mark Accepted' }),
  ).toBeVisible();
  await expect(
    card(page, 'Signed retainer').getByRole('button', { name: 'Actions for Signed retainer' }),
  ).toHaveCount(0);
  await card(page, 'Open retainer').getByRole('button', { name: 'Mark Rejected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark “Open retainer” declined' });
  await dialog.getByLabel('Reason').fill('Budget moved to next year');
  await dialog.getByRole('button', { name: 'Mark declined' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, 'Open retainer').getByText('Rejected', { exact: true })).toBeVisible();
  await expect(card(page, 'Open retainer').getByRole('button')).toHaveCount(0);
});

test('accepting a proposal can draft its contract from the default template', async ({ page }) => {
  const owner = newUser('proposals-contract');
  await signUpWithWorkspace(page, owner);
  const client = await page.request.post('/api/clients', {
    data: { name: 'Fabrikam Inc.', email: 'dana@fabrikam.example' },
  });
  expect(client.status()).toBe(201);
  const { id: clientId } = (await client.json()) as { id: number };
  const made = await page.request.post('/api/proposals', {
    data: {
      title: 'Brand refresh',
      clientId,
      clientName: 'Fabrikam Inc.',
      description: 'Identity and site',
      amount: '4800',
    },
  });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as { id: number };
  expect(
    (await page.request.put(`/api/proposals/${id}`, { data: { status: 'sent' } })).status(),
  ).toBe(200);

  await page.goto('/proposals');
  await card(page, 'Brand refresh').getByRole('button', { name: 'Mark Accepted' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record acceptance of “Brand refresh”' });
  await dialog.getByLabel('Accepted by').fill('Dana Fabrikam');
  await dialog.getByRole('checkbox', { name: 'Draft a contract' }).check();
  await dialog.getByRole('button', { name: 'Record acceptance' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Contract drafted', { exact: false })).toBeVisible();

  // The draft is on the contracts page, for the proposal's client, its amount as the fee.
  await page.goto('/contracts');
  const row = page.getByRole('row', { name: /Fabrikam Inc\./ });
  await expect(row).toBeVisible();
  await expect(row.getByText('Draft')).toBeVisible();
  await expect(row.getByText('$4,800.00')).toBeVisible();
});
