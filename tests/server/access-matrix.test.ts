import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKSPACE_ROLES, type WorkspaceRole } from '../../src/shared/roles.ts';
import { appRouter } from '../../src/server/trpc/router.ts';
import {
  ApiClient,
  createTestApp,
  signUp,
  signUpWithWorkspace,
  snapshot,
  type TestApp,
} from '../support/test-app.ts';
import { freshTarget as createTarget, type Target } from '../support/target.ts';
import { accessMatrix, type MatrixEntry } from './access-matrix.ts';

/*
 * Calls every procedure, over tRPC as the browser does, as: anonymous, a deactivated
 * member, a member of another workspace (with the target's ids) and each workspace role;
 * and as a script on the owner's API tokens (session-only procedures, read-only scope).
 * Refused calls must change nothing in the database.
 */

let t: TestApp;
let members: Record<WorkspaceRole, { client: ApiClient; userId: number }>;
let deactivated: { client: ApiClient; userId: number };
let platformAdmin: ApiClient;
let outsider: { client: ApiClient; workspaceId: number };
/** The owner member's personal API tokens, one of each scope. */
const ownerTokens = { read: '', read_write: '' };
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
  for (const scope of ['read', 'read_write'] as const) {
    const res = await members.owner.client.post('/api/account/tokens', { name: scope, scope });
    if (res.statusCode !== 201) throw new Error(`token creation failed: ${res.body}`);
    ownerTokens[scope] = res.json().token;
  }
  await t.db
    .updateTable('users')
    .set({ isActive: false })
    .where('id', '=', deactivated.userId)
    .execute();
});
afterAll(() => t.close());

/** A fresh target workspace holding every role, current for each member. */
function freshTarget(): Promise<Target> {
  return createTarget(t.db, {
    label: 'Matrix Target',
    members: [
      ...WORKSPACE_ROLES.map((role) => ({
        userId: members[role].userId,
        role,
        client: members[role].client,
      })),
      { userId: deactivated.userId, role: 'owner' as const },
    ],
    ownerUserId: members.owner.userId,
    collaboratorUserId: members.collaborator.userId,
  });
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

/** A script on an API token: no cookie, the target workspace named in a header. */
interface TokenCaller {
  token: string;
  email: string;
}

function call(caller: ApiClient | TokenCaller, path: string, entry: MatrixEntry, target: Target) {
  if (!(caller instanceof ApiClient)) {
    return new ApiClient(t.app).trpc(path, entry.type, entry.input?.(target, caller), {
      authorization: `Bearer ${caller.token}`,
      'x-workspace-id': String(target.workspaceId),
    });
  }
  return caller.trpc(
    path,
    entry.type,
    entry.input?.(target, { email: emails.get(caller) ?? 'anonymous@example.com' }),
  );
}

async function expectRefused(
  caller: ApiClient | TokenCaller,
  path: string,
  entry: MatrixEntry,
  status: number,
) {
  const target = await freshTarget();
  await prepare(entry, target);
  // Background work of earlier calls (an invoice email minting its portal link) ends first.
  await t.app.services.jobs.idle();
  const before = await snapshot(t.db);
  const res = await call(caller, path, entry, target);
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

  const ownerEmail = () => emails.get(members.owner.client)!;
  if (entry.access === 'session') {
    it("refuses the owner's API token with 403 and changes nothing", async () => {
      await expectRefused({ token: ownerTokens.read_write, email: ownerEmail() }, path, entry, 403);
    });
  }
  if (entry.type === 'mutation') {
    it("refuses the owner's read-only API token with 403 and changes nothing", async () => {
      await expectRefused({ token: ownerTokens.read, email: ownerEmail() }, path, entry, 403);
    });
  }

  for (const role of WORKSPACE_ROLES) {
    const allowed =
      entry.access === 'authed' ||
      entry.access === 'session' ||
      (Array.isArray(entry.access) && entry.access.includes(role));
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
