import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes } from '../../src/server/rest-routes.ts';
import { appRouter } from '../../src/server/trpc/router.ts';
import { ApiClient, createTestApp, signUp, snapshot, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('mutations accept JSON only', () => {
  const bodies = [
    {
      type: 'text/plain',
      payload: '{"fullName":"A B","email":"plain@example.com","password":"secret1"}',
    },
    {
      type: 'application/x-www-form-urlencoded',
      payload: 'fullName=A+B&email=form@example.com&password=secret1',
    },
    {
      type: 'multipart/form-data; boundary=x',
      payload: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@example.com\r\n--x--',
    },
  ];
  for (const { type, payload } of bodies) {
    it(`answers 415 to ${type.split(';')[0]} on REST and tRPC, and creates nothing`, async () => {
      const before = await snapshot(t.db);
      for (const url of ['/api/auth/signup', '/trpc/auth.signup']) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': type },
          payload,
        });
        expect(res.statusCode, url).toBe(415);
        expect(res.json()).toEqual({ error: 'Unsupported media type: send application/json' });
      }
      expect(await snapshot(t.db)).toBe(before);
    });
  }
});

describe('cross-site requests', () => {
  it('refuses mutations from a foreign Origin or a cross-site fetch', async () => {
    const { client } = await signUp(t.app);
    const before = await snapshot(t.db);
    const forged: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of forged) {
      const res = await client.request('POST', '/api/workspaces', { name: 'Forged' }, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Cross-site requests are not allowed' });
    }
    expect(await snapshot(t.db)).toBe(before);
    const same = await client.request(
      'POST',
      '/api/workspaces',
      { name: 'Mine' },
      { origin: 'http://localhost:3000', host: 'localhost:3000' },
    );
    expect(same.statusCode).toBe(201);
  });
});

describe('error answers', () => {
  it('sends the security headers on every answer', async () => {
    for (const url of ['/api/health', '/api/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('answers malformed, poisoned and oversized JSON with a 4xx error body', async () => {
    const cases: [string, number][] = [
      ['{"email": ', 400],
      ['{"__proto__": {"isAdmin": true}, "email": "a@example.com", "password": "x"}', 400],
      ['{"constructor": {"prototype": {"isAdmin": true}}}', 400],
      [JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) }), 413],
      ['"just a string"', 400],
      ['null', 400],
    ];
    for (const [payload, status] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload.slice(0, 40)).toBe(status);
      const body = res.json();
      expect(typeof body.error).toBe('string');
      expect(res.body).not.toMatch(/at \w+ \(|node_modules|select |insert /i);
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatch(/not found/);
  });

  it('never shows a stack or SQL in a 5xx, on REST or tRPC', async () => {
    const broken = await createTestApp();
    try {
      // Without the audit table every sign-up fails inside the server.
      await sql`drop table activity_logs`.execute(broken.db);
      const body = { fullName: 'A B', email: 'crash@example.com', password: 'secret1' };
      const rest = await new ApiClient(broken.app).post('/api/auth/signup', body);
      expect(rest.statusCode).toBe(500);
      expect(rest.json()).toEqual({ error: 'Internal server error' });
      const rpc = await new ApiClient(broken.app).post('/trpc/auth.signup', {
        ...body,
        email: 'crash2@example.com',
      });
      expect(rpc.statusCode).toBe(500);
      expect(rpc.json().error.message).toBe('Internal server error');
      expect(rpc.body).not.toMatch(/activity_logs|stack|at \w+ \(/);
    } finally {
      await broken.close();
    }
  });
});

describe('the OpenAPI document', () => {
  it('documents every REST route with its procedure and body schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const route of restRoutes) {
      const op = doc.paths[route.path]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      expect(op.operationId).toBe(route.operationId ?? route.procedure);
    }
    const signup =
      doc.paths['/api/auth/signup'].post.requestBody.content['application/json'].schema;
    expect(signup.required).toEqual(['fullName', 'email', 'password']);
    expect(doc.paths['/api/workspaces/{id}'].put.parameters[0]).toMatchObject({
      name: 'id',
      in: 'path',
    });
  });

  it('every REST route points at a procedure that exists', () => {
    const procedures = Object.keys(appRouter._def.procedures);
    for (const route of restRoutes) expect(procedures).toContain(route.procedure);
  });
});
