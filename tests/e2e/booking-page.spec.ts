import { expect, test, type Page } from '@playwright/test';
import { newUser, signUpWithWorkspace } from './fixtures.ts';
import { useMailingServer } from './mailing-server.ts';

/*
 * Issue 44: a Berlin owner sets their hours; a visitor in New York books a slot of their
 * booking page at 375 px, the owner sees it, and the visitor moves it from the emailed
 * manage link. The emails must really go out, so the
 * journey runs against a server of its own whose SMTP_URL is a loopback sink.
 */

const mailing = useMailingServer('booking');

const shot = (name: string) => test.info().outputPath(name);
const VISITOR_ZONE = 'America/New_York';

interface Booking {
  id: number;
  start: string;
  end: string;
  status: string;
  sequence: number;
  visitorEmail: string;
}

/** `HH:mm` of an instant in New York: what the visitor's page must say. */
const newYorkTime = (instant: string) =>
  new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: VISITOR_ZONE,
  }).format(new Date(instant));

async function bookingOf(owner: Page, email: string): Promise<Booking> {
  const res = await owner.request.get('/api/bookings');
  expect(res.status()).toBe(200);
  const found = ((await res.json()) as Booking[]).find((b) => b.visitorEmail === email);
  expect(found).toBeDefined();
  return found!;
}

/** The first time of the chosen day, after picking the `nth` day that has free times. */
async function pickTime(page: Page, nth: number) {
  const days = page.getByRole('list', { name: 'Days' }).getByRole('button', { disabled: false });
  await days.nth(nth).click();
  await expect(days.nth(nth)).toHaveAttribute('aria-pressed', 'true');
  const day = (await days.nth(nth).getAttribute('data-day'))!;
  const time = page.locator('.slots button').first();
  const label = (await time.textContent())!;
  await time.click();
  return { day, label };
}

test('an owner sets hours; a visitor in another time zone books at 375 px, the owner sees it, the visitor moves it from the emailed link', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const ownerContext = await browser.newContext({ baseURL: mailing.server.url });
  const owner = await ownerContext.newPage();
  await signUpWithWorkspace(owner, newUser('booking'));
  // The owner's hours, in Berlin, every day of the week, set on the Availability tab.
  await owner.goto('/scheduling?tab=availability');
  const zone = owner.getByRole('combobox', { name: 'Time zone' });
  await zone.fill('Europe/Berl');
  await owner.getByRole('option', { name: 'Europe/Berlin' }).click();
  await expect(zone).toHaveValue('Europe/Berlin');
  for (const day of ['Saturday', 'Sunday']) await owner.getByRole('switch', { name: day }).check();
  await owner.getByRole('button', { name: 'Save availability' }).click();
  await expect(owner.getByText('Availability saved')).toBeVisible();
  const typeRes = await owner.request.post('/api/booking-types', {
    data: {
      name: 'Discovery call',
      durationMinutes: 30,
      minNoticeMinutes: 120,
      location: 'Video call (link in the invitation)',
      description: 'Thirty minutes to talk about your project.',
      questions: [{ key: 'project', label: 'What is your project about?', required: true }],
    },
  });
  expect(typeRes.status(), await typeRes.text()).toBe(201);
  const type = (await typeRes.json()) as { publicSlug: string };

  // The visitor: New York, a phone, no account.
  const visitorContext = await browser.newContext({
    baseURL: mailing.server.url,
    timezoneId: VISITOR_ZONE,
    viewport: { width: 375, height: 812 },
  });
  const page = await visitorContext.newPage();
  await page.goto(`/book/${type.publicSlug}`);
  await expect(page.getByRole('heading', { name: 'Discovery call', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Time zone')).toHaveValue(VISITOR_ZONE);
  await page.screenshot({ path: shot('booking-375-light.png'), fullPage: true });

  const first = await pickTime(page, 0);
  const email = `visitor-${Date.now()}@example.com`;
  await page.getByLabel('Your name').fill('Grace Visitor');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('What is your project about?').fill('A new shop');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: shot('booking-form-375-dark.png'), fullPage: true });

  // Someone else takes that time while the visitor types: told so, back to the times.
  const slotsRes = await owner.request.get(
    `/api/public/booking/${type.publicSlug}?from=${first.day}&to=${first.day}&timezone=${VISITOR_ZONE}`,
  );
  const { slots } = (await slotsRes.json()) as { slots: { start: string }[] };
  const taken = slots.find((slot) => newYorkTime(slot.start) === first.label)!;
  const other = await owner.request.post(`/api/public/booking/${type.publicSlug}/bookings`, {
    data: {
      start: taken.start,
      name: 'Quick Visitor',
      email: 'quick@example.com',
      timezone: VISITOR_ZONE,
      answers: { project: 'Faster' },
    },
  });
  expect(other.status(), await other.text()).toBe(201);
  await page.getByRole('button', { name: 'Book this time' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This time was just taken. Please choose another time.',
  );
  await expect(page.locator('.slots button').first()).not.toHaveText(first.label);
  await page.screenshot({ path: shot('booking-taken-375-dark.png'), fullPage: true });

  const picked = (await pickTime(page, 0)).label;
  // What the visitor typed is still there.
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Book this time' }).click();
  const done = page.getByRole('status').filter({ hasText: 'You are booked' });
  await expect(done).toBeVisible();
  await expect(done).toContainText(`${picked}–`);
  await expect(done).toContainText('(America/New York)');
  await expect(done).toContainText(`with a link to reschedule or cancel, to ${email}.`);

  // The booking's time, read back as the owner sees it, is the one the visitor was shown.
  const booked = await bookingOf(owner, email);
  expect(newYorkTime(booked.start)).toBe(picked);

  // The owner sees it under Bookings.
  await owner.goto('/scheduling');
  await expect(
    owner.getByRole('table', { name: 'Bookings' }).getByRole('link', { name: 'Grace Visitor' }),
  ).toBeVisible();

  // The emailed link opens the booking, in the visitor's zone, and moves it.
  const mail = await mailing.sink.waitFor(email, { match: /\/book\/manage\// });
  const link = /(http\S+\/book\/manage\/\d+\.[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeDefined();
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Discovery call', level: 1 })).toBeVisible();
  await expect(page.getByText(`${picked}–`)).toBeVisible();
  await page.getByRole('button', { name: 'Reschedule' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a new time' })).toBeFocused();
  const moved = (await pickTime(page, 1)).label;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: shot('manage-1440-dark.png'), fullPage: true });
  await page.getByRole('button', { name: 'Move my booking' }).click();
  await expect(page.getByRole('status')).toContainText('Your booking was moved');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: shot('manage-1440-light.png'), fullPage: true });

  const after = await bookingOf(owner, email);
  expect(after.id).toBe(booked.id);
  expect(after.status).toBe('booked');
  expect(after.start).not.toBe(booked.start);
  expect(newYorkTime(after.start)).toBe(moved);
  expect(after.sequence).toBeGreaterThan(booked.sequence);

  await visitorContext.close();
  await ownerContext.close();
});
