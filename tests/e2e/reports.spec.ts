import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { inNewAccountZone, newUser, signUpWithWorkspace } from './fixtures.ts';

/*
 * Issue 23, item 3: the Reports page shows a project's margin and downloads it as CSV.
 * Issue 38, item 1: what was invoiced counts before tax, the VAT shown apart.
 */

/** The workspace's today: the report's default period ends there. */
const today = () => inNewAccountZone(new Date());

test('the reports page shows a project’s margin and a loss, and downloads the CSV', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const user = newUser('reports');
  await signUpWithWorkspace(page, user);
  const api = page.request;
  const me = (await (await api.get('/api/auth/me')).json()) as { id: number };
  const client = await api.post('/api/clients', {
    data: { name: 'Northwind', email: 'billing@northwind.example' },
  });
  expect(client.status()).toBe(201);
  const clientId = (await client.json()).id as number;
  const projectIds: Record<string, number> = {};
  for (const name of ['Harbour Site', 'Pro Bono Audit']) {
    const res = await api.post('/api/projects', { data: { name, clientId, hourlyRate: 100 } });
    expect(res.status()).toBe(201);
    projectIds[name] = (await res.json()).id;
  }
  // The member costs 60 an hour from the start of the year.
  const rate = await api.post('/api/rates', {
    data: {
      userId: me.id,
      billableRate: 100,
      costRate: 60,
      effectiveFrom: `${today().slice(0, 4)}-01-01`,
    },
  });
  expect(rate.status(), await rate.text()).toBe(201);
  for (const [project, hours] of [
    ['Harbour Site', 2],
    ['Pro Bono Audit', 1.5],
  ] as const) {
    const res = await api.post('/api/time-entries', {
      data: { projectId: projectIds[project], date: today(), hours, description: 'Work' },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  // 1,000.00 of work with 20 % VAT: 1,200.00 billed, of which 200.00 is the state's.
  const invoice = await api.post('/api/invoices', {
    data: {
      clientId,
      projectId: projectIds['Harbour Site'],
      lines: [{ description: 'Site survey', quantity: 1, unitPrice: 1000, taxRate: 20 }],
      status: 'sent',
    },
  });
  expect(invoice.status(), await invoice.text()).toBe(201);

  await page.goto('/reports');
  await expect(page.getByRole('heading', { name: 'Reports', level: 2 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Profitability by project' });
  await expect(table.getByRole('columnheader', { name: 'Invoiced (net)' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Tax collected' })).toBeVisible();
  // Invoiced 1,000.00 net (the 200.00 VAT apart) − 2 h × 60.00 = 880.00, 88.0 %.
  const harbour = table.getByRole('row').filter({ hasText: 'Harbour Site' });
  await expect(harbour.getByRole('cell').nth(2)).toHaveText('$1,000.00');
  await expect(harbour.getByRole('cell').nth(3)).toHaveText('$200.00');
  await expect(harbour).not.toContainText('$1,200.00');
  await expect(harbour).toContainText('$120.00');
  await expect(harbour).toContainText('$880.00');
  await expect(harbour).toContainText('88.0 %');
  // Time without an invoice is a loss, said in words.
  const proBono = table.getByRole('row').filter({ hasText: 'Pro Bono Audit' });
  await expect(proBono).toContainText('Loss');
  await expect(proBono).toContainText('-$90.00');

  // By client: both projects under Northwind.
  await page.getByText('By client').click();
  const byClient = page.getByRole('table', { name: 'Profitability by client' });
  await expect(byClient.getByRole('row').filter({ hasText: 'Northwind' })).toContainText('$790.00');

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('profitability.csv');
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFFClient,Currency,Invoiced,Tax collected,Paid,Hours,Time cost')).toBe(
    true,
  );
  expect(csv).toContain('Northwind,USD,1000.00,200.00,0.00,3.50,210.00,0.00,790.00,79.0');

  // Utilisation: 3.5 billable hours of this member.
  await page.getByRole('tab', { name: 'Utilisation' }).click();
  const utilisation = page.getByRole('table', { name: 'Utilisation by member' });
  await expect(utilisation.getByRole('row').filter({ hasText: user.fullName })).toContainText(
    '3.50 h',
  );
});
