import { randomBytes } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceRole } from '../../../shared/roles.ts';
import type { Mail, Mailer } from '../../plugins/mailer.ts';
import { hashToken } from '../auth/identity.ts';
import {
  ApiClient,
  useTestApp,
  joinAs,
  signUp,
  signUpWithWorkspace,
  snapshot,
  uniqueEmail,
} from '../../../../tests/support/test-app.ts';

/*
 * Issue 20, items 5 and 6: owners and administrators list, resend and cancel the
 * workspace's pending invitations, and are told whether the email went out; a member
 * whose access was removed is told so, with the workspace's name.
 */

const t = useTestApp();
let owner: Awaited<ReturnType<typeof signUpWithWorkspace>>;
let loggedMailer: Mailer;

beforeAll(async () => {
  // The test server has no SMTP_URL: its mailer writes to the log.
  loggedMailer = t.app.services.mailer;
  owner = await signUpWithWorkspace(t.app, 'Harbour Works');
});
afterEach(() => {
  t.app.services.mailer = loggedMailer;
});

/** A mailer as with SMTP_URL set, recording what it sends, or refusing every email. */
function smtpMailer(options: { refuse?: boolean } = {}) {
  const sent: Mail[] = [];
  t.app.services.mailer = {
    delivers: true,
    send(mail) {
      if (options.refuse) return Promise.reject(new Error('554 relay refused'));
      sent.push(mail);
      return Promise.resolve();
    },
  };
  return sent;
}

interface Invited {
  email: string;
  inviteUrl: string;
  emailSent: boolean;
  mailConfigured: boolean;
  invitation: { expiresAt: string };
}

async function invite(client: ApiClient, role = 'collaborator'): Promise<Invited> {
  const email = uniqueEmail('pending');
  const res = await client.post('/api/admin/invite', { email, fullName: 'Ines Pending', role });
  expect(res.statusCode, res.body).toBe(201);
  return { email: email.toLowerCase(), ...(res.json() as Omit<Invited, 'email'>) };
}

interface Pending {
  id: number;
  email: string;
  fullName: string | null;
  role: string;
  invitedByName: string | null;
  createdAt: string;
  expiresAt: string;
}

