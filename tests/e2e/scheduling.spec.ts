import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

test.describe.configure({ timeout: 120_000 });
test.use({ actionTimeout: 20_000 });

/**
 * With SCHEDULING_SHOTS set (a developer's look, not CI's): the screen in light and dark, at
 * 1440 and 375 px, each scanned by axe like the accessibility sweep.
 */
async function shoot(page: Page, name: string, outputPath: (file: string) => string) {
  if (!process.env.SCHEDULING_SHOTS) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: outputPath(`${name}-${scheme}-${width}.png`), fullPage: true });
      // Toasts are the shell's, not this screen's (the sweep scans none).
      const { violations } = await new AxeBuilder({ page })
        .exclude('.mantine-Notification-root')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
        .analyze();
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        serious.map(
          (v) => `${name} ${scheme} ${width}: ${v.id} ${v.nodes.map((n) => n.html).join(' | ')}`,
        ),
      ).toEqual([]);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

const isoDate = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a booking type, hours and a feed set up; a booking is listed, on its contact, and cancelled', async ({
  page,
}, testInfo) => {
  const out = (file: string) => testInfo.outputPath(file);
  await signUpWithWorkspace(page, newUser('scheduling'));

  // A booking type, with a question.
  await page.goto('/scheduling?tab=types');
  await expect(page.getByRole('heading', { name: 'Scheduling', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New booking type' }).click();
  const dialog = page.getByRole('dialog', { name: 'New booking type' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Discovery call');
  await dialog.getByRole('textbox', { name: 'Minimum notice (minutes)' }).fill('0');
  await dialog.getByRole('button', { name: 'Add question' }).click();
  await dialog.getByRole('textbox', { name: 'Question 1' }).fill('What is the project?');
  await dialog
    .getByRole('switch', { name: 'Allow search engines to index the booking page' })
    .check();
  await shoot(page, 'type-dialog', out);
  await dialog.getByRole('button', { name: 'Add booking type' }).click();
  await expect(page.getByText('Booking type added')).toBeVisible();
  const types = page.getByRole('table', { name: 'Booking types' });
  await expect(types.getByText('Discovery call')).toBeVisible();
  await expect(types.getByRole('link', { name: /^\/book\/\d+-discovery-call$/ })).toBeVisible();
  await shoot(page, 'types', out);

  // Hours every day, and today off.
  await page.getByRole('tab', { name: 'Availability' }).click();
  for (const day of ['Saturday', 'Sunday']) await page.getByRole('switch', { name: day }).check();
  await page.getByRole('button', { name: 'Add a date' }).click();
  await expect(page.getByRole('switch', { name: 'Day off' })).toBeChecked();
  await page.getByRole('button', { name: 'Save availability' }).click();
  await expect(page.getByText('Availability saved')).toBeVisible();
  await shoot(page, 'availability', out);

  // The private feed.
  await page.getByRole('tab', { name: 'Calendar feed' }).click();
  await page.getByRole('button', { name: 'Make calendar link' }).click();
  await expect(page.getByRole('textbox', { name: 'Your calendar link' })).toHaveValue(
    /\/api\/calendar-feed\/\d+\..+\.ics$/,
  );
  await shoot(page, 'feed', out);
  // Its address is shown once; after a reload the tab says a link is on, and can renew it.
  await page.reload();
  await expect(page.getByText(/^Your calendar link is on, made /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Make a new link' })).toBeVisible();

  // A visitor books the first free slot through the public API.
  const [type] = (await (await page.request.get('/api/booking-types')).json()) as {
    publicSlug: string;
    allowIndexing: boolean;
  }[];
  expect(type!.allowIndexing).toBe(true);
  const slots = await page.request.get(
    `/api/public/booking/${type!.publicSlug}?from=${isoDate(1)}&to=${isoDate(3)}&timezone=UTC`,
  );
  expect(slots.status()).toBe(200);
  const [slot] = ((await slots.json()) as { slots: { start: string }[] }).slots;
  const booked = await page.request.post(`/api/public/booking/${type!.publicSlug}/bookings`, {
    data: {
      start: slot!.start,
      name: 'Grace Visitor',
      email: 'grace.visitor@example.com',
      timezone: 'America/New_York',
      answers: { what_is_the_project: 'A new website' },
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);

  // Listed under Bookings, and on the contact it made.
  await page.getByRole('tab', { name: 'Bookings' }).click();
  const bookings = page.getByRole('table', { name: 'Bookings' });
  await expect(bookings.getByText('grace.visitor@example.com')).toBeVisible();
  await shoot(page, 'bookings', out);
  await bookings.getByRole('link', { name: 'Grace Visitor' }).click();
  await expect(page).toHaveURL(/\/contacts\?q=grace/);
  await page.getByRole('button', { name: 'GV Grace Visitor' }).click();
  const meetings = page.getByRole('list', { name: 'Meetings' });
  await expect(meetings.getByText('Discovery call')).toBeVisible();
  await shoot(page, 'contact-drawer', out);

  // Its free times to move it to, then cancelled from the list, with a reason.
  await page.goto('/scheduling');
  await page.getByRole('button', { name: /^Actions for Grace Visitor/ }).click();
  await page.getByRole('menuitem', { name: 'Reschedule' }).click();
  const move = page.getByRole('dialog', { name: 'Reschedule booking' });
  await expect(move.getByRole('radio')).not.toHaveCount(0);
  await shoot(page, 'reschedule-dialog', out);
  await move.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: /^Actions for Grace Visitor/ }).click();
  await page.getByRole('menuitem', { name: 'Cancel booking' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel booking' });
  await cancel.getByRole('textbox', { name: 'Reason (optional)' }).fill('Double-booked');
  await shoot(page, 'cancel-dialog', out);
  await cancel.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByText('Booking cancelled')).toBeVisible();
  await expect(bookings.getByText('Cancelled', { exact: true })).toBeVisible();
});
