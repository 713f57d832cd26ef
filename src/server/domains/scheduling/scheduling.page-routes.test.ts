import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ApiClient, useTwoWorkspaces } from '../../../../tests/support/test-app.ts';
import { dateIn, zonedInstant } from './slots.ts';

/* Issue 44: the pages `/book/{slug}` and `/book/manage/{token}`, served from the built client. */

const BOOKING_PAGE =
  '<!doctype html><main id="page"></main><script src="/assets/booking.js"></script>';
const MANAGE_PAGE =
  '<!doctype html><main id="page"></main><script src="/assets/manage.js"></script>';
const clientDir = mkdtempSync(join(tmpdir(), 'keel-booking-page-'));
mkdirSync(join(clientDir, 'public-pages'));
writeFileSync(join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(join(clientDir, 'public-pages', 'booking.html'), BOOKING_PAGE);
writeFileSync(join(clientDir, 'public-pages', 'booking-manage.html'), MANAGE_PAGE);
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

const { t, owner, other } = useTwoWorkspaces('Page Bookings', 'Other Page Bookings', {
  clientDir,
});

const ZONE = 'Europe/Berlin';
let counter = 0;
async function newType(client: ApiClient, body: object = {}) {
  counter += 1;
  const res = await client.post('/api/booking-types', {
    name: `Intro call ${counter}`,
    durationMinutes: 30,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { slug: string; publicSlug: string };
}

/** As a visitor: no cookie of any account. */
const visit = (url: string) => t.app.inject({ method: 'GET', url });

function expectPage(res: Awaited<ReturnType<typeof visit>>, status: number, body: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.body).toBe(body);
  expect(res.headers['content-type']).toMatch(/text\/html/);
  expect(res.headers['set-cookie']).toBeUndefined();
}

describe('the public booking page', () => {
  it('sends the booking page, not indexed, not frameable, without setting a cookie', async () => {
    const type = await newType(owner.client);
    const res = await visit(`/book/${type.publicSlug}`);
    expectPage(res, 200, BOOKING_PAGE);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('drops noindex when the type allows indexing', async () => {
    const type = await newType(owner.client, { allowIndexing: true });
    const res = await visit(`/book/${type.publicSlug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-robots-tag']).toBeUndefined();
  });

  it('answers the page with 404 for an unknown, inactive, malformed or mis-numbered slug', async () => {
    const inactive = await newType(owner.client, { active: false, allowIndexing: true });
    const theirs = await newType(other.client);
    const urls = [
      `/book/${owner.workspace.id}-no-such-type`,
      `/book/${inactive.publicSlug}`,
      '/book/not-a-slug',
      '/book/99999999999-intro',
      `/book/${owner.workspace.id}-${theirs.slug}`,
    ];
    for (const url of urls) {
      const res = await visit(url);
      expectPage(res, 404, BOOKING_PAGE);
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
    }
  });

  it('sets no cookie for a signed-in member either', async () => {
    const type = await newType(owner.client);
    const res = await owner.client.get(`/book/${type.publicSlug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe("a booking's manage page", () => {
  it('sends the manage page for a real link, never indexed nor referred, and 404 for any other', async () => {
    const type = await newType(owner.client, { allowIndexing: true });
    const weekly = Object.fromEntries(
      ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [
        d,
        [{ start: '09:00', end: '17:00' }],
      ]),
    );
    const hours = await owner.client.put('/api/availability', { timezone: ZONE, weekly });
    expect(hours.statusCode, hours.body).toBe(200);
    const day = dateIn(new Date(Date.now() + 3 * 86_400_000), ZONE);
    const booked = await t.app.inject({
      method: 'POST',
      url: `/api/public/booking/${type.publicSlug}/bookings`,
      payload: {
        start: zonedInstant(day, '10:00', ZONE).toISOString(),
        name: 'Ada Visitor',
        email: 'ada.page@example.com',
        timezone: 'America/New_York',
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const token = (booked.json() as { manageUrl: string }).manageUrl.split('/book/manage/')[1]!;

    const res = await visit(`/book/manage/${token}`);
    expectPage(res, 200, MANAGE_PAGE);
    expect(res.headers['x-robots-tag']).toMatch(/noindex/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');

    const [workspaceId, secret] = token.split('.') as [string, string];
    const otherWorkspace = `${other.workspace.id}.${secret}`;
    for (const url of [
      `/book/manage/${workspaceId}.${'A'.repeat(43)}`,
      `/book/manage/${otherWorkspace}`,
      '/book/manage/not-a-token',
      `/book/manage/99999999999.${secret}`,
    ]) {
      const missing = await visit(url);
      expectPage(missing, 404, MANAGE_PAGE);
      expect(missing.headers['x-robots-tag'], url).toMatch(/noindex/);
    }
  });
});
