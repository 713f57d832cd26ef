import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/create-db.ts';
import {
  useTestApp,
  createTestApp,
  joinAs,
  signUpWithWorkspace,
} from '../../../../tests/support/test-app.ts';

const t = useTestApp();

const QUOTA = 200 * 1024 * 1024;

/** Rows of each kind in one workspace, made here so the test knows how many there are. */
async function fill(
  db: Database,
  workspaceId: number,
  ownerUserId: number,
  counts: { contacts: number; organizations: number; projects: number; invoices: number },
  fileSizes: number[],
) {
  for (let i = 0; i < counts.organizations; i++) {
    await db
      .insertInto('organizations')
      .values({ workspaceId, name: `Org ${i}` })
      .execute();
  }
  for (let i = 0; i < counts.contacts; i++) {
    await db
      .insertInto('persons')
      .values({ workspaceId, fullName: `Person ${i}` })
      .execute();
  }
  const client = await db
    .insertInto('clients')
    .values({ workspaceId, name: 'Client', email: `client-${workspaceId}@example.com` })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < counts.projects; i++) {
    await db
      .insertInto('projects')
      .values({
        workspaceId,
        name: `Project ${i}`,
        clientId: client.id,
        budgetType: 'time',
        budgetLimit: '10',
        hourlyRate: '100',
      })
      .execute();
  }
  for (let i = 0; i < counts.invoices; i++) {
    await db
      .insertInto('invoices')
      .values({
        workspaceId,
        clientId: client.id,
        invoiceNumber: `W${workspaceId}-${i}`,
        amount: '10',
      })
      .execute();
  }
  for (const size of fileSizes) {
    await db
      .insertInto('files')
      .values({
        key: randomBytes(18).toString('base64url'),
        ownerUserId,
        workspaceId,
        purpose: 'workspace_logo',
        contentType: 'image/png',
        data: Buffer.alloc(size, 1),
        size,
      })
      .execute();
  }
}

describe('GET /api/workspaces/current/usage', () => {
  it('answers a new workspace: its owner, nothing else, and the server quota', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Usage Empty');
    const res = await owner.client.get('/api/workspaces/current/usage');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      members: 1,
      activeMembers: 1,
      contacts: 0,
      organizations: 0,
      projects: 0,
      invoices: 0,
      storageUsedBytes: 0,
      storageQuotaBytes: QUOTA,
    });
  });

  it("counts the current workspace's rows and file bytes, not another workspace's", async () => {
    const owner = await signUpWithWorkspace(t.app, 'Usage Studio');
    const workspaceId = owner.workspace.id;
    const collaborator = await joinAs(t, workspaceId, 'collaborator');
    const removed = await joinAs(t, workspaceId, 'project_manager');
    const suspended = await joinAs(t, workspaceId, 'administrator');
    // One membership deactivated, one account deactivated: members still, not active ones.
    await t.db
      .updateTable('userWorkspaces')
      .set({ isActive: false })
      .where('workspaceId', '=', workspaceId)
      .where('userId', '=', removed.user.id)
      .execute();
    await t.db
      .updateTable('users')
      .set({ isActive: false })
      .where('id', '=', suspended.user.id)
      .execute();
    await fill(
      t.db,
      workspaceId,
      owner.user.id,
      { contacts: 7, organizations: 3, projects: 2, invoices: 4 },
      [1_000, 2_345],
    );
    // An upload not yet set on any workspace counts against its uploader only.
    await t.db
      .insertInto('files')
      .values({
        key: randomBytes(18).toString('base64url'),
        ownerUserId: owner.user.id,
        workspaceId: null,
        purpose: 'workspace_logo',
        contentType: 'image/png',
        data: Buffer.alloc(500, 1),
        size: 500,
      })
      .execute();

    // Another workspace of the same owner, fuller, must not be counted.
    const other = await owner.client.post('/api/workspaces', { name: 'Usage Elsewhere' });
    expect(other.statusCode).toBe(201);
    await fill(
      t.db,
      other.json().id,
      owner.user.id,
      { contacts: 11, organizations: 5, projects: 6, invoices: 8 },
      [9_999],
    );

    const expected = {
      members: 4,
      activeMembers: 2,
      contacts: 7,
      organizations: 3,
      projects: 2,
      invoices: 4,
      storageUsedBytes: 3_345,
      storageQuotaBytes: QUOTA,
    };
    // The collaborator's session is still on the workspace; the owner switched to the other.
    const seen = await collaborator.client.get('/api/workspaces/current/usage');
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual(expected);
    expect(
      (await collaborator.client.trpc('workspaces.usage', 'query')).json().result.data,
    ).toEqual(expected);

    const elsewhere = await owner.client.get('/api/workspaces/current/usage');
    expect(elsewhere.json()).toMatchObject({
      members: 1,
      contacts: 11,
      organizations: 5,
      projects: 6,
      invoices: 8,
      storageUsedBytes: 9_999,
    });
  });

  it('follows the configured quota and is refused without a workspace', async () => {
    const small = await createTestApp({ uploadQuotaWorkspaceBytes: 3 * 1024 * 1024 });
    try {
      const owner = await signUpWithWorkspace(small.app, 'Usage Quota');
      const res = await owner.client.get('/api/workspaces/current/usage');
      expect(res.json().storageQuotaBytes).toBe(3 * 1024 * 1024);
      expect((await small.app.inject('/api/workspaces/current/usage')).statusCode).toBe(401);
    } finally {
      await small.close();
    }
  });
});
