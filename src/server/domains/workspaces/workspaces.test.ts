import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { up } from '../../../../db/migrations/2026-12-01-0061-business-profiles-for-all.ts';
import {
  ApiClient,
  useTestApp,
  signUp,
  joinAs,
  signUpWithWorkspace,
  signUpWithWorkspaceAs,
} from '../../../../tests/support/test-app.ts';

const t = useTestApp();

describe('POST /api/workspaces', () => {
  it('creates the workspace with its owner, the six default stages, and makes it current', async () => {
    const { client, user } = await signUp(t.app);
    const res = await client.post('/api/workspaces', {
      name: 'Studio Nord',
      slug: 'studio-nord-1',
      email: 'hello@studionord.com',
    });
    expect(res.statusCode).toBe(201);
    const workspace = res.json();
    expect(workspace).toMatchObject({
      name: 'Studio Nord',
      slug: 'studio-nord-1',
      email: 'hello@studionord.com',
      subscriptionTier: 'free',
      isActive: true,
      isDeleted: false,
    });

    const current = await client.get('/api/workspaces/current');
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({ id: workspace.id, role: 'owner' });
    expect((await client.get('/api/auth/me')).json().role).toBe('owner');

    const stages = await t.db
      .selectFrom('stages')
      .select(['key', 'isSystemStage'])
      .where('workspaceId', '=', workspace.id)
      .orderBy('sortOrder')
      .execute();
    expect(stages).toEqual([
      { key: 'new', isSystemStage: true },
      { key: 'contacted', isSystemStage: false },
      { key: 'meeting_scheduled', isSystemStage: false },
      { key: 'proposal_sent', isSystemStage: false },
      { key: 'won', isSystemStage: true },
      { key: 'lost', isSystemStage: true },
    ]);
    const membership = await t.db
      .selectFrom('userWorkspaces')
      .select('role')
      .where('workspaceId', '=', workspace.id)
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(membership.role).toBe('owner');
    const log = await t.db
      .selectFrom('activityLogs')
      .select('id')
      .where('action', '=', 'workspace_created')
      .where('workspaceId', '=', workspace.id)
      .execute();
    expect(log).toHaveLength(1);
  });

  it('refuses a taken slug with 409 and derives free slugs from names', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    expect(
      (await a.client.post('/api/workspaces', { name: 'Taken', slug: 'taken-slug' })).statusCode,
    ).toBe(201);
    const clash = await b.client.post('/api/workspaces', { name: 'Taken', slug: 'Taken Slug' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ error: 'A workspace with this URL already exists' });

    const first = await a.client.post('/api/workspaces', { name: '  Bright & Co.  Design!! ' });
    const second = await b.client.post('/api/workspaces', { name: 'Bright & Co. Design' });
    expect(first.json().slug).toBe('bright-co-design');
    expect(second.json().slug).toBe('bright-co-design-2');
    expect(first.json().name).toBe('Bright & Co.  Design!!');
  });

  it('validates its body: 400 with details, never a 5xx', async () => {
    const { client } = await signUp(t.app);
    const cases: [unknown, string][] = [
      [{}, 'Workspace name is required'],
      [{ name: '   ' }, 'Workspace name is required'],
      [{ name: 42 }, 'Workspace name is required'],
      [{ name: 'x'.repeat(101) }, 'Workspace name must be less than 100 characters'],
      [{ name: 'Ok', logo: 'javascript:alert(1)' }, 'Invalid logo URL'],
      [{ name: 'Ok', email: 'not-an-email' }, 'Invalid email'],
      [[1, 2], 'Invalid input: expected object, received array'],
    ];
    for (const [body, message] of cases) {
      const res = await client.post('/api/workspaces', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(message);
      expect(res.json().details).toBeInstanceOf(Array);
    }
  });

  it('needs a signed-in user', async () => {
    const res = await new ApiClient(t.app).post('/api/workspaces', { name: 'Nope' });
    expect(res.statusCode).toBe(401);
  });
});

