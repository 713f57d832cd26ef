import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { WorkspaceRole } from '../../../shared/roles.ts';
import {
  ApiClient,
  useTestApp,
  joinAs,
  useOwner,
  signUp,
  signUpWithWorkspace,
  snapshot,
  uniqueEmail,
} from '../../../../tests/support/test-app.ts';

const t = useTestApp();
const owner = useOwner(t, 'Team Space');

const tokenOf = (inviteUrl: string) => inviteUrl.split('/invite/')[1]!;

async function invite(client: ApiClient, email = uniqueEmail('invitee'), role = 'collaborator') {
  const res = await client.post('/api/admin/invite', {
    email,
    fullName: 'Grace Brewster Hopper',
    role,
  });
  expect(res.statusCode, res.body).toBe(201);
  return {
    email: email.toLowerCase(),
    ...(res.json() as { inviteUrl: string; invitation: { expiresAt: string } }),
  };
}

describe('invitations', () => {
  it('invites (201), stores only a hash, shows the invitation, and accepting creates the account and signs in', async () => {
    const { email, inviteUrl, invitation } = await invite(owner.client);
    expect(inviteUrl).toMatch(/\/invite\/[1-9]\d*\.[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    const token = tokenOf(inviteUrl);
    const stored = await t.db
      .selectFrom('invitationTokens')
      .select('token')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(stored.token).not.toBe(token);
    expect(stored.token).toMatch(/^[a-f0-9]{64}$/);

    const view = await new ApiClient(t.app).get(`/api/invite/${token}`);
    expect(view.json()).toEqual({
      organizationName: 'Team Space',
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
      email,
      role: 'collaborator',
      expiresAt: invitation.expiresAt,
      accountExists: false,
    });

    const guest = new ApiClient(t.app);
    expect(
      (await guest.post(`/api/invite/${token}/accept`, { password: '12345' })).json().error,
    ).toBe('Password must be at least 6 characters long');
    const accepted = await guest.post(`/api/invite/${token}/accept`, { password: 'welcome1' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ success: true, organizationName: 'Team Space' });
    expect((await guest.get('/api/workspaces/current')).json()).toMatchObject({
      id: owner.workspace.id,
      role: 'collaborator',
    });
    const members = (await owner.client.get('/api/admin/users')).json();
    expect(members.find((m: { email: string }) => m.email === email)).toMatchObject({
      role: 'collaborator',
      isActive: true,
      isOwner: false,
      invitedBy: 'Test User',
    });

    const reused = await new ApiClient(t.app).post(`/api/invite/${token}/accept`, {
      password: 'welcome1',
    });
    expect(reused.statusCode).toBe(404);
    expect(reused.json().error).toBe('This invitation has already been used.');
  });

  it('refuses unknown, malformed and expired links with the SPEC messages', async () => {
    const anon = new ApiClient(t.app);
    expect((await anon.get(`/api/invite/${'x'.repeat(43)}`)).json().error).toBe(
      'This invitation link is invalid, expired, or has already been used.',
    );
    expect((await anon.get('/api/invite/short')).json().error).toBe(
      'This invitation link is invalid or malformed.',
    );
    const { inviteUrl, email } = await invite(owner.client);
    await t.db
      .updateTable('invitationTokens')
      .set({ expiresAt: sql<Date>`now() - interval '1 second'` })
      .where('email', '=', email)
      .execute();
    const expired = await anon.post(`/api/invite/${tokenOf(inviteUrl)}/accept`, {
      password: 'welcome1',
    });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error).toBe('This invitation has expired.');
  });

  it('binds the invitation to its email: an existing account must prove its password', async () => {
    const existing = await signUp(t.app);
    const { inviteUrl } = await invite(owner.client, existing.email);
    const token = tokenOf(inviteUrl);
    expect((await new ApiClient(t.app).get(`/api/invite/${token}`)).json().accountExists).toBe(
      true,
    );
    const before = await snapshot(t.db);
    const wrong = await new ApiClient(t.app).post(`/api/invite/${token}/accept`, {
      password: 'not-theirs',
    });
    expect(wrong.statusCode).toBe(401);
    expect(await snapshot(t.db)).toBe(before);
    const right = await new ApiClient(t.app).post(`/api/invite/${token}/accept`, {
      password: existing.password,
    });
    expect(right.statusCode).toBe(200);
    expect(
      (await existing.client.get('/api/user/workspaces')).json().map((w: { id: number }) => w.id),
    ).toContain(owner.workspace.id);
  });

  it('refuses inviting a member again, and lets only owners and administrators invite', async () => {
    const member = await joinAs(t, owner.workspace.id, 'project_manager');
    const again = await owner.client.post('/api/admin/invite', {
      email: member.email,
      fullName: 'X',
      role: 'collaborator',
    });
    expect(again.statusCode).toBe(409);
    expect(
      (await member.client.post('/api/admin/invite', { email: uniqueEmail(), fullName: 'X' }))
        .statusCode,
    ).toBe(403);
    const admin = await joinAs(t, owner.workspace.id, 'administrator');
    await invite(admin.client, uniqueEmail(), 'administrator');
    expect(
      (
        await owner.client.post('/api/admin/invite', {
          email: uniqueEmail(),
          fullName: 'X',
          role: 'owner',
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('the SPEC §6 role × action matrix', () => {
  type Action = 'role' | 'deactivate' | 'delete';
  const act = (client: ApiClient, action: Action, id: number) =>
    action === 'role'
      ? client.put(`/api/admin/users/${id}/role`, { role: 'collaborator' })
      : action === 'deactivate'
        ? client.put(`/api/admin/users/${id}/deactivate`)
        : client.delete(`/api/admin/users/${id}`);

  const cases: [WorkspaceRole, WorkspaceRole, boolean][] = [
    ['owner', 'administrator', true],
    ['owner', 'project_manager', true],
    ['owner', 'collaborator', true],
    ['owner', 'owner', false],
    ['administrator', 'project_manager', true],
    ['administrator', 'collaborator', true],
    ['administrator', 'administrator', false],
    ['administrator', 'owner', false],
    ['project_manager', 'collaborator', false],
    ['collaborator', 'project_manager', false],
  ];
  for (const action of ['role', 'deactivate', 'delete'] as const) {
    for (const [actorRole, targetRole, allowed] of cases) {
      it(`${actorRole} ${allowed ? 'may' : 'may not'} ${action} a ${targetRole}`, async () => {
        const ws = await signUpWithWorkspace(t.app, 'Matrix Team');
        const actor = actorRole === 'owner' ? ws : await joinAs(t, ws.workspace.id, actorRole);
        const target = await joinAs(t, ws.workspace.id, targetRole);
        const before = await snapshot(t.db);
        const res = await act(actor.client, action, target.user.id);
        if (allowed) {
          expect(res.statusCode, res.body).toBe(200);
        } else {
          expect(res.statusCode).toBe(403);
          expect(await snapshot(t.db)).toBe(before);
        }
      });
    }
  }

  it('nobody changes, deactivates or deletes themselves', async () => {
    const ws = await signUpWithWorkspace(t.app, 'Self');
    const admin = await joinAs(t, ws.workspace.id, 'administrator');
    for (const actor of [ws, admin]) {
      for (const action of ['role', 'deactivate', 'delete'] as const) {
        expect((await act(actor.client, action, actor.user.id)).statusCode).toBe(403);
      }
    }
  });

  it('a deactivated member is shut out at the next request; reactivation lets them back; removal keeps the account', async () => {
    const ws = await signUpWithWorkspace(t.app, 'Gate');
    const member = await joinAs(t, ws.workspace.id, 'collaborator');
    expect((await member.client.get('/api/persons')).statusCode).toBe(200);
    expect((await ws.client.put(`/api/admin/users/${member.user.id}/deactivate`)).json()).toEqual({
      success: true,
      isActive: false,
    });
    // Told so (403, naming the workspace), not "No workspace selected".
    expect((await member.client.get('/api/persons')).statusCode).toBe(403);
    const listed = (await ws.client.get('/api/admin/users')).json();
    expect(listed.find((m: { id: number }) => m.id === member.user.id).isActive).toBe(false);
    expect(
      (await ws.client.put(`/api/admin/users/${member.user.id}/deactivate`)).json().isActive,
    ).toBe(true);
    await member.client.post(`/api/workspaces/${ws.workspace.id}/switch`);
    expect((await member.client.get('/api/persons')).statusCode).toBe(200);

    expect((await ws.client.delete(`/api/admin/users/${member.user.id}`)).json()).toEqual({
      success: true,
    });
    expect((await member.client.get('/api/persons')).json().code).toBe('WORKSPACE_ACCESS_REVOKED');
    expect((await member.client.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('a deactivated member who signs in again is told which workspace they lost (issue 38, item 6)', async () => {
    const ws = await signUpWithWorkspace(t.app, 'Lost Studio');
    const member = await joinAs(t, ws.workspace.id, 'collaborator');
    // Signed up moments ago: this is their first session, so the dashboard says "Welcome".
    expect((await member.client.get('/api/auth/me')).json().firstSession).toBe(true);
    await ws.client.put(`/api/admin/users/${member.user.id}/deactivate`);

    const again = new ApiClient(t.app);
    const login = await again.post('/api/auth/login', {
      email: member.email,
      password: member.password,
    });
    expect(login.statusCode, login.body).toBe(200);
    // Not their first session any more: "Welcome back".
    expect((await again.get('/api/auth/me')).json().firstSession).toBe(false);
    const current = await again.get('/api/workspaces/current');
    expect(current.statusCode).toBe(403);
    expect(current.json()).toMatchObject({
      code: 'WORKSPACE_ACCESS_REVOKED',
      error: 'Your access to Lost Studio was removed',
      workspace: { id: ws.workspace.id, name: 'Lost Studio' },
    });

    // With a workspace they can still enter, that one is current instead.
    const own = await again.post('/api/workspaces', { name: 'Own Studio' });
    expect(own.statusCode).toBe(201);
    const third = new ApiClient(t.app);
    await third.post('/api/auth/login', { email: member.email, password: member.password });
    expect((await third.get('/api/workspaces/current')).json()).toMatchObject({
      name: 'Own Studio',
    });
  });

  it('exports the members as CSV for managers', async () => {
    const res = await owner.client.get('/api/team/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body.split(/\r?\n/)[0]).toBe(
      '\uFEFFName,Email,Permission,Status,Last active,Invited on,Invited by',
    );
  });
});
