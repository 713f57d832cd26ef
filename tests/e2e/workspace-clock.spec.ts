import { expect, test, type Page } from '@playwright/test';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

/*
 * Issue 38, item 5: a EUR workspace in Paris that writes DD/MM/YYYY and a 24-hour clock shows
 * its client those, on the portal, whoever opens it (the owner's own preferences stay New
 * York's 12-hour defaults here, to tell the two apart).
 */

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Today in Paris as DD/MM/YYYY. */
const parisToday = () =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());

test('a Paris workspace’s portal writes DD/MM/YYYY and a 24-hour clock, never PM', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signUpWithWorkspace(page, newUser('clock'));
  const setUp = await page.request.put('/api/settings/business', {
    data: { currency: 'EUR', timezone: 'Europe/Paris' },
  });
  expect(setUp.status()).toBe(200);

  // Settings → Business: the date and time format beside the time zone.
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Business' }).click();
  const business = page.getByRole('tabpanel', { name: 'Business' });
  await choose(page, 'Date format', 'DD/MM/YYYY');
  await choose(page, 'Time format', '24-hour');
  await business.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Business settings updated')).toBeVisible();
  expect(await (await page.request.get('/api/settings/business')).json()).toMatchObject({
    currency: 'EUR',
    timezone: 'Europe/Paris',
    dateFormat: 'DD/MM/YYYY',
    timeFormat: '24h',
  });

  const client = await page.request.post('/api/clients', {
    data: { name: 'Boulangerie Lyon', email: 'compta@boulangerie.example' },
  });
  const clientId = (await client.json()).id as number;
  const invoice = await page.request.post('/api/invoices', {
    data: {
      clientId,
      currency: 'EUR',
      status: 'sent',
      issueDate: '2026-11-28',
      dueDate: '2026-12-28',
      lines: [{ description: 'Logo', quantity: '1', unitPrice: '480', taxRate: '20' }],
    },
  });
  expect(invoice.status()).toBe(201);
  const estimateRes = await page.request.post('/api/estimates', {
    data: {
      clientId,
      currency: 'EUR',
      status: 'sent',
      lines: [{ description: 'Menu design', quantity: '1', unitPrice: '900', taxRate: '20' }],
    },
  });
  expect(estimateRes.status()).toBe(201);
  const estimate = (await estimateRes.json()) as { estimateNumber: string };
  const link = await page.request.post(`/api/clients/${clientId}/portal-link`);
  const url = (await link.json()).url as string;

  const guest = await browser.newContext();
  try {
    const portal = await guest.newPage();
    await portal.goto(url);
    await expect(portal.getByRole('heading', { name: 'Boulangerie Lyon', level: 1 })).toBeVisible();
    await expect(portal.getByText('Issued 28/11/2026 · Due 28/12/2026')).toBeVisible();

    const before = parisToday();
    await portal
      .getByRole('button', { name: `Accept estimate ${estimate.estimateNumber}` })
      .click();
    const accept = portal.getByRole('dialog', {
      name: `Accept Estimate ${estimate.estimateNumber}`,
    });
    await accept.getByLabel('Your full name').fill('Jeanne Martin');
    await accept.getByRole('button', { name: 'Accept' }).click();
    const accepted = portal.getByText(/Accepted by Jeanne Martin on/);
    await expect(accepted).toBeVisible();
    const line = (await accepted.textContent()) ?? '';
    const match = /on (\d{2}\/\d{2}\/\d{4}) (\d{2}):(\d{2})$/.exec(line.trim());
    expect(match, line).not.toBeNull();
    expect([before, parisToday()]).toContain(match![1]);
    expect(Number(match![2])).toBeLessThan(24);

    const text = await portal.locator('body').innerText();
    expect(text).not.toMatch(/\b[AP]M\b/);
    expect(text).not.toContain('$');
    expect(text).toContain('€');
  } finally {
    await guest.close();
  }

  // The owner, signed in with New York's 12-hour clock, opens the same link: the portal is
  // the workspace's, not theirs.
  await page.goto(url);
  await expect(page.getByText('Issued 28/11/2026 · Due 28/12/2026')).toBeVisible();
  await expect(
    page.getByText(/Accepted by Jeanne Martin on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/),
  ).toBeVisible();
  expect(await page.locator('body').innerText()).not.toMatch(/\b[AP]M\b/);
});
