import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKSPACE_ROLES, type WorkspaceRole } from '../../src/shared/roles.ts';
import { insertStages } from '../../src/server/domains/pipeline/pipeline.repository.ts';
import { DEFAULT_STAGES } from '../../src/server/domains/pipeline/pipeline.service.ts';
import { appRouter } from '../../src/server/trpc/router.ts';
import {
  ApiClient,
  createTestApp,
  signUp,
  signUpWithWorkspace,
  snapshot,
  type TestApp,
} from '../support/test-app.ts';
import { accessMatrix, type MatrixEntry, type Target } from './access-matrix.ts';

/*
 * Calls every procedure, over tRPC as the browser does, as: anonymous, a deactivated
 * member, a member of another workspace (with the target's ids) and each workspace role.
 * Refused calls must change nothing in the database.
 */

let t: TestApp;
let members: Record<WorkspaceRole, { client: ApiClient; userId: number }>;
let deactivated: { client: ApiClient; userId: number };
let platformAdmin: ApiClient;
let outsider: { client: ApiClient; workspaceId: number };
let counter = 0;
/** Each caller's email, for inputs about the caller's own account. */
const emails = new Map<ApiClient, string>();

beforeAll(async () => {
  t = await createTestApp();
  const entries = await Promise.all(
    WORKSPACE_ROLES.map(async (role) => {
      const { client, user, email } = await signUp(t.app, { fullName: `Matrix ${role}` });
      emails.set(client, email);
      return [role, { client, userId: user.id }] as const;
    }),
  );
  members = Object.fromEntries(entries) as typeof members;
  // The first account ever made is a platform admin: none of the role members may be one.
  await t.db.updateTable('users').set({ isAdmin: false }).execute();
  const d = await signUp(t.app, { fullName: 'Matrix Deactivated' });
  deactivated = { client: d.client, userId: d.user.id };
  emails.set(d.client, d.email);
  const a = await signUp(t.app, { fullName: 'Matrix Platform Admin' });
  await t.db.updateTable('users').set({ isAdmin: true }).where('id', '=', a.user.id).execute();
  platformAdmin = a.client;
  emails.set(a.client, a.email);
  const o = await signUpWithWorkspace(t.app, 'Outsider Workspace');
  outsider = { client: o.client, workspaceId: o.workspace.id };
  emails.set(o.client, o.email);
  await t.db
    .updateTable('users')
    .set({ isActive: false })
    .where('id', '=', deactivated.userId)
    .execute();
});
afterAll(() => t.close());

