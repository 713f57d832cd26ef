import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteUnusedFiles } from '../../src/server/domains/files/files.repository.ts';
import {
  ApiClient,
  createTestApp,
  joinAs,
  signUp,
  signUpWithWorkspace,
  type TestApp,
} from '../support/test-app.ts';
import { fileUpload, fileUploadInBlocks, tinyPng } from '../support/uploads.ts';

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

function upload(
  client: ApiClient,
  url: string,
  body: Pick<ReturnType<typeof fileUploadInBlocks>, 'headers'> & { payload: Buffer | Readable },
) {
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
      // Assigning undefined would leave the text 'undefined' as every later temporary dir.
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
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

/*
 * Issue 15 §5: an over-size upload is refused whatever its size, storage is bounded per
 * account and per workspace, files nobody points at are collected, and served files say how
 * a browser should treat them.
 */

const MiB = 1024 * 1024;
const UPLOAD_ROUTES = [
  ['/api/upload/workspace-logo', 'logo'],
  ['/api/account/upload-photo', 'profileImage'],
] as const;

/** A PNG of exactly `size` bytes. */
function pngOfSize(size: number): Buffer {
  return Buffer.concat([PNG, Buffer.alloc(size - PNG.length, 0x41)]);
}

describe('over-size uploads', () => {
  it.each([
    ['5 MiB + 1 byte', 5 * MiB + 1],
    ['5 MiB + 1,000 bytes', 5 * MiB + 1_000],
    ['5 MiB + 65,535 bytes', 5 * MiB + 65_535],
    ['6 MiB', 6 * MiB],
    ['20 MiB', 20 * MiB],
  ])(
    'answers 413 to a file of %s on both routes, sent whole or in blocks, and stores nothing',
    async (_label, size) => {
      const { client, user } = await signUp(t.app);
      const before = await fileCount();
      const data = pngOfSize(size);
      for (const [url, field] of UPLOAD_ROUTES) {
        for (const body of [
          fileUpload(field, 'big.png', 'image/png', data),
          fileUploadInBlocks(field, 'big.png', 'image/png', data),
        ]) {
          const res = await upload(client, url, body);
          expect(res.statusCode).toBe(413);
          expect(res.json()).toEqual({ error: expect.any(String) });
        }
      }
      expect(await fileCount()).toBe(before);
      const account = await t.db
        .selectFrom('users')
        .select('profileImageUrl')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(account.profileImageUrl).toBeNull();
    },
  );

  // The embedded database takes several seconds to write and read 5 MB twice on a busy machine.
  it('stores a file of exactly 5 MiB whole on both routes', { timeout: 120_000 }, async () => {
    const { client } = await signUp(t.app);
    const exact = pngOfSize(5 * MiB);
    for (const [url, field] of UPLOAD_ROUTES) {
      const res = await upload(client, url, fileUpload(field, 'exact.png', 'image/png', exact));
      expect(res.statusCode).toBe(201);
      const fileUrl = Object.values(res.json() as Record<string, string>)[0]!;
      const served = await client.get(fileUrl);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(exact)).toBe(true);
    }
  });
});

describe('served files', () => {
  it('carry an inline Content-Disposition with a safe name from their purpose and type', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Disposition Studio');
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jfif')]);
    const logo = await upload(
      owner.client,
      '/api/upload/workspace-logo',
      fileUpload('logo', '"; evil.html', 'image/png', PNG),
    );
    const photo = await upload(
      owner.client,
      '/api/account/upload-photo',
      fileUpload('profileImage', '../../me.html', 'text/html', jpeg),
    );
    const logoFile = await owner.client.get(logo.json().logoUrl);
    expect(logoFile.headers['content-disposition']).toBe('inline; filename="logo.png"');
    const photoFile = await owner.client.get(photo.json().profileImageUrl);
    expect(photoFile.headers['content-type']).toBe('image/jpeg');
    expect(photoFile.headers['content-disposition']).toBe('inline; filename="photo.jpg"');
  });
});

/** Makes these files look uploaded two days ago, past the collection's grace period. */
async function age(db: TestApp['db'], ...urls: string[]) {
  await db
    .updateTable('files')
    .set({ createdAt: sql<Date>`now() - interval '2 days'` })
    .where(
      'key',
      'in',
      urls.map((url) => url.split('/').pop()!),
    )
    .execute();
}

async function storedKeys(db: TestApp['db'], urls: string[]) {
  const rows = await db
    .selectFrom('files')
    .select('key')
    .where(
      'key',
      'in',
      urls.map((url) => url.split('/').pop()!),
    )
    .execute();
  return rows.map((row) => `/api/files/${row.key}`).sort();
}

