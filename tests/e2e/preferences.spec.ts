import { expect, test, type Page } from '@playwright/test';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

/** The time now in Paris as the preview shows it with 24 h ('08:39'). */
const parisClock = (now = new Date()) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(now);

/** Today in Paris as DD/MM/YYYY. */
const parisToday = () =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());

async function choose(page: Page, label: string, option: RegExp | string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

async function seed(page: Page) {
  const post = async (url: string, data: unknown) => {
    const res = await page.request.post(url, { data });
    expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
    return (await res.json()) as { id: number };
  };
  const person = await post('/api/persons', { fullName: 'Léa Martin', email: 'lea@example.fr' });
  await post('/api/leads', {
    dealName: 'Boxing Day launch',
    personId: person.id,
    value: 4200,
    closeDate: '2026-12-26',
  });
  const client = await post('/api/clients', { name: 'Atelier', email: 'compta@example.fr' });
  const project = await post('/api/projects', { name: 'Website', clientId: client.id });
  await post('/api/time-entries', { projectId: project.id, hours: 2, date: '2026-12-26' });
  const invoice = await post('/api/invoices', {
    clientId: client.id,
    dueDate: '2026-12-26',
    lines: [{ description: 'Design', quantity: '1', unitPrice: '500' }],
  });
  await post(`/api/invoices/${invoice.id}/issue`, {});
  return { invoice };
}

test('a user in Paris with DD/MM/YYYY and 24 h sees their dates on every list', async ({
  page,
}) => {
  const user = newUser('paris');
  await signUpWithWorkspace(page, user);
  const { invoice } = await seed(page);

  // Before: the SPEC's US defaults.
  await page.goto('/time-tracking');
  await expect(page.getByText('Dec 26, 2026').first()).toBeVisible();

  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Timezone & Localization' });
  await choose(page, 'Timezone', /^Paris/);
  await choose(page, 'Date Format', 'DD/MM/YYYY');
  await choose(page, 'Time Format', '24-hour');
  await choose(page, 'Week Starts On', 'Monday');
  // The preview is Paris time, whatever the browser's own zone.
  const before = parisClock();
  const preview = await card.getByText(/^Now: /).textContent();
  expect([`Now: ${before}`, `Now: ${parisClock()}`]).toContain(preview);
  await card.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByText('Preferences updated successfully')).toBeVisible();

  await page.goto('/time-tracking');
  await expect(page.getByText('26/12/2026').first()).toBeVisible();
  await expect(page.getByText('Dec 26, 2026')).toHaveCount(0);

  // Date fields show and read the user's format too, with Monday first in the calendar.
  await page.getByRole('button', { name: 'Log Time', exact: true }).click();
  const log = page.getByRole('dialog', { name: 'Log Time' });
  const day = log.getByLabel('Date');
  await expect(day).toHaveValue(parisToday());
  await day.click();
  await expect(page.getByRole('table').locator('thead th').first()).toHaveText('Mo');
  await day.fill('03/04/2026');
  await log.getByLabel('Hours').click();
  await expect(day).toHaveValue('03/04/2026');
  await log.getByRole('combobox', { name: 'Project', exact: true }).click();
  await page.getByRole('option', { name: /Website/ }).click();
  await log.getByLabel('Hours').fill('1');
  await log.getByRole('button', { name: 'Log Time' }).click();
  await expect(page.getByText('Time entry added')).toBeVisible();
  // 3 April, not 4 March.
  await expect(page.getByText('03/04/2026').first()).toBeVisible();
  const entries = await (await page.request.get('/api/time-entries')).json();
  expect(JSON.stringify(entries)).toContain('2026-04-03');

  await page.goto('/opportunities');
  await page.getByText('List', { exact: true }).click();
  await expect(page.getByRole('cell', { name: '26/12/2026' })).toBeVisible();

  await page.goto(`/invoices/${invoice.id}`);
  await expect(page.getByText('26/12/2026').first()).toBeVisible();

  await page.goto('/contacts');
  await page.getByText('Léa Martin').first().click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText(parisToday())).toBeVisible();

  await page.goto('/team');
  await expect(page.getByText(parisToday()).first()).toBeVisible();

  // The choice stays after a reload, and is the account's, not the browser's.
  await page.reload();
  await expect(page.getByText(parisToday()).first()).toBeVisible();
});

test('the workspace time zone is a setting of its own, starting as the owner’s', async ({
  page,
}) => {
  const user = newUser('zone');
  await signUpWithWorkspace(page, user);
  const read = async () =>
    (await (await page.request.get('/api/workspaces/current/settings')).json()) as {
      timezone: string;
    };
  expect((await read()).timezone).toBe('America/New_York');

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Business' }).click();
  await choose(page, 'Timezone', 'Europe/Paris');
  await page
    .getByRole('tabpanel', { name: 'Business' })
    .getByRole('button', { name: 'Save Changes' })
    .click();
  await expect(page.getByText('Business settings updated')).toBeVisible();
  expect((await read()).timezone).toBe('Europe/Paris');
});

test('the workspace rounds what its timers log, and the entry says what it was rounded from', async ({
  page,
}) => {
  await signUpWithWorkspace(page, newUser('rounding'));
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Business' }).click();
  await choose(page, 'Time rounding', '15 minutes');
  await choose(page, 'Rounding direction', 'Round up');
  await page
    .getByRole('tabpanel', { name: 'Business' })
    .getByRole('button', { name: 'Save Changes' })
    .click();
  await expect(page.getByText('Business settings updated')).toBeVisible();
  const profile = await (await page.request.get('/api/settings/business')).json();
  expect(profile).toMatchObject({ timeRoundingMinutes: 15, timeRoundingMode: 'up' });

  // A timer run of a few seconds logs a quarter of an hour, and shows the run.
  const project = await page.request.post('/api/projects', { data: { name: 'Rounded work' } });
  expect(project.status()).toBe(201);
  const projectId = ((await project.json()) as { id: number }).id;
  expect((await page.request.post('/api/timer/start', { data: { projectId } })).status()).toBe(200);
  // A stop logs only time that ran: at least a second of it (the timer counts whole seconds).
  await page.waitForTimeout(1100);
  const stopped = await page.request.post('/api/timer/stop', {
    data: { date: new Date().toISOString().slice(0, 10) },
  });
  expect(stopped.status(), await stopped.text()).toBe(200);
  expect(await stopped.json()).toMatchObject({ hours: '0.25' });

  await page.goto('/time-tracking');
  const entry = page.getByTestId('time-entry').filter({ hasText: 'Rounded work' }).first();
  await expect(entry).toContainText('15 min');
  await expect(entry).toContainText(/rounded from 0:00:\d\d/);
});
