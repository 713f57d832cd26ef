import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes } from '../../src/server/rest-routes.ts';
import { createTestApp, signUpWithWorkspace, snapshot, type TestApp } from '../support/test-app.ts';

/*
 * Issue 9 §3, server side: every mutation path refuses a foreign Origin, a cross-site
 * fetch, and the bodies an HTML form can send, before anything runs; and every answer
 * carries the headers a browser needs to keep scripts and frames out.
 */

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  const owner = await signUpWithWorkspace(t.app, 'Cross Site Studio');
  cookie = owner.client.cookie!;
  await owner.client.post('/api/persons', { fullName: 'Kept Person', email: 'kept@example.com' });
});
afterAll(() => t.close());

const mutations = restRoutes.filter((route) => route.method !== 'GET');
const urlOf = (path: string) => path.replace(/\{\w+\}/g, '1');

describe.each([
  ['a foreign Origin', { origin: 'https://evil.example', 'content-type': 'application/json' }, 403],
  [
    'Sec-Fetch-Site: cross-site',
    { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
    403,
  ],
  ['a form body', { 'content-type': 'application/x-www-form-urlencoded' }, 415],
  ['a text/plain body', { 'content-type': 'text/plain' }, 415],
  ['a multipart body', { 'content-type': 'multipart/form-data; boundary=x' }, 415],
])('with %s', (_label, headers, status) => {
  it(`refuses every one of the ${mutations.length} REST mutations and every tRPC mutation, changing nothing`, async () => {
    const before = await snapshot(t.db);
    const payload =
      headers['content-type'] === 'application/json'
        ? '{"fullName":"Forged","name":"Forged","email":"forged@example.com"}'
        : 'fullName=Forged&name=Forged';
    const targets = [
      ...mutations.map((route) => ({
        method: route.method,
        url: urlOf(route.path),
        formEncoded: route.formEncoded === true,
      })),
      { method: 'POST' as const, url: '/trpc/contacts.create', formEncoded: false },
      { method: 'POST' as const, url: '/trpc/auth.logout', formEncoded: false },
    ];
    for (const target of targets) {
      const res = await t.app.inject({
        method: target.method,
        url: target.url,
        headers: { ...headers, cookie },
        payload,
      });
      // A public form's submissions take what an HTML form sends, by design (issue 44): the
      // body reaches the route, which answers for slug 1 (no such form) and makes nothing.
      const expected =
        target.formEncoded && headers['content-type'] === 'application/x-www-form-urlencoded'
          ? 404
          : status;
      expect(res.statusCode, `${target.method} ${target.url}`).toBe(expected);
      expect(res.json(), `${target.method} ${target.url}`).toEqual({ error: expect.any(String) });
    }
    expect(await snapshot(t.db)).toBe(before);
    // The session survived the forged sign-out.
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });
});

describe('headers', () => {
  it.each(['/', '/login', '/api/health', '/api/auth/me', '/trpc/auth.me', '/api/nowhere'])(
    '%s: a CSP without inline scripts, nosniff, no framing, no caching of API data',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      const csp = String(res.headers['content-security-policy']);
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
      expect(scriptSrc).toBeDefined();
      expect(scriptSrc).not.toContain('unsafe-inline');
      expect(scriptSrc).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      if (url.startsWith('/api/') || url.startsWith('/trpc/')) {
        expect(res.headers['cache-control']).toBe('no-store');
      }
    },
  );

  it('sends HSTS in production only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers).not.toHaveProperty(
      'strict-transport-security',
    );
    const production = await createTestApp({ env: 'production' });
    try {
      const res = await production.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{8}/);
    } finally {
      await production.close();
    }
  });
});
