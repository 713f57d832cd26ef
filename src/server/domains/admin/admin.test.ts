import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitForJobs } from '../../../../tests/support/jobs.ts';
import {
  ApiClient,
  useTestApp,
  joinAs,
  signUp,
  signUpWithWorkspace,
} from '../../../../tests/support/test-app.ts';

const t = useTestApp();
let admin: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  admin = await signUp(t.app, { fullName: 'Platform Admin' }); // the first account
});

describe('platform admin', () => {
  it('is the first account, and every admin path answers 403 to others and 401 to anonymous callers', async () => {
    expect((await admin.client.get('/api/auth/me')).json().isAdmin).toBe(true);
    const user = await signUp(t.app);
    for (const path of [
      '/api/admin/all-users',
      '/api/admin/all-workspaces',
      '/api/admin/all-invitations',
      '/api/admin/activity-logs',
      '/api/admin/dashboard',
    ]) {
      expect((await user.client.get(path)).statusCode, path).toBe(403);
      expect((await new ApiClient(t.app).get(path)).statusCode, path).toBe(401);
      expect((await admin.client.get(path)).statusCode, path).toBe(200);
    }
    expect(
      (await user.client.put(`/api/admin/users/${admin.user.id}/status`, { isActive: false }))
        .statusCode,
    ).toBe(403);
  });

  it('dashboard counts come from the database and health is measured', async () => {
    const res = (await admin.client.get('/api/admin/dashboard')).json();
    const users = await t.db.selectFrom('users').select('id').execute();
    expect(res.totalUsers).toBe(users.length);
    expect(res.actionsToday).toBeGreaterThan(0);
    expect(res.recentActivity.length).toBeGreaterThan(0);
    expect(res.health.databaseRoundTripMs).toBeGreaterThanOrEqual(0);
    expect(res.health.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(res.health.memoryRssBytes).toBeGreaterThan(1_000_000);
    expect(res.health.activeSessions).toBeGreaterThan(0);
    expect(res.health.requestsLastHour).toBeGreaterThan(0);
  });

  it('shows the job queues and their failed jobs, and runs a failed job again on retry', async () => {
    // A housekeeping round that failed for good, as the queue leaves one after its last retry.
    const { rows } = await sql<{ id: string }>`
      insert into pgboss.job (name, data, state, retry_count, output, completed_on)
      values ('housekeeping', '{}', 'failed', 3, '{"message": "disk full"}', now())
      returning id`.execute(t.db);
    const id = rows[0]!.id;
    const user = await signUp(t.app);
    expect((await user.client.get('/api/admin/jobs')).statusCode).toBe(403);

    const before = (await admin.client.get('/api/admin/jobs')).json();
    expect(before.queues).toContainEqual(
      expect.objectContaining({ name: 'housekeeping', failed: 1 }),
    );
    expect(before.failed).toEqual([
      expect.objectContaining({ id, queue: 'housekeeping', error: 'disk full', attempts: 4 }),
    ]);

    expect(
      (await user.client.post(`/api/admin/jobs/${id}/retry`, { queue: 'housekeeping' })).statusCode,
    ).toBe(403);
    expect(
      (await admin.client.post(`/api/admin/jobs/${id}/retry`, { queue: 'other' })).statusCode,
    ).toBe(404);
    expect(
      (await admin.client.post(`/api/admin/jobs/not-a-uuid/retry`, { queue: 'housekeeping' }))
        .statusCode,
    ).toBe(400);
    const retried = await admin.client.post(`/api/admin/jobs/${id}/retry`, {
      queue: 'housekeeping',
    });
    expect(retried.statusCode, retried.body).toBe(200);
    // The server's worker runs it: it leaves the failed list, and the retry is in the log.
    await waitForJobs(t.app);
    const after = (await admin.client.get('/api/admin/jobs')).json();
    expect(after.failed).toEqual([]);
    expect(after.queues).toContainEqual({ name: 'housekeeping', waiting: 0, active: 0, failed: 0 });
    const logs = (await admin.client.get('/api/admin/activity-logs?search=Retried')).json();
    expect(logs[0].details).toBe(`Retried the failed housekeeping job ${id}`);
    expect(
      (await admin.client.post(`/api/admin/jobs/${id}/retry`, { queue: 'housekeeping' }))
        .statusCode,
    ).toBe(404);
  });

  it('lists users with their workspaces, searches and pages, and deactivation ends their sessions', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Listed Works');
    const res = await admin.client.get(
      `/api/admin/all-users?search=${encodeURIComponent(owner.email)}`,
    );
    expect(res.json()).toEqual([
      expect.objectContaining({
        email: owner.email,
        role: 'user',
        isActive: true,
        workspaces: [{ id: owner.workspace.id, name: 'Listed Works', role: 'owner' }],
      }),
    ]);
    expect(res.headers['x-total-count']).toBe('1');
    expect(
      (
        await admin.client.put(`/api/admin/users/${owner.user.id}/status`, { isActive: false })
      ).json(),
    ).toEqual({ success: true, isActive: false });
    expect((await owner.client.get('/api/auth/me')).statusCode).toBe(401);
    // With the right password, a deactivated account is told so (issue 20), not signed in.
    const refused = await new ApiClient(t.app).post('/api/auth/login', {
      email: owner.email,
      password: owner.password,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/deactivated/);
    await admin.client.put(`/api/admin/users/${owner.user.id}`, {
      fullName: 'Renamed Owner',
      email: owner.email,
      isActive: true,
    });
    expect(
      (
        await new ApiClient(t.app).post('/api/auth/login', {
          email: owner.email,
          password: owner.password,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('creates a user with a temporary password that signs in, and assigns a workspace role', async () => {
    const ws = await signUpWithWorkspace(t.app, 'Assigned');
    const created = (
      await admin.client.post('/api/admin/all-users', {
        fullName: 'Temp Person',
        email: 'temp.person@example.com',
      })
    ).json();
    expect(created.temporaryPassword).toMatch(/^[A-Za-z0-9_-]{12}$/);
    const login = new ApiClient(t.app);
    expect(
      (
        await login.post('/api/auth/login', {
          email: 'temp.person@example.com',
          password: created.temporaryPassword,
        })
      ).statusCode,
    ).toBe(200);
    const assigned = await admin.client.put(
      `/api/admin/users/${created.user.id}/workspaces/${ws.workspace.id}`,
      { role: 'project_manager' },
    );
    expect(assigned.statusCode).toBe(200);
    expect(
      (await admin.client.get(`/api/admin/workspaces/${ws.workspace.id}/users`)).json(),
    ).toContainEqual(
      expect.objectContaining({
        email: 'temp.person@example.com',
        role: 'project_manager',
        isActive: true,
      }),
    );
  });

  it('suspending a workspace locks its members out at once, telling them why; activating lets them back', async () => {
    const ws = await signUpWithWorkspace(t.app, 'Suspended Co');
    const member = await joinAs(t, ws.workspace.id, 'collaborator');
    const detail = (await admin.client.get(`/api/admin/workspaces/${ws.workspace.id}`)).json();
    expect(detail).toMatchObject({
      name: 'Suspended Co',
      slug: ws.workspace.slug,
      ownerName: 'Test User',
      userCount: 2,
      subscriptionTier: 'free',
      isActive: true,
    });
    await admin.client.put(`/api/admin/workspaces/${ws.workspace.id}/status`, { isActive: false });
    const locked = await member.client.get('/api/persons');
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error).toBe(
      'This workspace has been suspended by the platform administrator.',
    );
    expect((await ws.client.get('/api/workspaces/current')).statusCode).toBe(403);
    await admin.client.put(`/api/admin/workspaces/${ws.workspace.id}/status`, { isActive: true });
    expect((await member.client.get('/api/persons')).statusCode).toBe(200);
    const list = (await admin.client.get('/api/admin/all-workspaces?search=Test%20User')).json();
    expect(list.map((w: { name: string }) => w.name)).toContain('Suspended Co');
  });

  it('resending an invitation kills the old link; cancelling removes it', async () => {
    const ws = await signUpWithWorkspace(t.app, 'Inviting');
    const { inviteUrl } = (
      await ws.client.post('/api/admin/invite', {
        email: 'resend.me@example.com',
        fullName: 'Resend Me',
      })
    ).json();
    const invitations = (
      await admin.client.get('/api/admin/all-invitations?search=resend.me')
    ).json();
    expect(invitations).toEqual([
      expect.objectContaining({
        email: 'resend.me@example.com',
        workspaceName: 'Inviting',
        invitedByName: 'Test User',
        used: false,
      }),
    ]);
    const resent = (
      await admin.client.post(`/api/admin/invitations/${invitations[0].id}/resend`)
    ).json();
    expect(resent.inviteUrl).not.toBe(inviteUrl);
    const oldToken = inviteUrl.split('/invite/')[1];
    const newToken = resent.inviteUrl.split('/invite/')[1];
    expect((await new ApiClient(t.app).get(`/api/invite/${oldToken}`)).statusCode).toBe(404);
    expect((await new ApiClient(t.app).get(`/api/invite/${newToken}`)).statusCode).toBe(200);
    expect(
      (await admin.client.delete(`/api/admin/invitations/${invitations[0].id}`)).json(),
    ).toEqual({ success: true });
    expect((await new ApiClient(t.app).get(`/api/invite/${newToken}`)).statusCode).toBe(404);
  });

  it('the activity log records audited actions, newest first, filtered and exported', async () => {
    const victim = await signUp(t.app);
    await new ApiClient(t.app).post('/api/auth/login', {
      email: victim.email,
      password: 'wrong-guess',
    });
    const failed = (
      await admin.client.get(`/api/admin/activity-logs?success=false&userId=${victim.user.id}`)
    ).json();
    expect(failed[0]).toMatchObject({
      action: 'login',
      success: false,
      userName: 'Test User',
      details: `Failed sign-in for ${victim.email}`,
    });
    const all = (await admin.client.get('/api/admin/activity-logs?limit=50')).json() as {
      timestamp: string;
      action: string;
    }[];
    expect([...all].sort((a, b) => b.timestamp.localeCompare(a.timestamp))).toEqual(all);
    for (const action of [
      'user_signup',
      'workspace_created',
      'user_invited',
      'login',
      'admin_action',
    ]) {
      expect(
        (await admin.client.get(`/api/admin/activity-logs?action=${action}&limit=1`)).json(),
        action,
      ).toHaveLength(1);
    }
    const csv = await admin.client.get('/api/admin/activity-logs/export?success=false');
    expect(csv.body.split(/\r?\n/)[0]).toBe('\uFEFFTime,User,Action,Details,IP Address,Status');
    expect(csv.body).toContain('Failed');
  });
});