/** A fresh target workspace holding every role, current for each member. */
async function freshTarget(): Promise<Target> {
  counter += 1;
  const name = `Matrix Target ${counter}`;
  const ws = await t.db
    .insertInto('workspaces')
    .values({ name, subdomain: `matrix-target-${counter}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('userWorkspaces')
    .values([
      ...WORKSPACE_ROLES.map((role) => ({
        workspaceId: ws.id,
        userId: members[role].userId,
        role,
      })),
      { workspaceId: ws.id, userId: deactivated.userId, role: 'owner' },
    ])
    .execute();
  for (const role of WORKSPACE_ROLES) {
    const res = await members[role].client.post(`/api/workspaces/${ws.id}/switch`);
    expect(res.statusCode).toBe(200);
  }
  const org = await t.db
    .insertInto('organizations')
    .values({ workspaceId: ws.id, name: `${name} Org` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const person = await t.db
    .insertInto('persons')
    .values({
      workspaceId: ws.id,
      fullName: `${name} Person`,
      email: `target${counter}@example.com`,
      companyId: org.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tag = await t.db
    .insertInto('tags')
    .values({ workspaceId: ws.id, name: `${name} Tag` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('contactTags')
    .values({ workspaceId: ws.id, personId: person.id, tagId: tag.id })
    .execute();
  await insertStages(t.db, ws.id, [
    ...DEFAULT_STAGES,
    { key: 'matrix_custom', label: `${name} Stage`, color: 'gray', isSystemStage: false },
  ]);
  const stages = await t.db
    .selectFrom('stages')
    .select(['id', 'key'])
    .where('workspaceId', '=', ws.id)
    .orderBy('sortOrder')
    .execute();
  const lead = await t.db
    .insertInto('leads')
    .values({
      workspaceId: ws.id,
      dealName: `${name} Deal`,
      stage: 'contacted',
      personId: person.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const client = await t.db
    .insertInto('clients')
    .values({ workspaceId: ws.id, name: `${name} Client`, email: `client${counter}@example.com` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const project = await t.db
    .insertInto('projects')
    .values({
      workspaceId: ws.id,
      name: `${name} Project`,
      clientId: client.id,
      budgetType: 'time',
      budgetLimit: '100',
      hourlyRate: '120',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const entry = await t.db
    .insertInto('timeEntries')
    .values({
      workspaceId: ws.id,
      projectId: project.id,
      userId: members.owner.userId,
      hours: '2',
      date: '2026-11-24',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const invoice = await t.db
    .insertInto('invoices')
    .values({
      workspaceId: ws.id,
      clientId: client.id,
      invoiceNumber: `M-${counter}`,
      amount: '10',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const proposal = await t.db
    .insertInto('proposals')
    .values({
      workspaceId: ws.id,
      title: `${name} Proposal`,
      clientName: 'C',
      description: 'D',
      amount: '1',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const invitation = await t.db
    .insertInto('invitationTokens')
    .values({
      workspaceId: ws.id,
      token: `matrix-${counter}-${Date.now()}`,
      email: `invitee${counter}@example.com`,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    invitationId: invitation.id,
    clientId: client.id,
    projectId: project.id,
    timeEntryId: entry.id,
    invoiceId: invoice.id,
    proposalId: proposal.id,
    workspaceId: ws.id,
    workspaceName: name,
    personId: person.id,
    organizationId: org.id,
    tagId: tag.id,
    ownerUserId: members.owner.userId,
    collaboratorUserId: members.collaborator.userId,
    leadId: lead.id,
    stageId: stages.find((s) => s.key === 'matrix_custom')!.id,
    stageIds: stages.map((s) => s.id),
  };
}

async function prepare(entry: MatrixEntry, target: Target) {
  if (entry.prepare === 'startTimers') {
    await t.db
      .insertInto('timers')
      .values(
        WORKSPACE_ROLES.map((role) => ({
          workspaceId: target.workspaceId,
          userId: members[role].userId,
          projectId: target.projectId,
          elapsedSeconds: 90,
        })),
      )
      .execute();
  }
  if (entry.prepare === 'deleteTarget') {
    await t.db
      .updateTable('workspaces')
      .set({
        isDeleted: true,
        deletedAt: new Date(),
        scheduledDeletionAt: sql<Date>`now() + interval '30 days'`,
      })
      .where('id', '=', target.workspaceId)
      .execute();
  }
}

function call(client: ApiClient, path: string, entry: MatrixEntry, target: Target) {
  return client.trpc(
    path,
    entry.type,
    entry.input?.(target, { email: emails.get(client) ?? 'anonymous@example.com' }),
  );
}

async function expectRefused(client: ApiClient, path: string, entry: MatrixEntry, status: number) {
  const target = await freshTarget();
  await prepare(entry, target);
  const before = await snapshot(t.db);
  const res = await call(client, path, entry, target);
  expect(res.statusCode, `${path}: ${res.body}`).toBe(status);
  expect(await snapshot(t.db), `${path} changed the database while refused`).toBe(before);
}

it('lists every procedure of the router, and nothing else', () => {
  expect(Object.keys(accessMatrix).sort()).toEqual(Object.keys(appRouter._def.procedures).sort());
});

describe.each(Object.entries(accessMatrix))('%s', (path, entry) => {
  if (entry.access === 'public') {
    it('answers anonymous callers', async () => {
      const res = await call(new ApiClient(t.app), path, entry, await freshTarget());
      expect([401, 403]).not.toContain(res.statusCode);
    });
    return;
  }

  it('refuses anonymous callers with 401 and changes nothing', async () => {
    await expectRefused(new ApiClient(t.app), path, entry, 401);
  });

  it('refuses a deactivated user with 401 and changes nothing', async () => {
    await expectRefused(deactivated.client, path, entry, 401);
  });

  if (entry.outsider === 'not_found' || entry.outsider === 'bad_request') {
    const status = entry.outsider === 'not_found' ? 404 : 400;
    it(`answers ${status} to a member of another workspace using this workspace's ids`, async () => {
      await expectRefused(outsider.client, path, entry, status);
    });
  } else if (entry.outsider === 'own') {
    it("never shows another workspace's data to an outsider", async () => {
      const target = await freshTarget();
      const res = await call(outsider.client, path, entry, target);
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect(res.body).not.toContain(target.workspaceName);
    });
  }

  if (entry.access === 'admin') {
    it('lets a platform administrator call it', async () => {
      const target = await freshTarget();
      const res = await call(platformAdmin, path, entry, target);
      expect(res.statusCode, res.body).toBeLessThan(300);
    });
  }

  for (const role of WORKSPACE_ROLES) {
    const allowed =
      entry.access === 'authed' || (Array.isArray(entry.access) && entry.access.includes(role));
    if (allowed) {
      it(`lets ${role} call it`, async () => {
        const target = await freshTarget();
        await prepare(entry, target);
        const res = await call(members[role].client, path, entry, target);
        if (entry.allowedStatus)
          expect(res.statusCode, `${role}: ${res.body}`).toBe(entry.allowedStatus);
        else expect(res.statusCode, `${role}: ${res.body}`).toBeLessThan(300);
      });
    } else {
      it(`refuses ${role} and changes nothing`, async () => {
        await expectRefused(members[role].client, path, entry, entry.denied ?? 403);
      });
    }
  }
});