async function pending(client: ApiClient): Promise<Pending[]> {
  const res = await client.get('/api/team/invitations');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function pendingOf(client: ApiClient, email: string): Promise<Pending> {
  const found = (await pending(client)).find((i) => i.email === email);
  expect(found, `${email} is pending`).toBeDefined();
  return found!;
}

const tokenOf = (url: string) => url.split('/invite/')[1]!;

describe('invitation emails', () => {
  it('says the email was not sent when the server has no SMTP_URL', async () => {
    const invited = await invite(owner.client);
    expect(invited).toMatchObject({ emailSent: false, mailConfigured: false });
    expect(invited.inviteUrl).toMatch(/\/invite\/[1-9]\d*\.[A-Za-z0-9_-]{43}$/);
  });

  it('says it was sent when the mail server took it, and not when it refused it', async () => {
    const sent = smtpMailer();
    const invited = await invite(owner.client);
    expect(invited).toMatchObject({ emailSent: true, mailConfigured: true });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(invited.email);
    expect(sent[0]!.text).toContain(invited.inviteUrl);

    smtpMailer({ refuse: true });
    expect(await invite(owner.client)).toMatchObject({ emailSent: false, mailConfigured: true });
  });
});

describe('GET /api/team/invitations', () => {
  it('lists pending invitations with role, inviter and expiry, newest first, for owners and administrators only', async () => {
    const ws = await signUpWithWorkspace(t.app, 'Listing Yard');
    const admin = await joinAs(t, ws.workspace.id, 'administrator');
    const first = await invite(ws.client, 'project_manager');
    const second = await invite(admin.client, 'collaborator');
    const list = await pending(ws.client);
    expect(list.map((i) => i.email)).toEqual([second.email, first.email]);
    expect(list[1]).toEqual({
      id: expect.any(Number),
      email: first.email,
      fullName: 'Ines Pending',
      role: 'project_manager',
      invitedByName: 'Test User',
      createdAt: expect.any(String),
      expiresAt: first.invitation.expiresAt,
    });
    expect(await pending(admin.client)).toEqual(list);

    // Other workspaces' invitations never show.
    expect((await pending(owner.client)).map((i) => i.email)).not.toContain(first.email);

    for (const role of ['project_manager', 'collaborator', 'partner'] as WorkspaceRole[]) {
      const member = await joinAs(t, ws.workspace.id, role);
      const res = await member.client.get('/api/team/invitations');
      expect(res.statusCode, role).toBe(403);
    }
    expect((await new ApiClient(t.app).get('/api/team/invitations')).statusCode).toBe(401);
  });

  it('leaves out accepted and void invitations', async () => {
    const ws = await signUpWithWorkspace(t.app, 'Accepted Yard');
    const accepted = await invite(ws.client);
    await new ApiClient(t.app).post(`/api/invite/${tokenOf(accepted.inviteUrl)}/accept`, {
      password: 'welcome1',
    });
    const admin = await joinAs(t, ws.workspace.id, 'administrator');
    const voided = await invite(admin.client);
    // Removing the administrator voids what they sent.
    await ws.client.delete(`/api/admin/users/${admin.user.id}`);
    const emails = (await pending(ws.client)).map((i) => i.email);
    expect(emails).not.toContain(accepted.email);
    expect(emails).not.toContain(voided.email);
  });
});

describe('POST /api/team/invitations/{id}/resend', () => {
  it('gives a new link and expiry, kills the old link, and emails the new one', async () => {
    const invited = await invite(owner.client);
    const before = await pendingOf(owner.client, invited.email);
    // The old expiry, a day back, shows the new one is fresh.
    await t.db
      .updateTable('invitationTokens')
      .set({ expiresAt: new Date(Date.now() - 86_400_000) })
      .where('id', '=', before.id)
      .execute();
    const sent = smtpMailer();
    const res = await owner.client.post(`/api/team/invitations/${before.id}/resend`);
    expect(res.statusCode, res.body).toBe(200);
    const resent = res.json();
    expect(resent).toMatchObject({
      invitation: { id: before.id, email: invited.email, role: 'collaborator' },
      emailSent: true,
      mailConfigured: true,
    });
    expect(resent.inviteUrl).not.toBe(invited.inviteUrl);
    expect(Date.parse(resent.invitation.expiresAt)).toBeGreaterThan(Date.now() + 6.99 * 86_400_000);
    expect(sent.map((m) => m.to)).toEqual([invited.email]);
    expect(sent[0]!.text).toContain(resent.inviteUrl);

    const guest = new ApiClient(t.app);
    const old = await guest.get(`/api/invite/${tokenOf(invited.inviteUrl)}`);
    expect(old.statusCode).toBe(404);
    expect(old.json().error).toBe(
      'This invitation link is invalid, expired, or has already been used.',
    );
    expect(
      (
        await guest.post(`/api/invite/${tokenOf(invited.inviteUrl)}/accept`, {
          password: 'x1234567',
        })
      ).statusCode,
    ).toBe(404);
    const fresh = await guest.get(`/api/invite/${tokenOf(resent.inviteUrl)}`);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().email).toBe(invited.email);
  });

  it('without SMTP_URL says the email was not sent', async () => {
    const invited = await invite(owner.client);
    const { id } = await pendingOf(owner.client, invited.email);
    const res = await owner.client.post(`/api/team/invitations/${id}/resend`);
    expect(res.json()).toMatchObject({ emailSent: false, mailConfigured: false });
  });

  it('with sendEmail false only makes a new link', async () => {
    const invited = await invite(owner.client);
    const { id } = await pendingOf(owner.client, invited.email);
    const sent = smtpMailer();
    const res = await owner.client.post(`/api/team/invitations/${id}/resend`, {
      sendEmail: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ emailSent: false, mailConfigured: true });
    expect(sent).toEqual([]);
    expect(
      (await new ApiClient(t.app).get(`/api/invite/${tokenOf(invited.inviteUrl)}`)).statusCode,
    ).toBe(404);
    expect(
      (await new ApiClient(t.app).get(`/api/invite/${tokenOf(res.json().inviteUrl)}`)).statusCode,
    ).toBe(200);
  });

  it('an administrator resends an invitation the owner sent, which then comes from them', async () => {
    const ws = await signUpWithWorkspace(t.app, 'Resend Yard');
    const admin = await joinAs(t, ws.workspace.id, 'administrator');
    await t.db
      .updateTable('users')
      .set({ fullName: 'Ada Admin' })
      .where('id', '=', admin.user.id)
      .execute();
    const invited = await invite(ws.client);
    const { id } = await pendingOf(ws.client, invited.email);
    const res = await admin.client.post(`/api/team/invitations/${id}/resend`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().invitation.invitedByName).toBe('Ada Admin');
    expect((await pendingOf(ws.client, invited.email)).invitedByName).toBe('Ada Admin');
  });

  it('refuses other roles (403) and other workspaces (404), changing nothing', async () => {
    const ws = await signUpWithWorkspace(t.app, 'Guarded Yard');
    const invited = await invite(ws.client);
    const { id } = await pendingOf(ws.client, invited.email);
    const manager = await joinAs(t, ws.workspace.id, 'project_manager');
    const collaborator = await joinAs(t, ws.workspace.id, 'collaborator');
    const before = await snapshot(t.db);
    for (const member of [manager, collaborator]) {
      expect((await member.client.post(`/api/team/invitations/${id}/resend`)).statusCode).toBe(403);
      expect((await member.client.delete(`/api/team/invitations/${id}`)).statusCode).toBe(403);
    }
    // The owner of another workspace names this one's invitation.
    expect((await owner.client.post(`/api/team/invitations/${id}/resend`)).statusCode).toBe(404);
    expect((await owner.client.delete(`/api/team/invitations/${id}`)).statusCode).toBe(404);
    expect(await snapshot(t.db)).toBe(before);
    expect(
      (await new ApiClient(t.app).get(`/api/invite/${tokenOf(invited.inviteUrl)}`)).statusCode,
    ).toBe(200);
  });

  it('refuses an accepted invitation (409)', async () => {
    const invited = await invite(owner.client);
    const { id } = await pendingOf(owner.client, invited.email);
    await new ApiClient(t.app).post(`/api/invite/${tokenOf(invited.inviteUrl)}/accept`, {
      password: 'welcome1',
    });
    const res = await owner.client.post(`/api/team/invitations/${id}/resend`);
    expect(res.statusCode).toBe(409);
    expect((await owner.client.delete(`/api/team/invitations/${id}`)).statusCode).toBe(409);
  });
});