describe('storage quotas', () => {
  // Small quotas of their own, so a few small images reach them.
  let q: TestApp;
  beforeAll(async () => {
    q = await createTestApp({ uploadQuotaUserBytes: 1 * MiB, uploadQuotaWorkspaceBytes: 1 * MiB });
  });
  afterAll(() => q.close());

  function send(client: ApiClient, url: string, field: string, size: number) {
    const body = fileUpload(field, 'image.png', 'image/png', pngOfSize(size));
    return q.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, cookie: client.cookie! },
    });
  }

  it('refuses an upload past the account quota with 413 and a clear message, and takes it again once unused files are collected', async () => {
    const { client, user } = await signUp(q.app);
    const photo = await send(client, '/api/account/upload-photo', 'profileImage', 400 * 1024);
    expect(photo.statusCode).toBe(201);
    const logo = await send(client, '/api/upload/workspace-logo', 'logo', 400 * 1024);
    expect(logo.statusCode).toBe(201);

    const files = await q.db.selectFrom('files').select('key').execute();
    for (const [url, field] of UPLOAD_ROUTES) {
      const refused = await send(client, url, field, 400 * 1024);
      expect(refused.statusCode).toBe(413);
      expect(refused.json().error).toMatch(/^Storage quota reached: /);
    }
    expect(await q.db.selectFrom('files').select('key').execute()).toEqual(files);
    const account = await q.db
      .selectFrom('users')
      .select('profileImageUrl')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(account.profileImageUrl).toBe(photo.json().profileImageUrl);

    // The quota is the account's own: someone else still uploads.
    const other = await signUp(q.app);
    expect(
      (await send(other.client, '/api/account/upload-photo', 'profileImage', 400 * 1024))
        .statusCode,
    ).toBe(201);

    // The logo never joined a workspace: once collected, its room is free again.
    await age(q.db, logo.json().logoUrl);
    await deleteUnusedFiles(q.db);
    expect((await send(client, '/api/upload/workspace-logo', 'logo', 400 * 1024)).statusCode).toBe(
      201,
    );
  });

  it('refuses a logo past the workspace quota when it is set on the workspace (413), leaving the old logo', async () => {
    const owner = await signUpWithWorkspace(q.app, 'Quota Studio');
    const admin = await joinAs(q, owner.workspace.id, 'administrator');
    const first = await send(owner.client, '/api/upload/workspace-logo', 'logo', 600 * 1024);
    const firstUrl = first.json().logoUrl as string;
    const set = await owner.client.put(`/api/workspaces/${owner.workspace.id}`, {
      name: 'Quota Studio',
      logoUrl: firstUrl,
    });
    expect(set.statusCode).toBe(200);

    // The administrator's account has room; the workspace, holding the first logo, has not.
    const second = await send(admin.client, '/api/upload/workspace-logo', 'logo', 600 * 1024);
    expect(second.statusCode).toBe(201);
    const refused = await admin.client.put(`/api/workspaces/${owner.workspace.id}`, {
      name: 'Quota Studio',
      logoUrl: second.json().logoUrl,
    });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error).toMatch(/^Storage quota reached: /);
    const workspace = await q.db
      .selectFrom('workspaces')
      .select('logoUrl')
      .where('id', '=', owner.workspace.id)
      .executeTakeFirstOrThrow();
    expect(workspace.logoUrl).toBe(firstUrl);
    const secondFile = await q.db
      .selectFrom('files')
      .select('workspaceId')
      .where('key', '=', (second.json().logoUrl as string).split('/').pop()!)
      .executeTakeFirstOrThrow();
    expect(secondFile.workspaceId).toBeNull();
  });
});

describe('collection of unused files', () => {
  it('deletes replaced photos and logos and files never attached, past a day; keeps whatever is in use', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Collected Studio');
    const png = (field: string) => fileUpload(field, 'image.png', 'image/png', PNG);
    const photoUrl = async () =>
      (await upload(owner.client, '/api/account/upload-photo', png('profileImage'))).json()
        .profileImageUrl as string;
    const logoUrl = async () =>
      (await upload(owner.client, '/api/upload/workspace-logo', png('logo'))).json()
        .logoUrl as string;

    const replacedPhoto = await photoUrl();
    const currentPhoto = await photoUrl();
    const replacedLogo = await logoUrl();
    const currentLogo = await logoUrl();
    for (const url of [replacedLogo, currentLogo]) {
      const res = await owner.client.put(`/api/workspaces/${owner.workspace.id}`, {
        name: 'Collected Studio',
        logoUrl: url,
      });
      expect(res.statusCode).toBe(200);
    }
    const neverAttached = await logoUrl();
    // A logo uploaded for a workspace that is then deleted, but may still be restored.
    const deletedOwner = await signUp(t.app);
    const deletedLogo = (
      await upload(deletedOwner.client, '/api/upload/workspace-logo', png('logo'))
    ).json().logoUrl as string;
    const deleted = await deletedOwner.client.post('/api/workspaces', {
      name: 'Deleted Studio',
      logo: deletedLogo,
    });
    expect(deleted.statusCode).toBe(201);
    expect(
      (await deletedOwner.client.delete(`/api/workspaces/${deleted.json().id}`)).statusCode,
    ).toBe(200);
    // A removed photo, and one uploaded a moment ago for a workspace not yet created.
    const other = await signUp(t.app);
    const removedPhoto = (
      await upload(other.client, '/api/account/upload-photo', png('profileImage'))
    ).json().profileImageUrl as string;
    expect((await other.client.delete('/api/account/remove-photo')).statusCode).toBe(200);
    const justUploaded = await logoUrl();

    const old = [
      replacedPhoto,
      currentPhoto,
      replacedLogo,
      currentLogo,
      neverAttached,
      deletedLogo,
      removedPhoto,
    ];
    await age(t.db, ...old);
    expect(await deleteUnusedFiles(t.db)).toBe(4);
    expect(await storedKeys(t.db, [...old, justUploaded])).toEqual(
      [currentPhoto, currentLogo, deletedLogo, justUploaded].sort(),
    );
    expect((await owner.client.get(currentPhoto)).statusCode).toBe(200);
    expect((await owner.client.get(currentLogo)).statusCode).toBe(200);
    expect((await owner.client.get(replacedLogo)).statusCode).toBe(404);
  });
});