describe('listing, current and switching', () => {
  it('lists my workspaces with my role, and switches between them', async () => {
    const owner = await signUpWithWorkspace(t.app, 'First Co');
    const second = (await owner.client.post('/api/workspaces', { name: 'Second Co' })).json();
    const list = await owner.client.get('/api/user/workspaces');
    expect(list.statusCode).toBe(200);
    // Each as a new workspace is listed to its owner.
    const listed = (id: number, name: string) => ({
      id,
      name,
      description: null,
      logoUrl: null,
      role: 'owner',
      subscriptionTier: 'free',
      isActive: true,
      isDeleted: false,
      scheduledDeletionAt: null,
    });
    expect(list.json()).toEqual([
      listed(owner.workspace.id, 'First Co'),
      listed(second.id, 'Second Co'),
    ]);
    expect((await owner.client.get('/api/workspaces/current')).json().id).toBe(second.id);

    const res = await owner.client.post(`/api/workspaces/${owner.workspace.id}/switch`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await owner.client.get('/api/workspaces/current')).json().id).toBe(owner.workspace.id);
  });

  it('answers 404 "No workspace selected" without a current workspace', async () => {
    const { client } = await signUp(t.app);
    const res = await client.get('/api/workspaces/current');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'No workspace selected' });
  });

  it('picks the only workspace at sign-in, and none when there are several', async () => {
    const one = await signUpWithWorkspace(t.app, 'Solo');
    const c1 = new ApiClient(t.app);
    await c1.post('/api/auth/login', { email: one.email, password: one.password });
    expect((await c1.get('/api/workspaces/current')).json().id).toBe(one.workspace.id);

    await one.client.post('/api/workspaces', { name: 'Solo Two' });
    const c2 = new ApiClient(t.app);
    await c2.post('/api/auth/login', { email: one.email, password: one.password });
    expect((await c2.get('/api/workspaces/current')).statusCode).toBe(404);
  });

  it('refuses to switch to a workspace the caller is not an active member of', async () => {
    const a = await signUpWithWorkspace(t.app, 'Private A');
    const b = await signUpWithWorkspace(t.app, 'Private B');
    const res = await b.client.post(`/api/workspaces/${a.workspace.id}/switch`);
    expect(res.statusCode).toBe(404);
    expect((await b.client.get('/api/workspaces/current')).json().id).toBe(b.workspace.id);
    for (const id of ['abc', '0', '-1', '99999999999']) {
      const bad = await b.client.post(`/api/workspaces/${id}/switch`);
      expect(bad.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(bad.statusCode, id).toBeLessThan(500);
    }
  });

  it('closes the workspace to a deactivated member at their next request', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Team Place');
    const member = await joinAs(t, owner.workspace.id, 'collaborator');
    expect((await member.client.get('/api/workspaces/current')).json().role).toBe('collaborator');
    await t.db
      .updateTable('userWorkspaces')
      .set({ isActive: false })
      .where('userId', '=', member.user.id)
      .execute();
    const refused = await member.client.get('/api/workspaces/current');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'WORKSPACE_ACCESS_REVOKED',
      workspace: { name: 'Team Place' },
    });
    expect((await member.client.get('/api/user/workspaces')).json()).toEqual([]);
  });
});

