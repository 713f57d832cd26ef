import { expect, test, type Page } from '@playwright/test';
import { format, startOfWeek, subWeeks } from 'date-fns';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

/* Issue 22, items 1 and 6: a project's page from the projects grid, and resourcing. */

async function post<T = { id: number }>(page: Page, url: string, data: unknown): Promise<T> {
  const res = await page.request.post(url, { data });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

const today = () => format(new Date(), 'yyyy-MM-dd');

test('a project opens from the grid with its burn, time, invoices and team', async ({ page }) => {
  const user = newUser('project');
  await signUpWithWorkspace(page, user);
  const client = await post(page, '/api/clients', {
    name: 'Atlas Bakery',
    email: 'ap@atlas.example.com',
  });
  const project = await post(page, '/api/projects', {
    name: 'Atlas storefront',
    clientId: client.id,
    budgetType: 'time',
    budgetLimit: 10,
    hourlyRate: 100,
  });
  await post(page, '/api/time-entries', {
    projectId: project.id,
    hours: 8,
    date: today(),
    description: 'Checkout flow',
  });

  await page.goto('/projects');
  const card = page.getByRole('article', { name: 'Atlas storefront' });
  await card.getByRole('link', { name: 'Atlas storefront' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}$`));

  // The header: name, status, client (a link to its page), and the burn with its level.
  await expect(page.getByRole('heading', { name: 'Atlas storefront', level: 2 })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText('Active', { exact: true })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Atlas Bakery' })).toHaveAttribute(
    'href',
    `/clients/${client.id}`,
  );
  const burn = page.getByRole('region', { name: 'Budget' });
  await expect(burn.getByText('8 of 10 hours')).toBeVisible();
  await expect(burn.getByText('Nearing the budget (75 % or more used)')).toBeVisible();
  await expect(burn.getByText('80%')).toBeVisible();
  await expect(burn.getByText('$800.00').first()).toBeVisible();

  // Tasks is the first tab; Time lists the project's entries.
  await expect(page.getByRole('tab', { name: 'Tasks' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Time' }).click();
  await expect(page).toHaveURL(/tab=time/);
  await expect(main.getByText('Checkout flow')).toBeVisible();

  await page.getByRole('tab', { name: 'Invoices' }).click();
  await expect(page).toHaveURL(/tab=invoices/);
  await expect(main.getByText('No invoices for this project yet.')).toBeVisible();
  await post(page, '/api/invoices', {
    clientId: client.id,
    projectId: project.id,
    lines: [{ description: 'Storefront', quantity: '1', unitPrice: '250' }],
  });
  await page.reload();
  const invoices = page.getByRole('table', { name: 'Invoices of the project' });
  // A draft has no number yet: it is named Draft, and links to its page.
  await expect(invoices.getByRole('row').filter({ hasText: '$250.00' })).toContainText('Draft');
  await expect(invoices.getByRole('link', { name: 'Draft' })).toHaveAttribute(
    'href',
    /^\/invoices\/\d+$/,
  );

  await page.getByRole('tab', { name: 'Team' }).click();
  await expect(page).toHaveURL(/tab=team/);
  const member = page
    .getByRole('table', { name: 'Team of the project' })
    .getByRole('row', { name: new RegExp(user.fullName) });
  await expect(member).toContainText('8.00 hours');
  await expect(member).toContainText('$800.00');

  // Edited from the page, the header follows.
  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Project' });
  await dialog.getByLabel('Budget (hours)').fill('6');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(burn.getByText('8 of 6 hours')).toBeVisible();
  await expect(burn.getByText('Over budget')).toBeVisible();
});

test("resourcing shows a member's week against the capacity set on the Team page", async ({
  page,
}) => {
  const user = newUser('resourcing');
  await signUpWithWorkspace(page, user);
  const project = await post(page, '/api/projects', {
    name: 'Harbor app',
    budgetType: 'time',
    budgetLimit: 0,
  });

  // The owner sets their own capacity on the Team page.
  await page.goto('/team');
  await page.getByRole('button', { name: /Weekly capacity of .*40 h\/week/ }).click();
  const dialog = page.getByRole('dialog', { name: /Weekly capacity of/ });
  await dialog.getByLabel('Hours per week').fill('10');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Capacity updated')).toBeVisible();
  await expect(page.getByRole('button', { name: /Weekly capacity of .*10 h\/week/ })).toBeVisible();

  await post(page, '/api/time-entries', { projectId: project.id, hours: 6.5, date: today() });
  await post(page, '/api/time-entries', { projectId: project.id, hours: 5, date: today() });

  await page.goto('/resourcing');
  const card = page.getByRole('region', { name: user.fullName });
  await expect(card.getByText('Capacity 10 h a week')).toBeVisible();
  await expect(card.getByText('Overbooked 1 week')).toBeVisible();
  const weekOf = format(startOfWeek(new Date(), { weekStartsOn: 1 }), 'MMM d, yyyy');
  const row = page
    .getByRole('region', { name: 'Figures by week' })
    .getByRole('row')
    .filter({ hasText: weekOf });
  await expect(row).toContainText('10 h');
  await expect(row).toContainText('11.5 h');
  await expect(row).toContainText('Overbooked');
  // The week before is free.
  const earlier = format(startOfWeek(subWeeks(new Date(), 1), { weekStartsOn: 1 }), 'MMM d, yyyy');
  await expect(
    page
      .getByRole('region', { name: 'Figures by week' })
      .getByRole('row')
      .filter({ hasText: earlier }),
  ).toContainText('10 h free');

  // The range moves by its length and stays in the URL; back around this week.
  await page.getByRole('button', { name: 'Earlier weeks' }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}/);
  await page.reload();
  await expect(card.getByText('Within capacity')).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.getByRole('button', { name: 'Around this week' }).click();
  await expect(row).toContainText('Overbooked');

  // Capacity can also be changed from the chart: 12 hours clears the week.
  await card.getByRole('button', { name: /Change the weekly capacity/ }).click();
  const again = page.getByRole('dialog', { name: /Weekly capacity of/ });
  await again.getByLabel('Hours per week').fill('12');
  await again.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByText('Within capacity')).toBeVisible();
  await expect(row).toContainText('0.5 h free');
});
