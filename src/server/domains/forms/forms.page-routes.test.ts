import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ApiClient, useTwoWorkspaces } from '../../../../tests/support/test-app.ts';

/* Issue 44, part 4: the page `/f/{slug}` itself, served from the built client. */

const PAGE =
  '<!doctype html><main id="page"></main><script type="module" src="/assets/form.js"></script>';
const clientDir = mkdtempSync(join(tmpdir(), 'keel-form-page-'));
mkdirSync(join(clientDir, 'public-pages'));
writeFileSync(join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(join(clientDir, 'public-pages', 'form.html'), PAGE);
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

const { t, owner, other } = useTwoWorkspaces('Page Studio', 'Other Page Studio', { clientDir });

let counter = 0;
async function newForm(client: ApiClient, body: object = {}) {
  counter += 1;
  const res = await client.post('/api/forms', {
    name: `Contact page ${counter}`,
    published: true,
    fields: [
      { key: 'email', type: 'email', label: 'Email', required: true, mapTo: 'contact.email' },
    ],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; slug: string; publicSlug: string };
}

/** As a visitor: no cookie of any account. */
const visit = (url: string) => t.app.inject({ method: 'GET', url });

describe('the public form page', () => {
  it('sends the form page, not indexed, frameable by any site, without setting a cookie', async () => {
    const form = await newForm(owner.client);
    const res = await visit(`/f/${form.publicSlug}?utm_source=newsletter`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(PAGE);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain('frame-ancestors *');
    expect(csp).not.toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('drops noindex when the form allows indexing', async () => {
    const form = await newForm(owner.client, { allowIndexing: true });
    const res = await visit(`/f/${form.publicSlug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-robots-tag']).toBeUndefined();
  });

  it('answers the page with 404 for an unknown, unpublished, malformed or mis-numbered slug', async () => {
    const hidden = await newForm(owner.client, { published: false, allowIndexing: true });
    const theirs = await newForm(other.client);
    const urls = [
      `/f/${owner.workspace.id}-no-such-form`,
      `/f/${hidden.publicSlug}`,
      '/f/not-a-slug',
      // Another workspace's slug under this workspace's number names nothing.
      `/f/${owner.workspace.id}-${theirs.slug}`,
    ];
    for (const url of urls) {
      const res = await visit(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe(PAGE);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
  });

  it('keeps frame-ancestors none and X-Frame-Options everywhere else', async () => {
    for (const url of ['/', '/forms', '/public-pages/form.html', '/api/health']) {
      const res = await visit(url);
      expect(String(res.headers['content-security-policy']), url).toContain(
        "frame-ancestors 'none'",
      );
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('sets no cookie for a signed-in member either, and leaves their session alone', async () => {
    const form = await newForm(owner.client);
    const res = await owner.client.get(`/f/${form.publicSlug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
