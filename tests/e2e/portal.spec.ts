import { expect, test } from '@playwright/test';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

test('a client portal link: made on the client page, opened without an account, the proposal shown and the invoice opened become Viewed, an estimate accepted there and converted in the app', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signUpWithWorkspace(page, newUser('portal'));
  const client = await page.request.post('/api/clients', {
    data: { name: 'Harbor Bakery', email: 'accounts@harbor-bakery.com' },
  });
  expect(client.status()).toBe(201);
  const clientId = (await client.json()).id as number;
  const invoiceRes = await page.request.post('/api/invoices', {
    data: {
      clientId,
      status: 'sent',
      lines: [{ description: 'Logo', quantity: '1', unitPrice: '480' }],
    },
  });
  expect(invoiceRes.status()).toBe(201);
  const invoice = (await invoiceRes.json()) as { id: number; invoiceNumber: string };
  const estimateRes = await page.request.post('/api/estimates', {
    data: {
      clientId,
      status: 'sent',
      lines: [{ description: 'Menu design', quantity: '1', unitPrice: '900' }],
    },
  });
  expect(estimateRes.status()).toBe(201);
  const estimate = (await estimateRes.json()) as { id: number; estimateNumber: string };
  const proposalRes = await page.request.post('/api/proposals', {
    data: {
      clientId,
      title: 'Spring menu',
      clientName: 'Harbor Bakery',
      description: 'Three seasonal menus',
      amount: '1200',
    },
  });
  expect(proposalRes.status()).toBe(201);
  const proposal = (await proposalRes.json()) as { id: number };
  const proposalSent = await page.request.put(`/api/proposals/${proposal.id}`, {
    data: { status: 'sent' },
  });
  expect(proposalSent.status()).toBe(200);

  // The client page makes the link and shows it once.
  await page.goto(`/clients/${clientId}`);
  await expect(page.getByText('No working portal link')).toBeVisible();
  await page.getByRole('button', { name: 'Create portal link for Harbor Bakery' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Portal link' });
  const url = await linkDialog.getByRole('textbox', { name: 'Portal link' }).inputValue();
  expect(url).toMatch(/\/portal\/[1-9]\d*\.[A-Za-z0-9_-]{43}$/);
  await linkDialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(/1 working link/)).toBeVisible();

  // The client, in a browser with no Keel session.
  const guest = await browser.newContext();
  try {
    const portal = await guest.newPage();
    const response = await portal.goto(url);
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    expect(response?.headers()['x-robots-tag']).toContain('noindex');
    await expect(portal.getByRole('heading', { name: 'Harbor Bakery', level: 1 })).toBeVisible();
    await expect(portal.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(portal.getByText('$480.00').first()).toBeVisible();
    // The proposal, shown whole, is read: the business sees it as viewed.
    await expect(portal.getByText('Three seasonal menus')).toBeVisible();
    const proposalStatus = async () => {
      const listed = (await (await page.request.get('/api/proposals')).json()) as {
        id: number;
        status: string;
      }[];
      return listed.find((p) => p.id === proposal.id)?.status;
    };
    await expect.poll(proposalStatus).toBe('viewed');
    await portal.getByRole('button', { name: `View Invoice ${invoice.invoiceNumber}` }).click();
    const invoiceDialog = portal.getByRole('dialog', { name: `Invoice ${invoice.invoiceNumber}` });
    await expect(invoiceDialog.getByText('Logo')).toBeVisible();
    // The pop-up marked it viewed: the list behind it says so while it is still open.
    // (The row is the innermost box around its View button; the pop-up is outside it.)
    const invoiceRow = portal
      .locator('.mantine-Paper-root')
      .filter({
        has: portal.getByRole('button', { name: `View Invoice ${invoice.invoiceNumber}` }),
      })
      .last();
    await expect(invoiceRow).toContainText('Viewed');
    await invoiceDialog.getByRole('button', { name: 'Done' }).click();
    await expect(portal.getByText('Viewed', { exact: true })).toBeVisible();

    await portal
      .getByRole('button', { name: `Accept estimate ${estimate.estimateNumber}` })
      .click();
    const accept = portal.getByRole('dialog', {
      name: `Accept Estimate ${estimate.estimateNumber}`,
    });
    await accept.getByLabel('Your full name').fill('Mara Quinn');
    await accept.getByRole('button', { name: 'Accept' }).click();
    await expect(portal.getByText(/Accepted by Mara Quinn on/)).toBeVisible();
  } finally {
    await guest.close();
  }

  // Back in the app: the invoice says Viewed, with the time.
  await page.goto(`/invoices/${invoice.id}`);
  await expect(page.getByText('Viewed', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/^Viewed .+/)).toBeVisible();

  // The estimate the client accepted becomes an invoice in one click, its line copied.
  await page.goto(`/estimates/${estimate.id}`);
  await expect(page.getByText(/Accepted by Mara Quinn/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Convert to invoice' }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Draft invoice' })).toBeVisible();
  await expect(
    page.getByRole('form', { name: 'Edit draft invoice' }).getByLabel('Line 1 description'),
  ).toHaveValue('Menu design');
  await expect(
    page.getByRole('link', { name: `From estimate ${estimate.estimateNumber}` }),
  ).toBeVisible();
});

test('on a phone the portal asks for the name in a full-screen Decline dialog, and records the answer', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signUpWithWorkspace(page, newUser('portal-phone'));
  const client = await page.request.post('/api/clients', {
    data: { name: 'Quay Florist', email: 'accounts@quay-florist.com' },
  });
  expect(client.status()).toBe(201);
  const clientId = (await client.json()).id as number;
  const estimateRes = await page.request.post('/api/estimates', {
    data: {
      clientId,
      status: 'sent',
      lines: [{ description: 'Shop window', quantity: '1', unitPrice: '300' }],
    },
  });
  expect(estimateRes.status()).toBe(201);
  const estimate = (await estimateRes.json()) as { estimateNumber: string };

  await page.goto(`/clients/${clientId}`);
  await page.getByRole('button', { name: 'Create portal link for Quay Florist' }).click();
  const url = await page
    .getByRole('dialog', { name: 'Portal link' })
    .getByRole('textbox', { name: 'Portal link' })
    .inputValue();

  const phone = { width: 375, height: 812 };
  const guest = await browser.newContext({ viewport: phone });
  try {
    const portal = await guest.newPage();
    await portal.goto(url);
    await portal
      .getByRole('button', { name: `Decline estimate ${estimate.estimateNumber}` })
      .click();
    const decline = portal.getByRole('dialog', {
      name: `Decline Estimate ${estimate.estimateNumber}`,
    });
    // A form dialog takes the whole screen on a phone, once its opening transition is over.
    await expect
      .poll(async () => {
        const box = await decline.boundingBox();
        return box && { x: box.x, y: box.y, width: box.width, height: box.height };
      })
      .toEqual({ x: 0, y: 0, ...phone });
    await decline.getByRole('button', { name: 'Decline' }).click();
    await expect(decline.getByText('Type your full name')).toBeVisible();
    await decline.getByLabel('Your full name').fill('Ines Berg');
    await decline.getByLabel('Reason (optional)').fill('Over budget this spring');
    await decline.getByRole('button', { name: 'Decline' }).click();
    await expect(decline).toBeHidden();
    await expect(portal.getByText(/Declined by Ines Berg on/)).toBeVisible();
  } finally {
    await guest.close();
  }
});
