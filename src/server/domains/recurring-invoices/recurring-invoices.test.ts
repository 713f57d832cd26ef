import { addDays, format, parseISO } from 'date-fns';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { EINVOICING_SELLER } from '../../../../tests/support/einvoice-seller.ts';
import { ok } from '../../../../tests/support/responses.ts';
import { POSTGRES_URL } from '../../../../tests/support/postgres.ts';
import { useTwoWorkspaces, joinAs } from '../../../../tests/support/test-app.ts';
import { createDb } from '../../db/create-db.ts';
import type { Mail } from '../../plugins/mailer.ts';
import { systemActor } from '../jobs/jobs.ts';
import {
  invoicePeriod,
  runRecurringInvoices,
  type ScheduleJobServices,
} from './recurring-invoices.schedule.ts';

/* Issue 21, item 5: recurring invoices, one invoice per period whatever runs the schedule. */

const { t, owner, other } = useTwoWorkspaces('Retainer Studio', 'Other Studio', {
  appUrl: 'https://keel.example',
});
const mails: Mail[] = [];
let services: ScheduleJobServices;

beforeAll(async () => {
  for (const account of [owner, other]) {
    const res = await account.client.put('/api/settings/business', { timezone: 'UTC' });
    expect(res.statusCode, res.body).toBe(200);
  }
  services = {
    db: t.db,
    config: t.app.services.config,
    jobs: t.app.services.jobs,
    system: systemActor(),
    mailer: {
      delivers: true,
      send: async (mail) => {
        mails.push(mail);
      },
    },
  };
});

const todayUtc = () => new Date().toISOString().slice(0, 10);
const day = (base: string, n: number) => format(addDays(parseISO(base), n), 'yyyy-MM-dd');
/** Midday UTC of a date: the fake clock of a run. */
const at = (date: string) => new Date(`${date}T12:00:00Z`);

let clientCount = 0;
async function newClient(account = owner, fields: object = {}) {
  clientCount++;
  return ok<{ id: number }>(
    account.client.post('/api/clients', {
      name: `Client ${clientCount}`,
      company: `Retainer Co ${clientCount}`,
      email: `billing-${clientCount}@client.example`,
      ...fields,
    }),
    201,
  );
}

const LINES = [
  { description: 'Monthly retainer', quantity: '1', unitPrice: '1000', taxRate: '20' },
  { description: 'Hosting', quantity: '2', unitPrice: '25.50', taxRate: '0' },
];

async function newTemplate(fields: object, account = owner) {
  const client = await newClient(account);
  return ok<any>(
    account.client.post('/api/recurring-invoices', {
      clientId: client.id,
      currency: 'EUR',
      lines: LINES,
      frequency: 'monthly',
      startDate: '2027-01-01',
      autoSend: false,
      ...fields,
    }),
    201,
  );
}

/** The invoices of a template, by period. */
async function invoicesOf(templateId: number) {
  return t.db
    .selectFrom('invoices')
    .select([
      'id',
      'recurringPeriodStart',
      'issueDate',
      'dueDate',
      'status',
      'amount',
      'workspaceId',
    ])
    .where('recurringInvoiceId', '=', templateId)
    .orderBy('recurringPeriodStart')
    .execute();
}

const periodsOf = async (templateId: number) =>
  (await invoicesOf(templateId)).map((i) => i.recurringPeriodStart);

/** Only this template runs: the others are paused for the time of `run`. */
async function alone<T>(templateId: number, run: () => Promise<T>): Promise<T> {
  const others = await t.db
    .updateTable('recurringInvoices')
    .set({ status: 'paused' })
    .where('id', '!=', templateId)
    .where('status', '=', 'active')
    .returning('id')
    .execute();
  try {
    return await run();
  } finally {
    if (others.length > 0) {
      await t.db
        .updateTable('recurringInvoices')
        .set({ status: 'active' })
        .where(
          'id',
          'in',
          others.map((o) => o.id),
        )
        .execute();
    }
  }
}

