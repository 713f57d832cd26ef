import { describe, expect, it } from 'vitest';
import {
  ApiClient,
  useTestApp,
  signUp,
  signUpWithWorkspace,
} from '../../../../tests/support/test-app.ts';
import { fileUpload, tinyPng } from '../../../../tests/support/uploads.ts';

const t = useTestApp();

const PNG = tinyPng();

async function upload(client: ApiClient, body: ReturnType<typeof fileUpload>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/upload/workspace-logo',
    payload: body.payload,
    headers: { ...body.headers, ...(client.cookie ? { cookie: client.cookie } : {}) },
  });
}

describe('POST /api/upload/workspace-logo', () => {
  it('stores an image decided by its bytes and serves it with nosniff; the logo joins the new workspace', async () => {
    const { client } = await signUp(t.app);
    const res = await upload(client, fileUpload('logo', 'logo.txt', 'text/plain', PNG));
    expect(res.statusCode).toBe(201);
    const { logoUrl } = res.json();
    expect(logoUrl).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{24}$/);

    const file = await client.get(logoUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PNG)).toBe(true);

    const ws = await client.post('/api/workspaces', { name: 'With Logo', logo: logoUrl });
    expect(ws.statusCode).toBe(201);
    expect(ws.json().logoUrl).toBe(logoUrl);
    const row = await t.db
      .selectFrom('files')
      .select('workspaceId')
      .where('key', '=', logoUrl.split('/').pop())
      .executeTakeFirstOrThrow();
    expect(row.workspaceId).toBe(ws.json().id);
  });

  it('refuses SVG and other non-images, files over 5 MB, and anonymous callers', async () => {
    const { client } = await signUp(t.app);
    const svg = await upload(
      client,
      fileUpload('logo', 'x.svg', 'image/svg+xml', Buffer.from('<svg onload="alert(1)"/>')),
    );
    expect(svg.statusCode).toBe(400);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(client, fileUpload('logo', 'big.png', 'image/png', big));
    expect(tooBig.statusCode).toBe(413);
    const wrongField = await upload(client, fileUpload('photo', 'a.png', 'image/png', PNG));
    expect(wrongField.statusCode).toBe(400);
    const anonymous = await upload(
      new ApiClient(t.app),
      fileUpload('logo', 'a.png', 'image/png', PNG),
    );
    expect(anonymous.statusCode).toBe(401);
    const stored = await t.db.selectFrom('files').select('id').execute();
    expect(stored.length).toBeLessThanOrEqual(1);
  });

  it('answers 404 for unknown files and 401 to anonymous readers', async () => {
    const { client } = await signUp(t.app);
    expect((await client.get('/api/files/AAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await client.get('/api/files/..%2F..%2Fetc')).statusCode).toBe(404);
    expect((await new ApiClient(t.app).get('/api/files/AAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(
      401,
    );
  });
});

describe('uploads and downloads with an API token', () => {
  /** A workspace owner's script: a bearer token of the given scope, no cookie. */
  async function scriptOf(scope: 'read' | 'read_write') {
    const owner = await signUpWithWorkspace(t.app, `Scripted ${scope}`);
    const made = await owner.client.post('/api/account/tokens', { name: 'Script', scope });
    expect(made.statusCode, made.body).toBe(201);
    const headers = {
      authorization: `Bearer ${made.json().token as string}`,
      'x-workspace-id': String(owner.workspace.id),
    };
    return { owner, headers };
  }

  const uploadWith = (headers: Record<string, string>) => {
    const body = fileUpload('logo', 'logo.png', 'image/png', PNG);
    return t.app.inject({
      method: 'POST',
      url: '/api/upload/workspace-logo',
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  };
  const download = (url: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, headers });

  it("uploads and reads a logo with a bearer token, and refuses another workspace's reader", async () => {
    const { owner, headers } = await scriptOf('read_write');
    const uploaded = await uploadWith(headers);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { logoUrl } = uploaded.json();
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/workspaces/${owner.workspace.id}`,
      payload: { name: owner.workspace.name, logoUrl },
      headers,
    });
    expect(put.statusCode, put.body).toBe(200);

    const read = await download(logoUrl, headers);
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(PNG)).toBe(true);

    const stranger = await scriptOf('read');
    expect((await download(logoUrl, stranger.headers)).statusCode).toBe(404);
    const anonymous = await download(logoUrl, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'Not authenticated', code: 'NOT_AUTHENTICATED' });
    const wrongToken = await download(logoUrl, { authorization: 'Bearer keel_not-a-token' });
    expect(wrongToken.statusCode).toBe(401);
    expect(wrongToken.json().code).toBe('NOT_AUTHENTICATED');
  });

  it('refuses an upload with a read-only token (403) or a bad one (401), storing nothing', async () => {
    const { headers } = await scriptOf('read');
    const before = await t.db.selectFrom('files').select('id').execute();
    const readOnly = await uploadWith(headers);
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json().error).toBe('This API token is read-only');
    const bad = await uploadWith({ authorization: 'Bearer keel_revoked' });
    expect(bad.statusCode).toBe(401);
    expect(await t.db.selectFrom('files').select('id').execute()).toEqual(before);
  });
});
