import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../../../tests/support/responses.ts';
import {
  ApiClient,
  useSmtpSink,
  useTwoWorkspaces,
  joinAs,
  signUpWithWorkspace,
  uniqueEmail,
} from '../../../../tests/support/test-app.ts';
import type { AppQueue } from '../../trpc/context.ts';
import { createJobs, systemActor } from '../jobs/jobs.ts';
import { runTemplate } from '../recurring-invoices/recurring-invoices.schedule.ts';
import { notify, tellJobFailure } from './notifications.service.ts';

/* Issue 23, item 4: real notifications, in the app and by email. */

type Account = Awaited<ReturnType<typeof signUpWithWorkspace>>;

const sink = useSmtpSink();
const { t, owner, other } = useTwoWorkspaces('Notify Studio', 'Other Studio', () => ({
  smtpUrl: sink.url,
  appUrl: 'https://keel.example',
}));
let admin: Account;
let member: Account;
let manager: Account;
let projectId: number;
let clientId: number;

beforeAll(async () => {
  admin = { ...(await joinAs(t, owner.workspace.id, 'administrator')), workspace: owner.workspace };
  member = { ...(await joinAs(t, owner.workspace.id, 'collaborator')), workspace: owner.workspace };
  manager = {
    ...(await joinAs(t, owner.workspace.id, 'project_manager')),
    workspace: owner.workspace,
  };
  clientId = (
    await ok(
      owner.client.post('/api/clients', { name: 'Acme', email: 'billing@acme.example' }),
      201,
    )
  ).id;
  projectId = (
    await ok(
      owner.client.post('/api/projects', {
        name: 'Website',
        clientId,
        budgetType: 'time',
        budgetLimit: 100,
        hourlyRate: 100,
      }),
      201,
    )
  ).id;
  // Emails wait for their own tests: no switch is on until then.
  await t.db.updateTable('users').set({ emailNotifications: false }).execute();
});

/** The notifications made since `after` (an id), as user and kind. */
async function madeSince(after: number) {
  const rows = await t.db
    .selectFrom('notifications')
    .select(['userId', 'kind', 'workspaceId', 'category', 'link', 'title'])
    .where('id', '>', after)
    .orderBy('id')
    .execute();
  return rows;
}