describe('PUT /api/workspaces/{id}', () => {
  it('lets an owner or administrator rename and describe the current workspace', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Old Name');
    const res = await owner.client.put(`/api/workspaces/${owner.workspace.id}`, {
      name: 'New Name',
      description: 'We build boats',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: owner.workspace.id,
      name: 'New Name',
      description: 'We build boats',
    });

    const admin = await joinAs(t, owner.workspace.id, 'administrator');
    expect(
      (await admin.client.put(`/api/workspaces/${owner.workspace.id}`, { name: 'By Admin' }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses other roles with 403 and validates the description length', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Guarded');
    const pm = await joinAs(t, owner.workspace.id, 'project_manager');
    expect(
      (await pm.client.put(`/api/workspaces/${owner.workspace.id}`, { name: 'Hijacked' }))
        .statusCode,
    ).toBe(403);
    const tooLong = await owner.client.put(`/api/workspaces/${owner.workspace.id}`, {
      name: 'Ok',
      description: 'x'.repeat(501),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toBe('Description must be less than 500 characters');
    const name = await t.db
      .selectFrom('workspaces')
      .select('name')
      .where('id', '=', owner.workspace.id)
      .executeTakeFirstOrThrow();
    expect(name.name).toBe('Guarded');
  });
});

describe('DELETE /api/workspaces/{id} and reactivation', () => {
  it('schedules deletion in 30 days, closes the workspace to everyone, and the owner can reactivate it', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Doomed');
    const member = await joinAs(t, owner.workspace.id, 'administrator');

    expect((await member.client.delete(`/api/workspaces/${owner.workspace.id}`)).statusCode).toBe(
      403,
    );

    const res = await owner.client.delete(`/api/workspaces/${owner.workspace.id}`);
    expect(res.statusCode).toBe(200);
    const { success, scheduledDeletionAt } = res.json();
    expect(success).toBe(true);
    const days = (new Date(scheduledDeletionAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);

    for (const client of [owner.client, member.client]) {
      expect((await client.get('/api/workspaces/current')).statusCode).toBe(404);
      expect((await client.get('/api/auth/me')).json().role).toBeNull();
    }
    expect((await member.client.get('/api/user/workspaces')).json()).toEqual([]);
    expect(
      (await member.client.post(`/api/workspaces/${owner.workspace.id}/switch`)).statusCode,
    ).toBe(404);
    expect((await owner.client.get('/api/user/workspaces')).json()).toEqual([
      expect.objectContaining({ id: owner.workspace.id, isDeleted: true, scheduledDeletionAt }),
    ]);
    expect(
      (await member.client.post(`/api/workspaces/${owner.workspace.id}/reactivate`)).statusCode,
    ).toBe(404);

    const back = await owner.client.post(`/api/workspaces/${owner.workspace.id}/reactivate`);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({
      id: owner.workspace.id,
      isDeleted: false,
      scheduledDeletionAt: null,
    });
    expect((await owner.client.get('/api/workspaces/current')).json().id).toBe(owner.workspace.id);
    expect((await member.client.get('/api/workspaces/current')).json().id).toBe(owner.workspace.id);
  });

  it('cannot reactivate after the grace period; the purge removes the workspace and its data', async () => {
    const { purgeExpiredWorkspaces } = await import('./workspaces.repository.ts');
    const { systemActor } = await import('../jobs/jobs.ts');
    const owner = await signUpWithWorkspace(t.app, 'Expired');
    await owner.client.delete(`/api/workspaces/${owner.workspace.id}`);
    await t.db
      .updateTable('workspaces')
      .set({ scheduledDeletionAt: sql<Date>`now() - interval '1 minute'` })
      .where('id', '=', owner.workspace.id)
      .execute();
    expect(
      (await owner.client.post(`/api/workspaces/${owner.workspace.id}/reactivate`)).statusCode,
    ).toBe(404);
    expect(await purgeExpiredWorkspaces(t.db, systemActor())).toBeGreaterThanOrEqual(1);
    // The housekeeping job did it: the log says the system, not a user.
    const logged = await t.db
      .selectFrom('activityLogs')
      .select(['actor', 'userId'])
      .where('action', '=', 'workspace_deleted')
      .where('details', 'like', `%(id ${owner.workspace.id}) permanently removed%`)
      .execute();
    expect(logged).toEqual([{ actor: 'system', userId: null }]);
    const left = await t.db
      .selectFrom('stages')
      .select('id')
      .where('workspaceId', '=', owner.workspace.id)
      .execute();
    expect(left).toEqual([]);
    expect((await owner.client.get('/api/user/workspaces')).json()).toEqual([]);
  });

  it('only acts on the current workspace: another id is not found', async () => {
    const a = await signUpWithWorkspace(t.app, 'Alpha');
    const b = await signUpWithWorkspace(t.app, 'Beta');
    expect((await b.client.delete(`/api/workspaces/${a.workspace.id}`)).statusCode).toBe(404);
    expect(
      (await b.client.put(`/api/workspaces/${a.workspace.id}`, { name: 'Owned' })).statusCode,
    ).toBe(404);
    const row = await t.db
      .selectFrom('workspaces')
      .select(['name', 'isDeleted'])
      .where('id', '=', a.workspace.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Alpha', isDeleted: false });
  });
});

describe('the business profile', () => {
  /** The profile row's version: PostgreSQL gives a row a new xmin on every write to it. */
  const profileVersion = async (workspaceId: number) =>
    (
      await sql<{ version: string }>`
        select xmin::text as version from business_profiles where workspace_id = ${workspaceId}`.execute(
        t.db,
      )
    ).rows.map((row) => row.version);

  it('is made with the workspace, with the owner’s clock, so that reading it writes nothing', async () => {
    const account = await signUpWithWorkspaceAs(
      t.app,
      { timezone: 'Europe/Paris', dateFormat: 'DD/MM/YYYY', timeFormat: '24h' },
      'Lisbon Works',
    );
    const workspaceId = account.workspace.id;

    const made = await t.db
      .selectFrom('businessProfiles')
      .select(['legalName', 'timezone', 'dateFormat', 'timeFormat'])
      .where('workspaceId', '=', workspaceId)
      .execute();
    expect(made).toEqual([
      {
        legalName: 'Lisbon Works',
        timezone: 'Europe/Paris',
        dateFormat: 'DD/MM/YYYY',
        timeFormat: '24h',
      },
    ]);
    const before = await profileVersion(workspaceId);
    const read = await account.client.get('/api/settings/business');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ legalName: 'Lisbon Works', timezone: 'Europe/Paris' });
    expect(await profileVersion(workspaceId)).toEqual(before);
  });

  it('is given by migration 0061 to a workspace that has none, with its owner’s clock', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Before Profiles');
    await t.db
      .updateTable('users')
      .set({ timezone: 'Asia/Tokyo', dateFormat: 'YYYY-MM-DD', timeFormat: '24h' })
      .where('id', '=', owner.user.id)
      .execute();
    // As a workspace made before profiles were made with it, and never read since.
    await t.db
      .deleteFrom('businessProfiles')
      .where('workspaceId', '=', owner.workspace.id)
      .execute();
    const other = await signUpWithWorkspace(t.app, 'Has One');
    await t.db
      .updateTable('businessProfiles')
      .set({ legalName: 'Has One Ltd' })
      .where('workspaceId', '=', other.workspace.id)
      .execute();

    await up(t.db);

    const profiles = await t.db
      .selectFrom('businessProfiles')
      .select(['workspaceId', 'legalName', 'timezone', 'dateFormat', 'timeFormat'])
      .where('workspaceId', 'in', [owner.workspace.id, other.workspace.id])
      .orderBy('workspaceId')
      .execute();
    expect(profiles).toEqual([
      {
        workspaceId: owner.workspace.id,
        legalName: 'Before Profiles',
        timezone: 'Asia/Tokyo',
        dateFormat: 'YYYY-MM-DD',
        timeFormat: '24h',
      },
      expect.objectContaining({ workspaceId: other.workspace.id, legalName: 'Has One Ltd' }),
    ]);
  });
});