describe('the REST paths', () => {
  it('creates a template with its totals, next date and upcoming dates, and lists it', async () => {
    const made = await newTemplate({
      discount: { type: 'percent', value: '10' },
      notes: 'Thank you',
      paymentTermsDays: 14,
    });
    expect(made).toMatchObject({
      currency: 'EUR',
      frequency: 'monthly',
      startDate: '2027-01-01',
      status: 'active',
      nextIssueDate: '2027-01-01',
      autoSend: false,
      paymentTermsDays: 14,
      discount: { type: 'percent', value: '10.00' },
      // (1000 + 51) − 10 % = 945.90; tax 20 % of 900 = 180
      subtotal: '1051.00',
      total: '1125.90',
      invoiceCount: 0,
      upcoming: ['2027-01-01', '2027-02-01', '2027-03-01', '2027-04-01', '2027-05-01'],
      invoices: [],
    });
    expect(made.lines).toEqual([
      {
        serviceId: null,
        description: 'Monthly retainer',
        quantity: '1.00',
        unit: null,
        unitPrice: '1000.00',
        taxRate: '20',
        // Derived for e-invoices (issue 41): no unit is "one" (C62), a taxed line standard.
        unitCode: 'C62',
        taxCategory: 'S',
        taxExemptionReason: null,
      },
      {
        serviceId: null,
        description: 'Hosting',
        quantity: '2.00',
        unit: null,
        unitPrice: '25.50',
        taxRate: '0',
        unitCode: 'C62',
        taxCategory: 'Z',
        taxExemptionReason: null,
      },
    ]);
    const list = await owner.client.get('/api/recurring-invoices');
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBeDefined();
    expect(list.json()).toContainEqual(
      expect.objectContaining({ id: made.id, total: '1125.90', nextIssueDate: '2027-01-01' }),
    );
    expect(await ok(owner.client.get(`/api/recurring-invoices/${made.id}`))).toMatchObject({
      id: made.id,
      lines: made.lines,
    });
  });

  it('takes the client’s currency when none is given', async () => {
    const client = await newClient(owner, { currency: 'JPY' });
    const made = await ok<any>(
      owner.client.post('/api/recurring-invoices', {
        clientId: client.id,
        lines: [{ description: 'Support', quantity: 1, unitPrice: '5000' }],
        frequency: 'yearly',
        startDate: '2027-06-15',
      }),
      201,
    );
    expect(made).toMatchObject({ currency: 'JPY', total: '5000', autoSend: false });
  });

  it('refuses invalid templates with the field at fault', async () => {
    const client = await newClient();
    const base = {
      clientId: client.id,
      currency: 'EUR',
      lines: LINES,
      frequency: 'monthly',
      startDate: '2027-01-01',
    };
    const cases: [object, string, string][] = [
      [{ lines: [] }, 'lines', 'Add at least one line'],
      [
        { frequency: 'daily' },
        'frequency',
        'Frequency must be weekly, monthly, quarterly or yearly',
      ],
      [{ startDate: '2027-02-30' }, 'startDate', 'Invalid date'],
      [
        { endAfterCount: 3, endDate: '2027-12-31' },
        'endDate',
        'Choose one end: after a number of invoices or on a date',
      ],
      [{ endDate: '2026-12-31' }, 'endDate', 'The end date must be on or after the start date'],
      [{ endAfterCount: 0 }, 'endAfterCount', 'The number of invoices must be at least 1'],
      [
        { lines: [{ description: '', quantity: '1', unitPrice: '1' }] },
        'lines.0.description',
        'Description is required',
      ],
      [
        { paymentTermsDays: 400 },
        'paymentTermsDays',
        'Payment terms must be between 0 and 365 days',
      ],
    ];
    for (const [change, path, message] of cases) {
      const res = await owner.client.post('/api/recurring-invoices', { ...base, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().details, JSON.stringify(change)).toContainEqual({ path, message });
    }
    const past = await owner.client.post('/api/recurring-invoices', {
      ...base,
      startDate: day(todayUtc(), -1),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toBe('The start date must be today or later');
    const decimals = await owner.client.post('/api/recurring-invoices', {
      ...base,
      currency: 'JPY',
      lines: [{ description: 'x', quantity: '1', unitPrice: '10.5' }],
    });
    expect(decimals.statusCode).toBe(400);
    expect(decimals.json().error).toBe('Line 1: JPY amounts have no decimals');
    expect(
      (await owner.client.post('/api/recurring-invoices', { ...base, clientId: 99_999_999 }))
        .statusCode,
    ).toBe(404);
  });

  it('keeps each workspace’s templates to itself', async () => {
    const mine = await newTemplate({});
    const theirClient = await newClient(other);
    expect(
      (await owner.client.post('/api/recurring-invoices', { ...mine, clientId: theirClient.id }))
        .statusCode,
    ).toBe(404);
    expect((await other.client.get(`/api/recurring-invoices/${mine.id}`)).statusCode).toBe(404);
    expect(
      (await other.client.put(`/api/recurring-invoices/${mine.id}`, { status: 'paused' }))
        .statusCode,
    ).toBe(404);
    expect((await other.client.delete(`/api/recurring-invoices/${mine.id}`)).statusCode).toBe(404);
    const theirs = await ok<any[]>(other.client.get('/api/recurring-invoices'));
    expect(theirs.map((r) => r.id)).not.toContain(mine.id);
    expect(await ok(owner.client.get(`/api/recurring-invoices/${mine.id}`))).toMatchObject({
      status: 'active',
    });
  });

  it('lets collaborators read and refuses them changes', async () => {
    const made = await newTemplate({});
    const member = await joinAs(t, owner.workspace.id, 'collaborator');
    expect((await member.client.get(`/api/recurring-invoices/${made.id}`)).statusCode).toBe(200);
    expect(
      (await member.client.put(`/api/recurring-invoices/${made.id}`, { status: 'paused' }))
        .statusCode,
    ).toBe(403);
    expect((await member.client.delete(`/api/recurring-invoices/${made.id}`)).statusCode).toBe(403);
  });

  it('edits, pauses and resumes a template; its schedule stays once started', async () => {
    const made = await newTemplate({ startDate: '2027-03-01' });
    const edited = await ok<any>(
      owner.client.put(`/api/recurring-invoices/${made.id}`, {
        lines: [{ description: 'New retainer', quantity: '1', unitPrice: '2000', taxRate: '0' }],
        frequency: 'quarterly',
        endAfterCount: 4,
      }),
    );
    expect(edited).toMatchObject({
      total: '2000.00',
      frequency: 'quarterly',
      endAfterCount: 4,
      endDate: null,
      upcoming: ['2027-03-01', '2027-06-01', '2027-09-01', '2027-12-01'],
    });
    // An end date replaces the number of invoices.
    expect(
      await ok(owner.client.put(`/api/recurring-invoices/${made.id}`, { endDate: '2027-08-31' })),
    ).toMatchObject({
      endAfterCount: null,
      endDate: '2027-08-31',
      upcoming: ['2027-03-01', '2027-06-01'],
    });
    const paused = await ok<any>(
      owner.client.put(`/api/recurring-invoices/${made.id}`, { status: 'paused' }),
    );
    expect(paused).toMatchObject({ status: 'paused', upcoming: [] });
    await alone(made.id, () => runRecurringInvoices(services, at('2027-03-02')));
    expect(await periodsOf(made.id)).toEqual([]);
    expect(
      await ok(owner.client.put(`/api/recurring-invoices/${made.id}`, { status: 'active' })),
    ).toMatchObject({ status: 'active', nextIssueDate: '2027-03-01' });
    await alone(made.id, () => runRecurringInvoices(services, at('2027-03-02')));
    expect(await periodsOf(made.id)).toEqual(['2027-03-01']);
    const refused = await owner.client.put(`/api/recurring-invoices/${made.id}`, {
      frequency: 'monthly',
    });
    expect(refused.statusCode).toBe(409);
    expect(
      (await owner.client.put(`/api/recurring-invoices/${made.id}`, { frequency: 'quarterly' }))
        .statusCode,
    ).toBe(200);
  });

  it('deletes a template and keeps the invoices it made', async () => {
    const made = await newTemplate({ startDate: '2027-04-01' });
    await alone(made.id, () => runRecurringInvoices(services, at('2027-04-01')));
    const [invoice] = await invoicesOf(made.id);
    expect(invoice).toBeDefined();
    expect(await ok(owner.client.get(`/api/recurring-invoices/${made.id}`))).toMatchObject({
      invoiceCount: 1,
      invoices: [{ id: invoice!.id, periodStart: '2027-04-01' }],
    });
    await ok(owner.client.delete(`/api/recurring-invoices/${made.id}`));
    expect((await owner.client.get(`/api/recurring-invoices/${made.id}`)).statusCode).toBe(404);
    expect(await ok(owner.client.get(`/api/invoices/${invoice!.id}`))).toMatchObject({
      id: invoice!.id,
      status: 'draft',
    });
  });

  it('invoices a template that starts today at once', async () => {
    const made = await newTemplate({ startDate: todayUtc() });
    expect(made).toMatchObject({ invoiceCount: 1, nextIssueDate: expect.any(String) });
    expect(made.invoices).toEqual([
      expect.objectContaining({ periodStart: todayUtc(), issueDate: todayUtc(), status: 'draft' }),
    ]);
  });
});

describe('the schedule', () => {
  it('gives each invoice the template’s units, even once the service is archived', async () => {
    const service = await ok<{ id: number }>(
      owner.client.post('/api/services', {
        name: 'Care plan',
        unit: 'month',
        unitPrice: '300',
        currency: 'EUR',
      }),
      201,
    );
    const made = await newTemplate({
      startDate: '2027-02-01',
      lines: [
        { serviceId: service.id, quantity: '1' },
        { description: 'Support', quantity: '1.5', unitPrice: '80', unit: 'hour' },
        { description: 'Domain', quantity: '1', unitPrice: '12' },
      ],
    });
    await ok(owner.client.put(`/api/services/${service.id}`, { archived: true, unit: 'year' }));
    await alone(made.id, () => runRecurringInvoices(services, at('2027-02-01')));
    const [invoice] = await invoicesOf(made.id);
    const detail = await ok<any>(owner.client.get(`/api/invoices/${invoice!.id}`));
    expect(
      detail.lines.map((l: { description: string; unit: string | null }) => [
        l.description,
        l.unit,
      ]),
    ).toEqual([
      ['Care plan', 'month'],
      ['Support', 'hour'],
      ['Domain', null],
    ]);
  });

  it('makes exactly one invoice per month over a year, month ends clamped', async () => {
    const made = await newTemplate({ startDate: '2027-01-31', paymentTermsDays: 10 });
    mails.length = 0;
    await alone(made.id, async () => {
      // A run every day, and a second one on some days.
      for (let d = '2027-01-29'; d <= '2028-02-02'; d = day(d, 1)) {
        await runRecurringInvoices(services, at(d));
        if (d.endsWith('-15') || d.endsWith('-28')) await runRecurringInvoices(services, at(d));
      }
    });
    const invoices = await invoicesOf(made.id);
    expect(invoices.map((i) => i.recurringPeriodStart)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
      '2027-07-31',
      '2027-08-31',
      '2027-09-30',
      '2027-10-31',
      '2027-11-30',
      '2027-12-31',
      '2028-01-31',
    ]);
    for (const invoice of invoices) {
      expect(invoice).toMatchObject({
        issueDate: invoice.recurringPeriodStart,
        dueDate: day(invoice.recurringPeriodStart!, 10),
        status: 'draft',
        workspaceId: owner.workspace.id,
      });
    }
    const detail = await ok<any>(owner.client.get(`/api/invoices/${invoices[0]!.id}`));
    expect(detail).toMatchObject({ currency: 'EUR', total: '1251.00', notes: null });
    expect(
      detail.lines.map((l: any) => [l.description, l.quantity, l.unitPrice, l.taxRate]),
    ).toEqual([
      ['Monthly retainer', '1.00', '1000.00', '20'],
      ['Hosting', '2.00', '25.50', '0'],
    ]);
    // One period at a time: nobody was told of a catch-up.
    expect(mails).toEqual([]);
    expect(await ok(owner.client.get(`/api/recurring-invoices/${made.id}`))).toMatchObject({
      invoiceCount: 13,
      nextIssueDate: '2028-02-29',
    });
  });

  it('ends after the number of invoices, and on the end date', async () => {
    const counted = await newTemplate({
      frequency: 'weekly',
      startDate: '2027-05-03',
      endAfterCount: 3,
    });
    const dated = await newTemplate({
      frequency: 'quarterly',
      startDate: '2027-05-03',
      endDate: '2027-11-03',
    });
    const yearly = await newTemplate({
      frequency: 'yearly',
      startDate: '2027-05-03',
      endAfterCount: 2,
    });
    for (let d = '2027-05-01'; d <= '2030-01-01'; d = day(d, 7)) {
      await runRecurringInvoices(services, at(d));
    }
    expect(await periodsOf(counted.id)).toEqual(['2027-05-03', '2027-05-10', '2027-05-17']);
    expect(await periodsOf(dated.id)).toEqual(['2027-05-03', '2027-08-03', '2027-11-03']);
    expect(await periodsOf(yearly.id)).toEqual(['2027-05-03', '2028-05-03']);
    for (const { id } of [counted, dated, yearly]) {
      expect(await ok(owner.client.get(`/api/recurring-invoices/${id}`))).toMatchObject({
        status: 'ended',
        nextIssueDate: null,
        upcoming: [],
      });
    }
    const ended = await ok<any[]>(owner.client.get('/api/recurring-invoices?status=ended'));
    expect(ended.map((r) => r.id)).toEqual(
      expect.arrayContaining([counted.id, dated.id, yearly.id]),
    );
  }, 120_000); // 140 weekly runs of the schedule: a minute on a busy two-core machine

  it('after five missed months creates exactly those five and tells the owner once', async () => {
    const made = await newTemplate({ startDate: '2027-07-01' });
    await alone(made.id, async () => {
      await runRecurringInvoices(services, at('2027-07-01'));
      expect(await periodsOf(made.id)).toEqual(['2027-07-01']);
      mails.length = 0;
      // Down from July 2 to December 1: August to December are due.
      const run = await runRecurringInvoices(services, at('2027-12-01'));
      expect(run).toMatchObject({ created: 5, skipped: 0, notices: 1 });
      await runRecurringInvoices(services, at('2027-12-01'));
      await runRecurringInvoices(services, at('2027-12-20'));
    });
    expect(await periodsOf(made.id)).toEqual([
      '2027-07-01',
      '2027-08-01',
      '2027-09-01',
      '2027-10-01',
      '2027-11-01',
      '2027-12-01',
    ]);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(owner.email);
    expect(mails[0]!.subject).toMatch(/5 periods invoiced at once/);
    expect(mails[0]!.text).toContain('Retainer Studio');
    expect(mails[0]!.text.match(/^- Draft dated 2027-\d\d-01, €1,251\.00/gm)).toHaveLength(5);
    expect(mails[0]!.text).toContain(`https://keel.example/recurring-invoices/${made.id}`);
  });

  it('never floods: past twelve missed periods the older ones are skipped, and said so', async () => {
    const made = await newTemplate({
      frequency: 'weekly',
      startDate: '2027-01-04',
      endAfterCount: 14,
    });
    mails.length = 0;
    // Weeks 0 to 20 are due at the first run: the last 12 are invoiced.
    const run = await alone(made.id, () => runRecurringInvoices(services, at('2027-05-24')));
    expect(run).toMatchObject({ created: 12, skipped: 9, notices: 1 });
    const periods = await periodsOf(made.id);
    expect(periods).toHaveLength(12);
    expect(periods[0]).toBe('2027-03-08');
    expect(periods.at(-1)).toBe('2027-05-24');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/12 created, 9 skipped/);
    expect(mails[0]!.text).toContain('2027-01-04, 2027-01-11');
    // Skipped periods do not count towards the 14 invoices: two more follow.
    await alone(made.id, async () => {
      for (let d = '2027-05-25'; d <= '2027-08-01'; d = day(d, 1))
        await runRecurringInvoices(services, at(d));
    });
    expect((await periodsOf(made.id)).slice(12)).toEqual(['2027-05-31', '2027-06-07']);
  });

  it('issues and emails each invoice when it sends automatically, or tells the owner why not', async () => {
    const made = await newTemplate({ startDate: '2027-09-01', autoSend: true });
    mails.length = 0;
    const run = await alone(made.id, () => runRecurringInvoices(services, at('2027-09-01')));
    expect(run).toMatchObject({ created: 1, sent: 1, notices: 0 });
    const [invoice] = await invoicesOf(made.id);
    const detail = await ok<any>(owner.client.get(`/api/invoices/${invoice!.id}`));
    expect(detail).toMatchObject({ status: 'sent', issueDate: '2027-09-01' });
    expect(detail.invoiceNumber).toMatch(/^INV-\d{4}$/);
    await t.app.services.jobs.idle();
    const emails = await ok<any[]>(owner.client.get(`/api/invoices/${invoice!.id}/emails`));
    expect(emails).toEqual([
      expect.objectContaining({ kind: 'invoice', to: made.client.email, status: 'logged' }),
    ]);
    expect(mails).toEqual([]);

    // A client without a billing email: the invoice stays a draft and the owner hears why.
    await t.db.updateTable('clients').set({ email: '' }).where('id', '=', made.clientId).execute();
    const second = await alone(made.id, () => runRecurringInvoices(services, at('2027-10-01')));
    expect(second).toMatchObject({ created: 1, sent: 0, notices: 1 });
    const [, unsent] = await invoicesOf(made.id);
    expect(unsent).toMatchObject({ recurringPeriodStart: '2027-10-01', status: 'draft' });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/could not be sent/);
    expect(mails[0]!.text).toContain('no billing email');

    // A catch-up sends only the latest period; the earlier one waits as a draft.
    await t.db
      .updateTable('clients')
      .set({ email: 'billing-again@client.example' })
      .where('id', '=', made.clientId)
      .execute();
    mails.length = 0;
    const third = await alone(made.id, () => runRecurringInvoices(services, at('2027-12-01')));
    expect(third).toMatchObject({ created: 2, sent: 1, notices: 1 });
    const [, , november, december] = await invoicesOf(made.id);
    expect(november).toMatchObject({ recurringPeriodStart: '2027-11-01', status: 'draft' });
    expect(december).toMatchObject({ recurringPeriodStart: '2027-12-01', status: 'sent' });
    expect(mails[0]!.text).toMatch(
      /draft, not sent: it was due while the schedule was not running/,
    );
    expect(mails[0]!.text).toContain('issued and emailed to the client');
  });

  it('with e-invoicing on, a draft the rules refuse stays a draft, is kept on the template and told', async () => {
    const on = await owner.client.put('/api/settings/business', {
      legalName: 'Retainer Studio SARL',
      ...EINVOICING_SELLER,
      einvoicing: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    try {
      // The client has no address nor country: EN 16931 refuses the buyer.
      const made = await newTemplate({ startDate: '2028-01-01', autoSend: true });
      mails.length = 0;
      const run = await alone(made.id, () => runRecurringInvoices(services, at('2028-01-01')));
      expect(run).toMatchObject({ created: 1, sent: 0, notices: 1 });
      const [refused] = await invoicesOf(made.id);
      expect(refused).toMatchObject({ recurringPeriodStart: '2028-01-01', status: 'draft' });
      const draft = await ok<any>(owner.client.get(`/api/invoices/${refused!.id}`));
      expect(draft).toMatchObject({ status: 'draft', invoiceNumber: null });
      await t.app.services.jobs.idle();
      expect(await ok<any[]>(owner.client.get(`/api/invoices/${refused!.id}/emails`))).toEqual([]);

      // The same first rule as the editor's check names.
      const check = await owner.client.post(`/api/invoices/${refused!.id}/einvoice/validate`);
      const first = check.json().errors[0];
      expect(first.rule).toMatch(/^BR-/);
      const template = await ok<any>(owner.client.get(`/api/recurring-invoices/${made.id}`));
      expect(template.lastFailure).toEqual({
        at: expect.any(String),
        invoiceId: refused!.id,
        rule: first.rule,
        message: first.message,
      });
      const listed = await ok<any[]>(
        owner.client.get(`/api/recurring-invoices?clientId=${made.clientId}`),
      );
      expect(listed[0]!.lastFailure).toMatchObject({ rule: first.rule });

      const notifications = await ok<any[]>(owner.client.get('/api/notifications?limit=100'));
      const told = notifications.find(
        (n: any) => n.kind === 'recurring_invoice_unsent' && n.link === `/invoices/${refused!.id}`,
      );
      expect(told).toMatchObject({
        title: `Recurring invoice for ${made.client.company} was not sent`,
        body: expect.stringContaining(
          'The draft invoice dated 2028-01-01, €1,251.00, stays a draft.',
        ),
      });
      expect(told.body).toContain(`${first.rule}: ${first.message}`);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(`it breaks the e-invoicing rule ${first.rule}`);

      // Fixed meanwhile: the next period is issued and sent, and the failure is cleared.
      await t.db
        .updateTable('clients')
        .set({
          countryCode: 'FR',
          street: '3 quai Saint-Vincent',
          city: 'Lyon',
          postalCode: '69001',
        })
        .where('id', '=', made.clientId)
        .execute();
      const next = await alone(made.id, () => runRecurringInvoices(services, at('2028-02-01')));
      expect(next).toMatchObject({ created: 1, sent: 1 });
      const [, february] = await invoicesOf(made.id);
      expect(february).toMatchObject({ recurringPeriodStart: '2028-02-01', status: 'sent' });
      const after = await ok<any>(owner.client.get(`/api/recurring-invoices/${made.id}`));
      expect(after.lastFailure).toBeNull();
      expect(after.nextIssueDate).toBe('2028-03-01');
    } finally {
      await owner.client.put('/api/settings/business', { einvoicing: false });
    }
  });

  it('runs each workspace in its own time zone and keeps invoices in their workspace', async () => {
    await ok(other.client.put('/api/settings/business', { timezone: 'Pacific/Auckland' }));
    const theirs = await newTemplate({ startDate: '2027-10-01' }, other);
    const mine = await newTemplate({ startDate: '2027-10-01' });
    // 2027-09-30 12:00 UTC is already October 1 in Auckland (UTC+13), not in UTC.
    await runRecurringInvoices(services, at('2027-09-30'));
    expect(await invoicesOf(theirs.id)).toEqual([
      expect.objectContaining({
        recurringPeriodStart: '2027-10-01',
        workspaceId: other.workspace.id,
      }),
    ]);
    expect(await invoicesOf(mine.id)).toEqual([]);
    await runRecurringInvoices(services, at('2027-10-01'));
    expect(await periodsOf(mine.id)).toEqual(['2027-10-01']);
    expect(await ok<any[]>(other.client.get('/api/invoices'))).toEqual([
      expect.objectContaining({ clientId: theirs.clientId }),
    ]);
  });
});

describe('the recurring-invoices queue', () => {
  it('runs the schedule at the time it runs', async () => {
    const made = await newTemplate({ startDate: todayUtc() });
    // As if the server had been down when it was saved: today's period is still due.
    await t.db.deleteFrom('invoices').where('recurringInvoiceId', '=', made.id).execute();
    await t.db
      .updateTable('recurringInvoices')
      .set({ periodIndex: 0, invoicedCount: 0, nextPeriodStart: todayUtc() })
      .where('id', '=', made.id)
      .execute();
    await t.app.services.jobs.send('recurring-invoices', {});
    await t.app.services.jobs.idle();
    expect(await periodsOf(made.id)).toEqual([todayUtc()]);
  });
});

describe('exactly once', () => {
  it('two runs at once on one database create one invoice per period', async () => {
    const made = await newTemplate({ frequency: 'weekly', startDate: '2028-01-03' });
    await alone(made.id, async () => {
      for (let d = '2028-01-03'; d <= '2028-03-27'; d = day(d, 7)) {
        await Promise.all([
          runRecurringInvoices(services, at(d)),
          runRecurringInvoices(services, at(d)),
        ]);
      }
      // And a catch-up of four weeks, raced.
      await Promise.all([
        runRecurringInvoices(services, at('2028-04-24')),
        runRecurringInvoices(services, at('2028-04-24')),
      ]);
    });
    const periods = await periodsOf(made.id);
    expect(periods).toHaveLength(17);
    expect(new Set(periods).size).toBe(17);
  });

  it('without the run’s claim, two invoicings of one period at once still make one invoice', async () => {
    const made = await newTemplate({ startDate: '2028-04-03', frequency: 'weekly' });
    const period = { index: 0, start: '2028-04-03' };
    const outcomes = await Promise.all(
      [1, 2, 3].map(() =>
        invoicePeriod({ ...services, workspace: { id: owner.workspace.id } }, made.id, period),
      ),
    );
    expect(outcomes.filter((o) => typeof o === 'object')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'stop')).toHaveLength(2);
    expect(await periodsOf(made.id)).toEqual(['2028-04-03']);
    expect(await ok(owner.client.get(`/api/recurring-invoices/${made.id}`))).toMatchObject({
      invoiceCount: 1,
      nextIssueDate: '2028-04-10',
    });
  });

  it('refuses a second invoice for a period (the unique constraint)', async () => {
    const made = await newTemplate({ startDate: '2028-05-01' });
    await alone(made.id, () => runRecurringInvoices(services, at('2028-05-01')));
    const [invoice] = await invoicesOf(made.id);
    const copy = t.db
      .insertInto('invoices')
      .values({
        workspaceId: owner.workspace.id,
        clientId: made.clientId,
        amount: '0',
        status: 'draft',
        recurringInvoiceId: made.id,
        recurringPeriodStart: invoice!.recurringPeriodStart,
      })
      .execute();
    await expect(copy).rejects.toThrow(/invoices_recurring_period_key|unique/i);
    // Sent back to that period, the template makes no second invoice either.
    await t.db
      .updateTable('recurringInvoices')
      .set({ periodIndex: 0, invoicedCount: 0, nextPeriodStart: '2028-05-01' })
      .where('id', '=', made.id)
      .execute();
    await alone(made.id, () => runRecurringInvoices(services, at('2028-05-02')));
    expect(await periodsOf(made.id)).toEqual(['2028-05-01']);
  });

  it('a run killed half-way is finished by the next one, without repeats', async () => {
    const made = await newTemplate({ startDate: '2028-06-01' });
    await alone(made.id, async () => {
      // The first run got through June to August, then its server died holding the claim.
      await runRecurringInvoices(services, at('2028-08-15'));
      expect(await periodsOf(made.id)).toHaveLength(3);
      await t.db
        .updateTable('recurringInvoices')
        .set({ claimedUntil: sql<Date>`now() + interval '10 minutes'` })
        .where('id', '=', made.id)
        .execute();
      // While the claim lasts another run leaves the template alone…
      await runRecurringInvoices(services, at('2028-10-15'));
      expect(await periodsOf(made.id)).toHaveLength(3);
      // …and once it has expired, goes on from September.
      await t.db
        .updateTable('recurringInvoices')
        .set({ claimedUntil: sql<Date>`now() - interval '1 second'` })
        .where('id', '=', made.id)
        .execute();
      await runRecurringInvoices(services, at('2028-10-15'));
    });
    expect(await periodsOf(made.id)).toEqual([
      '2028-06-01',
      '2028-07-01',
      '2028-08-01',
      '2028-09-01',
      '2028-10-01',
    ]);
  });

  it.runIf(POSTGRES_URL)(
    'two servers (two connection pools) running a month at once make one invoice per period',
    async () => {
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
      const url = new URL(POSTGRES_URL!);
      url.pathname = `/${rows[0]!.name}`;
      const second = await createDb({ databaseUrl: url.toString(), poolSize: 5 });
      try {
        const made = await newTemplate({ frequency: 'weekly', startDate: '2029-01-01' });
        const daily = await newTemplate({ frequency: 'weekly', startDate: '2029-01-02' });
        const secondServices = { ...services, db: second.db };
        for (let d = '2029-01-01'; d <= '2029-01-31'; d = day(d, 1)) {
          await Promise.all([
            runRecurringInvoices(services, at(d)),
            runRecurringInvoices(secondServices, at(d)),
          ]);
        }
        // A catch-up, raced by both servers.
        await Promise.all([
          runRecurringInvoices(services, at('2029-03-01')),
          runRecurringInvoices(secondServices, at('2029-03-01')),
        ]);
        for (const { id } of [made, daily]) {
          const periods = await periodsOf(id);
          expect(periods).toHaveLength(9);
          expect(new Set(periods).size).toBe(9);
        }
      } finally {
        await second.close();
      }
    },
  );
});
