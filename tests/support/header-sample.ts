import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { fileUpload, tinyPng } from './uploads.ts';

/** Response kinds whose headers a security policy must cover. */
export type SampleKind = 'html' | 'file' | 'json' | 'error';

export interface Sample {
  /** `GET /api/health`, with a word when the same request is made twice. */
  label: string;
  kind: SampleKind;
  portal: boolean;
  res: LightMyRequestResponse;
}

/** A built client as Vite leaves it: the page, and a hashed asset with its brotli copy. */
export function writeClientBuild(dir: string): void {
  const script = 'console.log("keel");'.repeat(200);
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'index-AbC123.js'), script);
  writeFileSync(join(dir, 'assets', 'index-AbC123.js.br'), brotliCompressSync(script));
}

/**
 * One answer of every kind the server gives, on an app built with a client directory
 * (writeClientBuild): pages, static and uploaded files, JSON over REST and tRPC, the errors
 * of each layer, and the client portal's page, JSON and errors. A production app must trust
 * its proxy (TRUST_PROXY) to keep the session over plain `inject()`. Used by
 * tests/security/response-headers.test.ts and scripts/response-headers.ts.
 */
export async function sampleResponses(app: FastifyInstance): Promise<Sample[]> {
  const samples: Sample[] = [];
  // The session cookie, as a browser keeps it (its name and rotation differ by environment).
  const jar = new Map<string, string>();
  const request = async (
    kind: SampleKind,
    method: 'GET' | 'POST' | 'HEAD' | 'OPTIONS',
    url: string,
    options: {
      headers?: Record<string, string>;
      payload?: string | Buffer;
      note?: string;
      signedOut?: boolean;
      /** The URL as the label shows it, without a secret that differs from run to run. */
      shown?: string;
    } = {},
  ) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await app.inject({
      method,
      url,
      headers: {
        // As a TLS proxy says (production's session cookie is Secure; see trustProxy).
        'x-forwarded-proto': 'https',
        ...(cookie && !options.signedOut ? { cookie } : {}),
        ...options.headers,
      },
      payload: options.payload,
    });
    for (const set of res.cookies) jar.set(set.name, set.value);
    const label = `${method} ${options.shown ?? url}${options.note ? ` (${options.note})` : ''}`;
    samples.push({ label, kind, portal: /^\/(api\/)?portal\//.test(url), res });
    return res;
  };
  const json = { 'content-type': 'application/json' };
  const created = (res: LightMyRequestResponse) => {
    if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
    return res.json() as Record<string, unknown>;
  };

  created(
    await request('json', 'POST', '/api/auth/signup', {
      headers: json,
      payload: JSON.stringify({
        fullName: 'Header Sample',
        email: `headers-${Date.now().toString(36)}@example.com`,
        password: 'correct-horse-9',
      }),
    }),
  );
  const logoUpload = fileUpload('logo', 'logo.png', 'image/png', tinyPng('a logo'));
  const logo = created(
    await request('json', 'POST', '/api/upload/workspace-logo', {
      headers: logoUpload.headers,
      payload: logoUpload.payload,
    }),
  );
  created(
    await request('json', 'POST', '/api/workspaces', {
      headers: json,
      payload: JSON.stringify({ name: 'Header Studio', logo: logo.logoUrl }),
    }),
  );
  const client = created(
    await request('json', 'POST', '/api/clients', {
      headers: json,
      payload: JSON.stringify({ name: 'Portal Client', email: 'ap@example.com' }),
    }),
  );
  const link = created(
    await request('json', 'POST', `/api/clients/${String(client.id)}/portal-link`),
  );
  const token = String(link.url).split('/portal/')[1];
  const upload = fileUpload('profileImage', 'me.png', 'image/png', tinyPng());
  const photo = created(
    await request('json', 'POST', '/api/account/upload-photo', {
      headers: upload.headers,
      payload: upload.payload,
    }),
  );

  await request('html', 'GET', '/');
  await request('html', 'HEAD', '/');
  await request('html', 'GET', '/contacts');
  await request('html', 'GET', `/portal/${token}`, { signedOut: true, shown: '/portal/{token}' });
  await request('file', 'GET', '/assets/index-AbC123.js');
  await request('file', 'GET', '/assets/index-AbC123.js', {
    headers: { 'accept-encoding': 'br' },
    note: 'brotli',
  });
  await request('file', 'GET', String(photo.profileImageUrl), { shown: '/api/files/{key}' });
  await request('json', 'GET', '/api/health');
  await request('json', 'GET', '/api/openapi.json');
  await request('json', 'GET', '/api/auth/me');
  await request('json', 'GET', '/trpc/auth.me');
  await request('json', 'GET', `/api/portal/${token}`, {
    signedOut: true,
    shown: '/api/portal/{token}',
  });
  await request('file', 'GET', `/api/portal/${token}/logo`, {
    signedOut: true,
    shown: '/api/portal/{token}/logo',
  });
  await request('error', 'OPTIONS', '/api/health');
  await request('error', 'GET', '/api/auth/me', { signedOut: true, note: 'signed out' });
  await request('error', 'GET', '/api/nowhere');
  await request('error', 'GET', '/api/persons/%E0%A4%A', { note: 'malformed URL' });
  await request('error', 'GET', '/trpc/nowhere');
  await request('error', 'GET', '/assets/missing-XyZ789.js');
  await request('error', 'GET', '/api/files/AAAAAAAAAAAAAAAAAAAA');
  await request('error', 'GET', '/api/portal/not-a-token', { signedOut: true });
  await request('error', 'POST', '/api/workspaces', {
    headers: { ...json, origin: 'https://evil.example' },
    payload: '{"name":"Forged"}',
    note: 'foreign origin',
  });
  await request('error', 'POST', '/api/workspaces', {
    headers: { 'content-type': 'text/plain' },
    payload: 'name=Forged',
    note: 'text/plain',
  });
  await request('error', 'POST', '/api/workspaces', {
    headers: json,
    payload: '{"name": ',
    note: 'malformed JSON',
  });
  await request('error', 'POST', '/api/workspaces', {
    headers: json,
    payload: '{"name": 12}',
    note: 'invalid input',
  });
  return samples;
}
