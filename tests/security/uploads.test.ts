import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  createTestApp,
  joinAs,
  signUp,
  signUpWithWorkspace,
  type TestApp,
} from '../support/test-app.ts';
import { fileUpload, tinyPng } from '../support/uploads.ts';

/*
 * Issue 9 §5: uploads. Files are decided by their bytes, capped at 5 MB without leaving
 * anything behind, and readable only inside the workspace (or by the people) they belong to.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PNG = tinyPng();

function upload(client: ApiClient, url: string, body: ReturnType<typeof fileUpload>) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, cookie: client.cookie! },
  });
}

async function fileCount() {
  const row = await t.db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('upload limits and content', () => {
  it('answers 413 past 5 MB and leaves no temporary file and no row', async () => {
    const { client } = await signUp(t.app);
    // Whatever a multipart library might spill to disk goes to TMPDIR: watch an empty one.
    const watched = mkdtempSync(join(tmpdir(), 'keel-upload-watch-'));
    const previous = process.env.TMPDIR;
    process.env.TMPDIR = watched;
    try {
      const before = await fileCount();
      const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1)]);
      for (const url of ['/api/upload/workspace-logo', '/api/account/upload-photo']) {
        const field = url.endsWith('logo') ? 'logo' : 'profileImage';
        const res = await upload(client, url, fileUpload(field, 'big.png', 'image/png', big));
        expect(res.statusCode).toBe(413);
        expect(res.json()).toEqual({ error: expect.any(String) });
      }
      expect(readdirSync(watched)).toEqual([]);
      expect(await fileCount()).toBe(before);
    } finally {
      process.env.TMPDIR = previous;
      rmSync(watched, { recursive: true, force: true });
    }
  });

  it.each([
    [
      'an SVG',
      'logo.svg',
      'image/svg+xml',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
    ],
    ['an SVG renamed .png', 'logo.png', 'image/png', '<svg onload="alert(1)"></svg>'],
    ['HTML renamed .png', 'logo.png', 'image/png', '<!doctype html><script>alert(1)</script>'],
    ['a script renamed .png', 'logo.png', 'image/png', 'alert(document.cookie)'],
    ['a PNG header glued to too little', 'logo.png', 'image/png', '\x89PN'],
  ])('refuses %s by its content', async (_label, filename, type, content) => {
    const { client } = await signUp(t.app);
    const before = await fileCount();
    for (const [url, field] of [
      ['/api/upload/workspace-logo', 'logo'],
      ['/api/account/upload-photo', 'profileImage'],
    ] as const) {
      const res = await upload(
        client,
        url,
        fileUpload(field, filename, type, Buffer.from(content, 'latin1')),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Please select an image file' });
    }
    expect(await fileCount()).toBe(before);
  });
});

describe('who may read a file', () => {
  it('serves a workspace logo to its members and the platform admin, 404 to everyone else', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Logo Owner Studio');
    const logo = await upload(
      owner.client,
      '/api/upload/workspace-logo',
      fileUpload('logo', 'logo.png', 'image/png', PNG),
    );
    expect(logo.statusCode).toBe(201);
    const { logoUrl } = logo.json() as { logoUrl: string };
    // Set from the settings page: the file now belongs to the workspace.
    const saved = await owner.client.put(`/api/workspaces/${owner.workspace.id}`, {
      name: 'Logo Owner Studio',
      logoUrl,
    });
    expect(saved.statusCode).toBe(200);

    const member = await joinAs(t, owner.workspace.id, 'collaborator');
    expect((await member.client.get(logoUrl)).statusCode).toBe(200);
    expect((await owner.client.get(logoUrl)).statusCode).toBe(200);

    const outsider = await signUpWithWorkspace(t.app, 'Other Studio');
    const refused = await outsider.client.get(logoUrl);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('PNG');

    const admin = await signUp(t.app);
    await t.db
      .updateTable('users')
      .set({ isAdmin: true })
      .where('id', '=', admin.user.id)
      .execute();
    expect((await admin.client.get(logoUrl)).statusCode).toBe(200);

    // A member who is deactivated loses it with the rest of the workspace.
    await owner.client.put(`/api/admin/users/${member.user.id}/deactivate`);
    expect((await member.client.get(logoUrl)).statusCode).toBe(404);
  });

  it('serves a profile photo to its owner and to people sharing a workspace, 404 to others', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Photo Studio');
    const member = await joinAs(t, owner.workspace.id, 'partner');
    const photo = await upload(
      member.client,
      '/api/account/upload-photo',
      fileUpload('profileImage', 'me.png', 'image/png', PNG),
    );
    expect(photo.statusCode).toBe(201);
    const { profileImageUrl } = photo.json() as { profileImageUrl: string };
    expect((await member.client.get(profileImageUrl)).statusCode).toBe(200);
    expect((await owner.client.get(profileImageUrl)).statusCode).toBe(200);
    const stranger = await signUpWithWorkspace(t.app, 'Stranger Studio');
    expect((await stranger.client.get(profileImageUrl)).statusCode).toBe(404);
  });
});