async function lastId() {
  const row = await t.db
    .selectFrom('notifications')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

/** Runs `action` and answers the notifications it made. */
async function made(action: () => Promise<unknown>) {
  const before = await lastId();
  await action();
  return madeSince(before);
}

/** Creates a row over REST as the owner: answers its id and the notifications made. */
async function createdAs(url: string, body: object) {
  let id = 0;
  const rows = await made(async () => {
    id = (await ok(owner.client.post(url, body), 201)).id;
  });
  return { id, rows };
}

const who = (rows: { userId: number; kind: string }[]) =>
  rows.map((r) => ({ userId: r.userId, kind: r.kind }));

describe('events', () => {
  it('a task assigned on creation and on a change of assignee tells the new assignee only', async () => {
    const { id: taskId, rows: created } = await createdAs('/api/tasks', {
      title: 'Draft copy',
      projectId,
      assigneeId: member.user.id,
    });
    expect(who(created)).toEqual([{ userId: member.user.id, kind: 'task_assigned' }]);
    expect(created[0]).toMatchObject({
      category: 'mention',
      workspaceId: owner.workspace.id,
      link: `/tasks?task=${taskId}`,
      title: 'Task assigned to you: Draft copy',
    });
    // Same assignee again, or another field: nobody hears.
    expect(
      await made(() =>
        ok(owner.client.put(`/api/tasks/${taskId}`, { assigneeId: member.user.id, title: 'Copy' })),
      ),
    ).toEqual([]);
    const changed = await made(() =>
      ok(owner.client.put(`/api/tasks/${taskId}`, { assigneeId: manager.user.id })),
    );
    expect(who(changed)).toEqual([{ userId: manager.user.id, kind: 'task_assigned' }]);
    // Assigning oneself tells nobody.
    expect(
      await made(() =>
        ok(
          owner.client.post('/api/tasks', { title: 'Mine', projectId, assigneeId: owner.user.id }),
          201,
        ),
      ),
    ).toEqual([]);
    // Another workspace's user cannot be assigned (404), so hears nothing.
    expect(
      await made(async () => {
        const res = await owner.client.post('/api/tasks', {
          title: 'Foreign',
          projectId,
          assigneeId: other.user.id,
        });
        expect(res.statusCode).toBe(404);
      }),
    ).toEqual([]);
  });

  it('a contact and a deal assigned tell the new assignee', async () => {
    const { id: personId, rows: contact } = await createdAs('/api/persons', {
      fullName: 'Grace Hopper',
      assignedUserId: member.user.id,
    });
    expect(who(contact)).toEqual([{ userId: member.user.id, kind: 'contact_assigned' }]);
    const reassigned = await made(() =>
      ok(owner.client.put(`/api/persons/${personId}`, { assignedUserId: admin.user.id })),
    );
    expect(who(reassigned)).toEqual([{ userId: admin.user.id, kind: 'contact_assigned' }]);
    // The list's bulk action: one notification for all the contacts.
    const second = await ok(owner.client.post('/api/persons', { fullName: 'Alan Turing' }), 201);
    const bulk = await made(() =>
      ok(
        owner.client.post('/api/contacts/bulk', {
          action: 'assign',
          ids: [personId, second.id],
          assignedUserId: member.user.id,
        }),
      ),
    );
    expect(who(bulk)).toEqual([{ userId: member.user.id, kind: 'contact_assigned' }]);
    expect(bulk[0]).toMatchObject({
      title: '2 contacts assigned to you',
      link: `/contacts?assignee=${member.user.id}`,
    });

    const { id: leadId, rows: deal } = await createdAs('/api/leads', {
      dealName: 'Compiler Support',
      personId,
      assignedUserId: member.user.id,
    });
    expect(who(deal)).toEqual([{ userId: member.user.id, kind: 'deal_assigned' }]);
    expect(deal[0]).toMatchObject({
      category: 'mention',
      link: '/opportunities?q=Compiler%20Support',
    });
    const moved = await made(() =>
      ok(member.client.put(`/api/leads/${leadId}`, { assignedUserId: manager.user.id })),
    );
    expect(who(moved)).toEqual([{ userId: manager.user.id, kind: 'deal_assigned' }]);
  });

  it('an invitation accepted tells whoever sent it', async () => {
    const email = uniqueEmail('invitee');
    const invited = await ok(
      admin.client.post('/api/admin/invite', { email, fullName: 'Ines New', role: 'collaborator' }),
      201,
    );
    const token = (invited.inviteUrl as string).split('/invite/')[1]!;
    const rows = await made(() =>
      ok(new ApiClient(t.app).post(`/api/invite/${token}/accept`, { password: 'welcome-9x' })),
    );
    expect(who(rows)).toEqual([{ userId: admin.user.id, kind: 'invitation_accepted' }]);
    expect(rows[0]!.title).toBe('Ines New accepted your invitation');
  });

  it('an invoice viewed in the portal (the first time) and paid in full tells owners and administrators', async () => {
    const invoice = await ok(
      owner.client.post('/api/invoices', {
        clientId,
        amount: '100.00',
        currency: 'USD',
        status: 'sent',
      }),
      201,
    );
    const { url } = await ok(owner.client.post(`/api/clients/${clientId}/portal-link`), 201);
    const token = (url as string).split('/portal/')[1]!;
    const visitor = new ApiClient(t.app);
    const viewed = await made(() => ok(visitor.get(`/api/portal/${token}/invoices/${invoice.id}`)));
    expect(who(viewed).sort((a, b) => a.userId - b.userId)).toEqual(
      [owner.user.id, admin.user.id]
        .sort((a, b) => a - b)
        .map((userId) => ({ userId, kind: 'invoice_viewed' })),
    );
    expect(viewed[0]!.link).toBe(`/invoices/${invoice.id}`);
    expect(
      await made(() => ok(visitor.get(`/api/portal/${token}/invoices/${invoice.id}`))),
    ).toEqual([]);
    // A part payment tells nobody; the rest, recorded by the administrator, tells the owner.
    const pay = (amount: string) =>
      ok(
        admin.client.post(`/api/invoices/${invoice.id}/payments`, {
          amount,
          date: '2026-11-20',
          method: 'bank_transfer',
        }),
        201,
      );
    expect(await made(() => pay('40.00'))).toEqual([]);
    expect(who(await made(() => pay('60.00')))).toEqual([
      { userId: owner.user.id, kind: 'invoice_paid' },
    ]);
  });

  it('an estimate or proposal answered in the portal tells owners and administrators', async () => {
    const estimate = await ok(
      owner.client.post('/api/estimates', {
        clientId,
        status: 'sent',
        lines: [{ description: 'Design', quantity: '2', unitPrice: '150.00' }],
      }),
      201,
    );
    const proposal = await t.db
      .insertInto('proposals')
      .values({
        workspaceId: owner.workspace.id,
        clientId,
        title: 'Website redesign',
        clientName: 'Acme',
        description: 'Six pages',
        amount: '4000.00',
        status: 'sent',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { url } = await ok(owner.client.post(`/api/clients/${clientId}/portal-link`), 201);
    const token = (url as string).split('/portal/')[1]!;
    const visitor = new ApiClient(t.app);
    const accepted = await made(() =>
      ok(visitor.post(`/api/portal/${token}/estimates/${estimate.id}/accept`, { name: 'Ann' })),
    );
    expect(new Set(who(accepted).map((r) => r.userId))).toEqual(
      new Set([owner.user.id, admin.user.id]),
    );
    expect(accepted.every((r) => r.kind === 'estimate_accepted')).toBe(true);
    expect(accepted).toHaveLength(2);
    const declined = await made(() =>
      ok(visitor.post(`/api/portal/${token}/proposals/${proposal.id}/decline`, { name: 'Ann' })),
    );
    expect(declined.map((r) => r.kind)).toEqual(['proposal_declined', 'proposal_declined']);
    // A refused decision (already decided) tells nobody.
    expect(
      await made(async () => {
        const res = await visitor.post(`/api/portal/${token}/proposals/${proposal.id}/accept`, {
          name: 'Ann',
        });
        expect(res.statusCode).toBe(409);
      }),
    ).toEqual([]);
  });

  it('a timesheet submitted tells its reviewers; approved or rejected tells its member', async () => {
    const week = '2026-11-16';
    await ok(member.client.post('/api/time-entries', { projectId, hours: 2, date: week }), 201);
    const submitted = await made(() => ok(member.client.post('/api/timesheets/submit', { week })));
    // Owners, administrators and project managers review; the member is not told of their own.
    expect(new Set(who(submitted).map((r) => r.userId))).toEqual(
      new Set([owner.user.id, admin.user.id, manager.user.id]),
    );
    expect(submitted).toHaveLength(3);
    expect(submitted.every((r) => r.kind === 'timesheet_submitted')).toBe(true);
    const rejected = await made(() =>
      ok(
        manager.client.post('/api/timesheets/reject', {
          userId: member.user.id,
          week,
          comment: 'Add the task',
        }),
      ),
    );
    expect(who(rejected)).toEqual([{ userId: member.user.id, kind: 'timesheet_rejected' }]);
    expect(rejected[0]!.category).toBe('mention');
    await ok(member.client.post('/api/timesheets/submit', { week }));
    const approved = await made(() =>
      ok(manager.client.post('/api/timesheets/approve', { userId: member.user.id, week })),
    );
    expect(who(approved)).toEqual([{ userId: member.user.id, kind: 'timesheet_approved' }]);
  });

  it('a recurring invoice created by the schedule tells owners and administrators', async () => {
    const template = await ok(
      owner.client.post('/api/recurring-invoices', {
        clientId,
        currency: 'USD',
        lines: [{ description: 'Retainer', quantity: 1, unitPrice: '500' }],
        frequency: 'monthly',
        startDate: '2027-01-01',
        autoSend: false,
      }),
      201,
    );
    const rows = await made(() =>
      runTemplate(
        { ...t.app.services, workspace: { id: owner.workspace.id }, system: systemActor() },
        template.id,
        '2027-01-01',
      ),
    );
    expect(new Set(who(rows).map((r) => r.userId))).toEqual(
      new Set([owner.user.id, admin.user.id]),
    );
    expect(rows.map((r) => r.kind)).toEqual([
      'recurring_invoice_created',
      'recurring_invoice_created',
    ]);
  });

  it('a job failed with no attempt left tells the owners of its workspace, else the platform admins', async () => {
    const platformAdmin = await signUpWithWorkspace(t.app, 'Platform Home');
    await t.db
      .updateTable('users')
      .set({ isAdmin: true })
      .where('id', '=', platformAdmin.user.id)
      .execute();
    let runs = 0;
    const failing: AppQueue<{ workspaceId?: number }> = {
      name: 'notification-test-failing',
      retryLimit: 1,
      retryDelaySeconds: 1,
      async handle() {
        runs += 1;
        throw new Error('boom');
      },
    };
    // Wired as the app wires its own runner (app.ts).
    const jobs = createJobs({
      db: t.db,
      config: { ...t.app.services.config, jobWorkers: true, jobSchedules: false },
      log: t.app.log,
      queues: [failing as AppQueue<never>],
      services: () => t.app.services,
      onFailure: (failure) => tellJobFailure(t.app.services, failure),
    });
    await jobs.start();
    try {
      const before = await lastId();
      await jobs.send(failing.name, { workspaceId: owner.workspace.id });
      await jobs.send(failing.name, {});
      for (let i = 0; i < 100 && (await madeSince(before)).length < 3; i++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const rows = await madeSince(before);
      expect(runs).toBe(4); // two jobs, each tried twice
      expect(rows.every((r) => r.kind === 'job_failed')).toBe(true);
      const platform = rows.filter((r) => r.workspaceId === null).map((r) => r.userId);
      const workspace = rows.filter((r) => r.workspaceId === owner.workspace.id);
      expect(new Set(workspace.map((r) => r.userId))).toEqual(
        new Set([owner.user.id, admin.user.id]),
      );
      expect(workspace).toHaveLength(2);
      const admins = await t.db
        .selectFrom('users')
        .select('id')
        .where('isAdmin', '=', true)
        .where('isActive', '=', true)
        .execute();
      expect(platform).toContain(platformAdmin.user.id);
      expect(new Set(platform)).toEqual(new Set(admins.map((a) => a.id)));
      expect(platform).toHaveLength(admins.length);
    } finally {
      await jobs.stop();
      await t.db
        .updateTable('users')
        .set({ isAdmin: false })
        .where('id', '=', platformAdmin.user.id)
        .execute();
    }
  }, 30_000);

  it('a change rolled back tells nobody and queues no email', async () => {
    const before = await lastId();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await notify(trx, t.app.services.jobs, {
          workspaceId: owner.workspace.id,
          userIds: [member.user.id],
          kind: 'task_assigned',
          category: 'mention',
          title: 'Never',
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await madeSince(before)).toEqual([]);
  });

  it('never tells users outside the workspace, inactive members or the actor', async () => {
    const rows = await made(() =>
      notify(t.db, t.app.services.jobs, {
        workspaceId: owner.workspace.id,
        userIds: [other.user.id, owner.user.id, member.user.id, member.user.id],
        actorUserId: owner.user.id,
        kind: 'invoice_paid',
        category: 'update',
        title: 'Only the member',
      }),
    );
    expect(who(rows)).toEqual([{ userId: member.user.id, kind: 'invoice_paid' }]);
  });
});

describe('the list', () => {
  let reader: Account;
  beforeAll(async () => {
    reader = {
      ...(await joinAs(t, owner.workspace.id, 'collaborator')),
      workspace: owner.workspace,
    };
    const tell = (category: 'mention' | 'update', title: string, userId = reader.user.id) =>
      notify(t.db, t.app.services.jobs, {
        workspaceId: owner.workspace.id,
        userIds: [userId],
        kind: category === 'mention' ? 'task_assigned' : 'invoice_paid',
        category,
        title,
      });
    await tell('mention', 'First mention');
    await tell('update', 'First update');
    await tell('mention', 'Second mention');
    await tell('update', 'Someone else’s', member.user.id);
    // Another workspace of the same user keeps its own.
    await t.db
      .insertInto('userWorkspaces')
      .values({ workspaceId: other.workspace.id, userId: reader.user.id, role: 'collaborator' })
      .execute();
    await notify(t.db, t.app.services.jobs, {
      workspaceId: other.workspace.id,
      userIds: [reader.user.id],
      kind: 'invoice_paid',
      category: 'update',
      title: 'Elsewhere',
    });
  });

  it('answers the caller’s own, newest first, filtered, with totals and the unread count', async () => {
    const all = await reader.client.get('/api/notifications');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().map((n: { title: string }) => n.title)).toEqual([
      'Second mention',
      'First update',
      'First mention',
    ]);
    expect(all.headers['x-total-count']).toBe('3');
    expect(all.headers['x-unread-count']).toBe('3');
    const mentions = await reader.client.get('/api/notifications?filter=mentions&limit=1');
    expect(mentions.json().map((n: { title: string }) => n.title)).toEqual(['Second mention']);
    expect(mentions.headers['x-total-count']).toBe('2');
    const updates = await reader.client.get('/api/notifications?filter=updates');
    expect(updates.json().map((n: { title: string }) => n.title)).toEqual(['First update']);
    expect(await ok(reader.client.get('/api/notifications/unread-count'))).toEqual({ unread: 3 });
    const bad = await reader.client.get('/api/notifications?filter=everything');
    expect(bad.statusCode).toBe(400);
  });

  it('marks read only the caller’s own: one, then all', async () => {
    const list = (await ok<{ id: number; title: string; read: boolean }[]>(
      reader.client.get('/api/notifications'),
    ))!;
    const theirs = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('userId', '=', member.user.id)
      .where('readAt', 'is', null)
      .execute();
    expect(theirs.length).toBeGreaterThan(0);
    const marked = await ok(
      reader.client.post('/api/notifications/read', {
        ids: [list[0]!.id, ...theirs.map((r) => r.id)],
      }),
    );
    expect(marked).toEqual({ marked: 1, unread: 2 });
    const unread = await reader.client.get('/api/notifications?unread=true');
    expect(unread.json().map((n: { title: string }) => n.title)).toEqual([
      'First update',
      'First mention',
    ]);
    // Someone else's cannot be marked, even with all.
    expect(
      await ok(member.client.post('/api/notifications/read', { ids: [list[1]!.id] })),
    ).toMatchObject({
      marked: 0,
    });
    expect(await ok(reader.client.post('/api/notifications/read', { all: true }))).toEqual({
      marked: 2,
      unread: 0,
    });
    const stillTheirs = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('userId', '=', member.user.id)
      .where('readAt', 'is', null)
      .execute();
    expect(stillTheirs).toHaveLength(theirs.length);
    // The other workspace's stays unread there.
    const elsewhere = await t.db
      .selectFrom('notifications')
      .select('readAt')
      .where('userId', '=', reader.user.id)
      .where('workspaceId', '=', other.workspace.id)
      .executeTakeFirstOrThrow();
    expect(elsewhere.readAt).toBeNull();
    expect((await reader.client.post('/api/notifications/read', {})).statusCode).toBe(400);
    expect((await new ApiClient(t.app).get('/api/notifications')).statusCode).toBe(401);
  });
});

describe('emails', () => {
  const idle = () => t.app.services.jobs.idle();

  async function assignTaskTo(account: Account, title: string) {
    await ok(
      owner.client.post('/api/tasks', { title, projectId, assigneeId: account.user.id }),
      201,
    );
    await idle();
  }

  it('go out through the queue only when the master switch and the kind’s switch are on', async () => {
    const emailed = async (title: string) =>
      t.db
        .selectFrom('notifications')
        .select('emailedAt')
        .where('title', '=', `Task assigned to you: ${title}`)
        .executeTakeFirstOrThrow();
    const setPrefs = (values: { emailNotifications: boolean; taskReminders: boolean }) =>
      t.db.updateTable('users').set(values).where('id', '=', member.user.id).execute();

    await setPrefs({ emailNotifications: false, taskReminders: true });
    await assignTaskTo(member, 'Master off');
    await setPrefs({ emailNotifications: true, taskReminders: false });
    await assignTaskTo(member, 'Kind off');
    expect(sink.mails.filter((m) => m.to.includes(member.email.toLowerCase()))).toEqual([]);
    expect((await emailed('Master off')).emailedAt).toBeNull();
    expect((await emailed('Kind off')).emailedAt).toBeNull();

    await setPrefs({ emailNotifications: true, taskReminders: true });
    await assignTaskTo(member, 'Both on');
    const mail = await sink.waitFor(member.email, { match: /Both on/ });
    expect(mail.subject).toBe('Task assigned to you: Both on');
    expect(mail.text).toMatch(/https:\/\/keel\.example\/tasks\?task=\d+/);
    expect((await emailed('Both on')).emailedAt).not.toBeNull();
    expect(sink.mails.filter((m) => m.to.includes(member.email.toLowerCase()))).toHaveLength(1);
  });

  it('a burst for one user waits as one job and emails each notification once', async () => {
    await t.db
      .updateTable('users')
      .set({ emailNotifications: true, projectUpdates: true })
      .where('id', '=', admin.user.id)
      .execute();
    // Waiting jobs for the admin's emails, as `db` (the transaction) sees them.
    const queued = async (db: typeof t.db = t.db) => {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pgboss.job
        where name = 'notification-email' and state = 'created'
          and singleton_key = ${`user-${admin.user.id}`}`.execute(db);
      return rows[0]!.n;
    };
    await t.db.transaction().execute(async (trx) => {
      for (const n of [1, 2, 3]) {
        await notify(trx, t.app.services.jobs, {
          workspaceId: owner.workspace.id,
          userIds: [admin.user.id],
          kind: 'invoice_paid',
          category: 'update',
          title: `Burst ${n}`,
        });
      }
      expect(await queued(trx)).toBe(1);
    });
    await idle();
    expect(await queued()).toBe(0);
    const burst = sink.mails.filter((m) => /^Burst \d$/.test(m.subject)).map((m) => m.subject);
    expect(burst.sort()).toEqual(['Burst 1', 'Burst 2', 'Burst 3']);
  });

  it('checks the preference when sending, not when notifying', async () => {
    await t.db
      .updateTable('users')
      .set({ emailNotifications: true, taskReminders: true })
      .where('id', '=', manager.user.id)
      .execute();
    const { count } = { count: sink.mails.length };
    // Turned off before the job runs: nothing goes out.
    await t.db.transaction().execute(async (trx) => {
      await notify(trx, t.app.services.jobs, {
        workspaceId: owner.workspace.id,
        userIds: [manager.user.id],
        kind: 'task_assigned',
        category: 'mention',
        title: 'Switched off meanwhile',
      });
      await trx
        .updateTable('users')
        .set({ taskReminders: false })
        .where('id', '=', manager.user.id)
        .execute();
    });
    await idle();
    expect(sink.mails.slice(count).filter((m) => /Switched off/.test(m.subject))).toEqual([]);
  });
});
