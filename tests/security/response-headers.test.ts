import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleResponses, writeClientBuild, type Sample } from '../support/header-sample.ts';
import { createTestApp } from '../support/test-app.ts';

/*
 * The security headers, exactly, on an answer of every kind (pages, static and uploaded
 * files, JSON over REST and tRPC, each layer's errors, the client portal), in development
 * and in production: the policy that src/server/plugins/security.ts states through Helmet,
 * and no header of Helmet's that the policy has not adopted.
 */

/** Every header a security policy might set, whether Keel's policy sets it or not. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'content-security-policy-report-only',
  'cross-origin-embedder-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-powered-by',
  'x-robots-tag',
  'x-xss-protection',
];

const PAGE_POLICY = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data: blob:",
  'font-src': "'self' data:",
  'connect-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
};

/** A CSP as directive → sources: the same policy however its separators are spaced. */
function directives(csp: unknown): Record<string, string> {
  return Object.fromEntries(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name, sources.join(' ')]),
  );
}

function securityHeaders(sample: Sample) {
  const found = Object.fromEntries(
    SECURITY_HEADERS.filter((name) => sample.res.headers[name] !== undefined).map((name) => [
      name,
      name === 'content-security-policy'
        ? directives(sample.res.headers[name])
        : sample.res.headers[name],
    ]),
  );
  return found;
}

function expectedHeaders(sample: Sample, production: boolean) {
  // An uploaded file is never a page: it may load nothing (files.routes.ts).
  const uploadedFile = /^GET \/api\/files\/\{key\}/.test(sample.label);
  return {
    'content-security-policy': uploadedFile ? { 'default-src': "'none'" } : PAGE_POLICY,
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    // A portal URL holds its secret token: never sent on as a referrer, never indexed.
    'referrer-policy': sample.portal ? 'no-referrer' : 'same-origin',
    ...(production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(sample.portal ? { 'x-robots-tag': 'noindex, nofollow' } : {}),
  };
}

const clientDir = mkdtempSync(join(tmpdir(), 'keel-headers-client-'));
beforeAll(() => writeClientBuild(clientDir));
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

describe.each([
  ['development', false],
  ['production', true],
] as const)('in %s', (env, production) => {
  let samples: Sample[] = [];
  beforeAll(async () => {
    const t = await createTestApp({
      env: production ? 'production' : 'test',
      clientDir,
      // Production's session cookie is Secure: the sample says it came through a TLS proxy.
      trustProxy: true,
    });
    try {
      samples = await sampleResponses(t.app);
    } finally {
      await t.close();
    }
  });

  it('sends the same security headers on pages, files, JSON, errors and the portal', () => {
    const kinds = new Set(samples.map((s) => `${s.kind}${s.portal ? ' (portal)' : ''}`));
    expect([...kinds].sort()).toEqual([
      'error',
      'error (portal)',
      'file',
      'file (portal)',
      'html',
      'html (portal)',
      'json',
      'json (portal)',
    ]);
    // A malformed URL is refused by the router before any hook runs (app.ts frameworkErrors).
    const hooked = samples.filter((s) => !s.label.includes('(malformed URL)'));
    expect(hooked.length).toBeGreaterThan(25);
    for (const sample of hooked) {
      expect(securityHeaders(sample), `${env}: ${sample.label} ${sample.res.statusCode}`).toEqual(
        expectedHeaders(sample, production),
      );
    }
  });

  it('keeps API data out of shared caches, and lets pages and assets be cached as before', () => {
    for (const { label, kind, res } of samples) {
      const cacheControl = res.headers['cache-control'];
      const api = /^\w+ \/(api|trpc)\//.test(label) && !label.includes('(malformed URL)');
      if (api && kind === 'file') {
        // A download sets its own policy, private to the browser (files, the portal's logo).
        expect(cacheControl, label).toMatch(/^private, max-age=\d+/);
      } else if (api) {
        expect(cacheControl, label).toBe('no-store');
      } else if (/^\w+ \/assets\/index-/.test(label)) {
        expect(cacheControl, label).toBe('public, max-age=31536000, immutable');
      } else if (kind === 'html') {
        expect(cacheControl, label).toBe('no-cache');
      }
    }
  });
});
