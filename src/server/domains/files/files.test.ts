import { describe, expect, it } from 'vitest';
import { ApiClient, useTestApp, signUp } from '../../../../tests/support/test-app.ts';
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
