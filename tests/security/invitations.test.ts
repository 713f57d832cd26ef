import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  createTestApp,
  joinAs,
  signUpWithWorkspace,
  uniqueEmail,
  type TestApp,
} from '../support/test-app.ts';

// Issue 15, item 1: an invitation dies with its sender's rights. The attack: an administrator
// invites a second address of their own as administrator, loses their place (removed,
// demoted, deactivated), then accepts the invitation and is back in.

const VOID =
  'This invitation is no longer valid: the person who sent it can no longer invite members. Ask the workspace for a new invitation.';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUpWithWorkspace>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpWithWorkspace(t.app, 'Invitation Rights');
  await t.db.updateTable('users').set({ isAdmin: true }).where('id', '=', owner.user.id).execute();
});
afterAll(() => t.close());

/** An administrator of the workspace who sends an administrator invitation to a second address. */
async function adminWithSelfInvitation() {
  const admin = await joinAs(t, owner.workspace.id, 'administrator');
  const secondAddress = uniqueEmail('second-self');
  const res = await admin.client.post('/api/admin/invite', {
    email: secondAddress,
    fullName: 'Second Self',
    role: 'administrator',
  });
  expect(res.statusCode, res.body).toBe(201);
  const token = (res.json().inviteUrl as string).split('/invite/')[1]!;
  return { admin, secondAddress, token };
}

async function voidedAt(email: string) {
  const row = await t.db
    .selectFrom('invitationTokens')
    .select('voidedAt')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.voidedAt;
}

async function isMember(email: string) {
  const row = await t.db
    .selectFrom('userWorkspaces as uw')
    .innerJoin('users as u', 'u.id', 'uw.userId')
    .select('uw.id')
    .where('u.email', '=', email)
    .where('uw.workspaceId', '=', owner.workspace.id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Viewing and accepting both answer 410 with the message, and nobody joins. */
async function expectVoid(token: string, email: string) {
  const guest = new ApiClient(t.app);
  const view = await guest.get(`/api/invite/${token}`);
  expect(view.statusCode).toBe(410);
  expect(view.json().error).toBe(VOID);
  const accept = await guest.post(`/api/invite/${token}/accept`, { password: 'welcome1' });
  expect(accept.statusCode).toBe(410);
  expect(accept.json()).toEqual({ error: VOID });
  expect(await isMember(email)).toBe(false);
  expect((await guest.get('/api/auth/me')).statusCode).toBe(401);
}

describe('an invitation dies with its sender’s rights', () => {
  it('a removed administrator’s invitation is void', async () => {
    const { admin, secondAddress, token } = await adminWithSelfInvitation();
    expect((await owner.client.delete(`/api/admin/users/${admin.user.id}`)).statusCode).toBe(200);
    expect(await voidedAt(secondAddress)).not.toBeNull();
    await expectVoid(token, secondAddress);
  });

  it('a demoted administrator’s invitation is void', async () => {
    const { admin, secondAddress, token } = await adminWithSelfInvitation();
    const res = await owner.client.put(`/api/admin/users/${admin.user.id}/role`, {
      role: 'collaborator',
    });
    expect(res.statusCode).toBe(200);
    expect(await voidedAt(secondAddress)).not.toBeNull();
    await expectVoid(token, secondAddress);
  });

  it('a deactivated administrator’s invitation stays void after reactivation', async () => {
    const { admin, secondAddress, token } = await adminWithSelfInvitation();
    expect(
      (await owner.client.put(`/api/admin/users/${admin.user.id}/deactivate`)).json(),
    ).toMatchObject({ isActive: false });
    expect(await voidedAt(secondAddress)).not.toBeNull();
    await expectVoid(token, secondAddress);
    // Back in, they may invite again, but the old invitation was voided for good.
    expect(
      (await owner.client.put(`/api/admin/users/${admin.user.id}/deactivate`)).json(),
    ).toMatchObject({ isActive: true });
    await expectVoid(token, secondAddress);
  });

  it('an account deactivated by the platform administrator voids its invitations everywhere', async () => {
    const { admin, secondAddress, token } = await adminWithSelfInvitation();
    const res = await owner.client.put(`/api/admin/users/${admin.user.id}/status`, {
      isActive: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await voidedAt(secondAddress)).not.toBeNull();
    await expectVoid(token, secondAddress);
  });

  it('the sender’s rights are checked again at acceptance, whatever changed them', async () => {
    // A change that went around the team service (a script, a future code path): no voiding ran.
    const { admin, secondAddress, token } = await adminWithSelfInvitation();
    await t.db
      .updateTable('userWorkspaces')
      .set({ role: 'project_manager' })
      .where('userId', '=', admin.user.id)
      .where('workspaceId', '=', owner.workspace.id)
      .execute();
    expect(await voidedAt(secondAddress)).toBeNull();
    await expectVoid(token, secondAddress);
  });

  it('the platform console shows the invitation as void and will not resend it', async () => {
    const { admin, secondAddress } = await adminWithSelfInvitation();
    await owner.client.delete(`/api/admin/users/${admin.user.id}`);
    const list = (await owner.client.get('/api/admin/all-invitations')).json() as {
      id: number;
      email: string;
      voidedAt: string | null;
    }[];
    const invitation = list.find((i) => i.email === secondAddress)!;
    expect(invitation.voidedAt).not.toBeNull();
    const resend = await owner.client.post(`/api/admin/invitations/${invitation.id}/resend`);
    expect(resend.statusCode).toBe(409);
    expect(resend.json().error).toBe(
      'This invitation is void: the person who sent it can no longer invite members.',
    );
  });

  it('others’ invitations are untouched, and a sender who keeps the right is still honoured', async () => {
    const { admin, token: adminToken, secondAddress } = await adminWithSelfInvitation();
    const ownersInvitee = uniqueEmail('owners-invitee');
    const sent = await owner.client.post('/api/admin/invite', {
      email: ownersInvitee,
      fullName: 'Owner Invitee',
      role: 'collaborator',
    });
    const ownersToken = (sent.json().inviteUrl as string).split('/invite/')[1]!;
    // Demoting the administrator voids only what the administrator sent.
    await owner.client.put(`/api/admin/users/${admin.user.id}/role`, { role: 'project_manager' });
    expect(await voidedAt(ownersInvitee)).toBeNull();
    await expectVoid(adminToken, secondAddress);
    const accepted = await new ApiClient(t.app).post(`/api/invite/${ownersToken}/accept`, {
      password: 'welcome1',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await isMember(ownersInvitee)).toBe(true);
  });
});