describe('DELETE /api/team/invitations/{id}', () => {
  it('cancels: the link reads as invalid and the invitation leaves the list', async () => {
    const ws = await signUpWithWorkspace(t.app, 'Cancel Yard');
    const admin = await joinAs(t, ws.workspace.id, 'administrator');
    const invited = await invite(ws.client);
    const { id } = await pendingOf(ws.client, invited.email);
    const res = await admin.client.delete(`/api/team/invitations/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await pending(ws.client)).map((i) => i.email)).not.toContain(invited.email);
    const guest = new ApiClient(t.app);
    const view = await guest.get(`/api/invite/${tokenOf(invited.inviteUrl)}`);
    expect(view.statusCode).toBe(404);
    expect(view.json().error).toBe(
      'This invitation link is invalid, expired, or has already been used.',
    );
    expect((await admin.client.delete(`/api/team/invitations/${id}`)).statusCode).toBe(404);
    expect((await admin.client.post(`/api/team/invitations/${id}/resend`)).statusCode).toBe(404);
  });
});

describe('invitation links', () => {
  it('name their workspace; a link sent before they did still opens, and a token naming another workspace does not', async () => {
    const invited = await invite(owner.client);
    const token = tokenOf(invited.inviteUrl);
    const secret = token.split('.')[1]!;
    expect(token).toBe(`${owner.workspace.id}.${secret}`);
    const other = await signUpWithWorkspace(t.app, 'Other Yard');
    const guest = new ApiClient(t.app);
    expect((await guest.get(`/api/invite/${other.workspace.id}.${secret}`)).statusCode).toBe(404);
    expect((await guest.get(`/api/invite/${secret}`)).statusCode).toBe(404);

    const legacy = randomBytes(32).toString('base64url');
    await t.db
      .updateTable('invitationTokens')
      .set({ token: hashToken(legacy) })
      .where('workspaceId', '=', owner.workspace.id)
      .where('email', '=', invited.email)
      .execute();
    const view = await guest.get(`/api/invite/${legacy}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ email: invited.email });
  });
});

