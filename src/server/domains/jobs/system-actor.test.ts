import { addDays, format } from 'date-fns';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, signUpWithWorkspace, useOwner } from '../../../../tests/support/test-app.ts';
import type { AppServices, SystemActor, SystemScope } from '../../trpc/context.ts';
import { updateProject } from '../projects/projects.service.ts';
import { deleteWorkspace } from '../workspaces/workspaces.service.ts';
import { createJobs, type QueueDefinition } from './jobs.ts';

/*
 * Issue 37, item 8: background work acts as itself. What a job does is recorded as done by
 * the system (no user), and a job's scope carries no role to pass a member's checks.
 */

const t = useTestApp({ appUrl: 'https://keel.example' });
const owner = useOwner(t, 'Automatic Studio');
let admin: Awaited<ReturnType<typeof signUpWithWorkspace>>;

beforeAll(async () => {
  const res = await owner.client.put('/api/settings/business', { timezone: 'UTC' });
  expect(res.statusCode, res.body).toBe(200);
  // A platform administrator, to read the activity log as the admin console does.
  admin = await signUpWithWorkspace(t.app, 'Platform Home');
  await t.db.updateTable('users').set({ isAdmin: true }).where('id', '=', admin.user.id).execute();
});

/** A date `days` from today (UTC, the workspace's zone here). */
const dayFromToday = (days: number) => format(addDays(new Date(), days), 'yyyy-MM-dd');

async function ok<T = any>(res: Promise<{ statusCode: number; body: string }>, status = 200) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return JSON.parse(r.body) as T;
}

async function newClient(name: string) {
  return ok<{ id: number }>(
    owner.client.post('/api/clients', { name, company: name, email: `billing@${name}.example` }),
    201,
  );
}

/** Runs one round of a queue on the app's own runner, as its cron tick would. */
async function runQueue(name: string) {
  await t.app.services.jobs.send(name, {});
  await t.app.services.jobs.idle();
}

describe('what a job does is recorded as done by the system', () => {
  it('a recurring invoice the schedule makes and sends: the outbox and the activity log say System, not its author', async () => {
    const client = await newClient('retainer');
    const template = await ok<{ id: number }>(
      owner.client.post('/api/recurring-invoices', {
        clientId: client.id,
        currency: 'USD',
        lines: [{ description: 'Retainer', quantity: '1', unitPrice: '800', taxRate: '0' }],
        frequency: 'monthly',
        startDate: dayFromToday(1),
        autoSend: true,
      }),
      201,
    );
    // A day passes: its first period started yesterday, and the schedule's job comes round.
    const yesterday = dayFromToday(-1);
    await t.db
      .updateTable('recurringInvoices')
      .set({ startDate: yesterday, nextPeriodStart: yesterday })
      .where('id', '=', template.id)
      .execute();
    await runQueue('recurring-invoices');

    const detail = await ok<{ invoices: { id: number }[] }>(
      owner.client.get(`/api/recurring-invoices/${template.id}`),
    );
    expect(detail.invoices).toHaveLength(1);
    const invoiceId = detail.invoices[0]!.id;
    const invoice = await ok<{ status: string }>(owner.client.get(`/api/invoices/${invoiceId}`));
    expect(invoice.status).toBe('sent');
    const outbox = await ok<any[]>(owner.client.get(`/api/invoices/${invoiceId}/emails`));
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ kind: 'invoice', actor: 'system', createdBy: null });

    const logged = await ok<any[]>(
      admin.client.get('/api/admin/activity-logs?action=recurring_invoice_created'),
    );
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      actor: 'system',
      userId: null,
      userName: null,
      details: expect.stringContaining(`#${invoiceId}`),
    });
  });

  it('a payment reminder the reminders job queues: the outbox says System', async () => {
    const client = await newClient('reminded');
    await ok(owner.client.put('/api/settings/reminders', { enabled: true, offsets: [7] }));
    const invoice = await ok<{ id: number }>(
      owner.client.post('/api/invoices', {
        clientId: client.id,
        currency: 'USD',
        issueDate: dayFromToday(-30),
        dueDate: dayFromToday(-10),
        status: 'sent',
        lines: [{ description: 'Design work', quantity: '1', unitPrice: '300', taxRate: '0' }],
      }),
      201,
    );
    // Reminders were turned on before the reminder's date (three days ago), which is due.
    await t.db
      .updateTable('invoiceEmailSettings')
      .set({ remindersEnabledAt: sql<Date>`now() - interval '40 days'` })
      .where('workspaceId', '=', owner.workspace.id)
      .execute();
    await runQueue('invoice-reminders');

    const outbox = await ok<any[]>(owner.client.get(`/api/invoices/${invoice.id}/emails`));
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      kind: 'reminder',
      reminderKey: 'after-7',
      actor: 'system',
      createdBy: null,
    });
  });
});

describe("a job's scope", () => {
  it('has no role: what an owner may do (change a project’s rate) is refused, and nothing changes', async () => {
    const project = await ok<{ id: number; hourlyRate: string }>(
      owner.client.post('/api/projects', { name: 'Rated', hourlyRate: '100' }),
      201,
    );
    // The system actor as a job gets it: from the runner, in its handler.
    let system: SystemActor | undefined;
    const probe: QueueDefinition<AppServices> = {
      name: 'system-actor-probe',
      retryLimit: 0,
      async handle(services) {
        system = services.system;
      },
    };
    const jobs = createJobs({
      db: t.db,
      config: t.app.services.config,
      log: t.app.log,
      queues: [probe],
      services: () => t.app.services,
    });
    await jobs.start();
    try {
      await jobs.send(probe.name, {});
      await jobs.idle();
    } finally {
      await jobs.stop();
    }
    expect(system).toBeDefined();
    const scope: SystemScope = { db: t.db, workspace: { id: owner.workspace.id }, system: system! };

    await expect(
      // @ts-expect-error A job's scope is no member's: services that check a role refuse it.
      updateProject(scope, project.id, { hourlyRate: '999' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const after = await ok<{ hourlyRate: string }>(owner.client.get(`/api/projects/${project.id}`));
    expect(after.hourlyRate).toBe(project.hourlyRate);

    // Owner-only work does not compile with it: never run, `npm run typecheck` is the test.
    void (() =>
      // @ts-expect-error Deleting a workspace takes an owner's context, which a job has not.
      deleteWorkspace(scope, owner.workspace.id));
  });
});