describe('a member whose access was removed', () => {
  const REVOKED = 'WORKSPACE_ACCESS_REVOKED';

  it('removed: 403 naming the workspace, on REST and tRPC; their account and other workspaces stay', async () => {
    const ws = await signUpWithWorkspace(t.app, 'Dockside Crew');
    const member = await joinAs(t, ws.workspace.id, 'collaborator');
    const elsewhere = await member.client.post('/api/workspaces', { name: 'My Own Shop' });
    expect(elsewhere.statusCode).toBe(201);
    await member.client.post(`/api/workspaces/${ws.workspace.id}/switch`);
    expect((await member.client.get('/api/persons')).statusCode).toBe(200);

    expect((await ws.client.delete(`/api/admin/users/${member.user.id}`)).statusCode).toBe(200);
    const res = await member.client.get('/api/persons');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: 'Your access to Dockside Crew was removed',
      code: REVOKED,
      workspace: { id: ws.workspace.id, name: 'Dockside Crew' },
    });
    const current = await member.client.trpc('workspaces.current', 'query');
    expect(current.statusCode).toBe(403);
    expect(current.json().error.data).toMatchObject({
      httpStatus: 403,
      reason: REVOKED,
      workspace: { id: ws.workspace.id, name: 'Dockside Crew' },
    });
    expect(current.json().error.message).toBe('Your access to Dockside Crew was removed');

    expect((await member.client.get('/api/auth/me')).statusCode).toBe(200);
    const mine = (await member.client.get('/api/user/workspaces')).json();
    expect(mine.map((w: { name: string }) => w.name)).toEqual(['My Own Shop']);
    const other = mine[0] as { id: number };
    expect((await member.client.post(`/api/workspaces/${other.id}/switch`)).statusCode).toBe(200);
    expect((await member.client.get('/api/persons')).statusCode).toBe(200);
  });

  it('deactivated: the same answer, on a session and on an API token; reactivation lets them back', async () => {
    const ws = await signUpWithWorkspace(t.app, 'Quay Crew');
    const member = await joinAs(t, ws.workspace.id, 'collaborator');
    const token = (
      await member.client.post('/api/account/tokens', { name: 'script', scope: 'read' })
    ).json().token as string;
    await ws.client.put(`/api/admin/users/${member.user.id}/deactivate`);
    const res = await member.client.get('/api/workspaces/current');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: REVOKED, workspace: { name: 'Quay Crew' } });
    const script = await new ApiClient(t.app).request('GET', '/api/persons', undefined, {
      authorization: `Bearer ${token}`,
      'x-workspace-id': String(ws.workspace.id),
    });
    expect(script.statusCode).toBe(403);
    expect(script.json()).toMatchObject({ code: REVOKED, workspace: { name: 'Quay Crew' } });

    await ws.client.put(`/api/admin/users/${member.user.id}/deactivate`);
    expect((await member.client.get('/api/persons')).statusCode).toBe(200);
  });

  it('never names a workspace the caller did not belong to', async () => {
    const stranger = await signUp(t.app);
    const token = (
      await stranger.client.post('/api/account/tokens', { name: 'probe', scope: 'read' })
    ).json().token as string;
    const res = await new ApiClient(t.app).request('GET', '/api/persons', undefined, {
      authorization: `Bearer ${token}`,
      'x-workspace-id': String(owner.workspace.id),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'No workspace selected' });
    expect(res.body).not.toContain('Harbour Works');
    // A session cannot pick a workspace it does not belong to, and tells nothing either.
    const pick = await stranger.client.post(`/api/workspaces/${owner.workspace.id}/switch`);
    expect(pick.statusCode).toBe(404);
    expect(pick.body).not.toContain('Harbour Works');
    expect((await stranger.client.get('/api/workspaces/current')).json()).toEqual({
      error: 'No workspace selected',
    });
  });

  it('a deleted workspace is not "access removed"', async () => {
    const ws = await signUpWithWorkspace(t.app, 'Sunken Crew');
    const member = await joinAs(t, ws.workspace.id, 'collaborator');
    await t.db
      .updateTable('workspaces')
      .set({ isDeleted: true, deletedAt: new Date() })
      .where('id', '=', ws.workspace.id)
      .execute();
    const res = await member.client.get('/api/persons');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Sunken Crew');
  });
});
