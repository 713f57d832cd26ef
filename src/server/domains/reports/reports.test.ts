import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minorDigits } from '../../../shared/currencies.ts';
import {
  createTestApp,
  joinAs,
  signUpWithWorkspace,
  type TestApp,
} from '../../../../tests/support/test-app.ts';
import { percentOf, resolvePeriod, toUnits, workingDaysBetween } from './reports.service.ts';

/*
 * Issue 23, items 2–3: income, profitability and utilisation reports, and their CSV. Every
 * figure is checked against sums the test works out itself from the raw rows it inserts,
 * in integer minor units, per currency.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUpWithWorkspace>>;
let other: Awaited<ReturnType<typeof signUpWithWorkspace>>;

type Ids = { [name: string]: number };
const clients: Ids = {};
const projects: Ids = {};
const invoices: Ids = {};

const FROM = '2026-01-01';
const TO = '2026-04-30';
const inPeriod = (date: string | null) => date !== null && date >= FROM && date <= TO;

/** The raw rows, as the test inserts them: what every expected figure is computed from. */
const invoiceRows = [
  // name, client, project, currency, status, issue date, total
  {
    name: 'i1',
    client: 'acme',
    project: 'alpha',
    currency: 'USD',
    status: 'sent',
    issueDate: '2026-01-10',
    amount: '1000.00',
  },
  {
    name: 'i2',
    client: 'evil',
    project: 'beta',
    currency: 'EUR',
    status: 'sent',
    issueDate: '2026-02-05',
    amount: '500.00',
  },
  {
    name: 'i3',
    client: 'acme',
    project: null,
    currency: 'USD',
    status: 'paid',
    issueDate: '2026-03-01',
    amount: '300.00',
  },
  {
    name: 'i4',
    client: 'acme',
    project: 'alpha',
    currency: 'USD',
    status: 'draft',
    issueDate: null,
    amount: '999.00',
  },
  {
    name: 'i5',
    client: 'acme',
    project: 'alpha',
    currency: 'USD',
    status: 'void',
    issueDate: '2026-01-15',
    amount: '777.00',
  },
  {
    name: 'i6',
    client: 'acme',
    project: 'alpha',
    currency: 'USD',
    status: 'paid',
    issueDate: '2025-12-20',
    amount: '200.00',
  },
  {
    name: 'i7',
    client: 'evil',
    project: 'beta',
    currency: 'JPY',
    status: 'sent',
    issueDate: '2026-04-02',
    amount: '12345',
  },
] as const;

const paymentRows = [
  { invoice: 'i1', date: '2026-01-20', amount: '400.10' },
  { invoice: 'i1', date: '2026-03-31', amount: '99.95' },
  { invoice: 'i1', date: '2026-05-01', amount: '50.00' },
  { invoice: 'i1', date: '2025-12-31', amount: '25.00' },
  { invoice: 'i2', date: '2026-02-10', amount: '250.01' },
  { invoice: 'i3', date: '2026-03-02', amount: '300.00' },
  { invoice: 'i6', date: '2026-01-05', amount: '200.00' },
  { invoice: 'i7', date: '2026-04-03', amount: '2345' },
] as const;

const units = (amount: string, currency: string) => toUnits(amount, minorDigits(currency));
const text = (value: bigint, currency: string) => {
  const digits = minorDigits(currency);
  const negative = value < 0n;
  const s = (negative ? -value : value).toString().padStart(digits + 1, '0');
  const whole = s.slice(0, s.length - digits);
  return `${negative ? '-' : ''}${whole}${digits > 0 ? `.${s.slice(s.length - digits)}` : ''}`;
};
const invoiceOf = (name: string) => invoiceRows.find((i) => i.name === name)!;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpWithWorkspace(t.app, 'Money Studio');
  other = await signUpWithWorkspace(t.app, 'Other Money');
  const workspaceId = owner.workspace.id;
  for (const [name, clientName] of [
    ['acme', 'Acme'],
    ['evil', '=HYPERLINK("http://x")'],
  ] as const) {
    const row = await t.db
      .insertInto('clients')
      .values({ workspaceId, name: clientName, email: `${name}@example.com` })
      .returning('id')
      .executeTakeFirstOrThrow();
    clients[name] = row.id;
  }
  for (const [name, projectName, client] of [
    ['alpha', 'Alpha', 'acme'],
    ['beta', 'Beta', 'evil'],
    ['gamma', 'Gamma', null],
  ] as const) {
    const row = await t.db
      .insertInto('projects')
      .values({
        workspaceId,
        name: projectName,
        clientId: client ? clients[client]! : null,
        budgetType: 'time',
        budgetLimit: '0',
        hourlyRate: '100',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    projects[name] = row.id;
  }
  for (const i of invoiceRows) {
    const row = await t.db
      .insertInto('invoices')
      .values({
        workspaceId,
        clientId: clients[i.client]!,
        projectId: i.project ? projects[i.project]! : null,
        currency: i.currency,
        status: i.status,
        issueDate: i.issueDate,
        amount: i.amount,
        invoiceNumber: i.status === 'draft' ? null : `INV-${i.name}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    invoices[i.name] = row.id;
  }
  await t.db
    .insertInto('invoicePayments')
    .values(
      paymentRows.map((p) => ({
        workspaceId,
        invoiceId: invoices[p.invoice]!,
        date: p.date,
        amount: p.amount,
        method: 'bank_transfer',
      })),
    )
    .execute();

  // Another workspace's client, project, invoice and payment in the same period.
  const foreignClient = await t.db
    .insertInto('clients')
    .values({ workspaceId: other.workspace.id, name: 'Foreign Client', email: 'f@example.com' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const foreignProject = await t.db
    .insertInto('projects')
    .values({
      workspaceId: other.workspace.id,
      name: 'Foreign Project',
      clientId: foreignClient.id,
      budgetType: 'time',
      budgetLimit: '0',
      hourlyRate: '100',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const foreignInvoice = await t.db
    .insertInto('invoices')
    .values({
      workspaceId: other.workspace.id,
      clientId: foreignClient.id,
      projectId: foreignProject.id,
      currency: 'USD',
      status: 'sent',
      issueDate: '2026-02-01',
      amount: '5000.00',
      invoiceNumber: 'F-1',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('invoicePayments')
    .values({
      workspaceId: other.workspace.id,
      invoiceId: foreignInvoice.id,
      date: '2026-02-02',
      amount: '5000.00',
      method: 'bank_transfer',
    })
    .execute();
  foreign.projectId = foreignProject.id;
});
afterAll(() => t.close());

const foreign = { projectId: 0 };

async function ok<T = any>(
  res: Promise<{ statusCode: number; body: string; json: () => any }>,
  status = 200,
) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r.json() as T;
}

const paymentsInPeriod = () =>
  paymentRows.filter((p) => inPeriod(p.date)).map((p) => ({ ...p, invoice: invoiceOf(p.invoice) }));

describe('helpers', () => {
  it('rounds, counts working days and fills in the default period', () => {
    expect(toUnits('2.5025', 2)).toBe(250n);
    expect(toUnits('2.505', 2)).toBe(251n);
    expect(toUnits('-2.505', 2)).toBe(-251n);
    expect(toUnits('12345', 0)).toBe(12345n);
    expect(percentOf(1235n, 10000n)).toBe('12.4');
    expect(percentOf(-1235n, 10000n)).toBe('-12.4');
    expect(percentOf(1n, 0n)).toBeNull();
    // 2026-11-02 is a Monday: one week is 5 days, a Saturday alone none.
    expect(workingDaysBetween('2026-11-02', '2026-11-08')).toBe(5);
    expect(workingDaysBetween('2026-11-07', '2026-11-07')).toBe(0);
    expect(workingDaysBetween('2026-11-06', '2026-11-09')).toBe(2);
    const now = new Date('2026-11-27T12:00:00Z');
    expect(resolvePeriod({}, 'UTC', now)).toEqual({ from: '2025-12-01', to: '2026-11-27' });
    expect(resolvePeriod({ to: '2026-02-10' }, 'UTC', now)).toEqual({
      from: '2025-03-01',
      to: '2026-02-10',
    });
    // Early on the 1st in UTC is still the last day of the month before in Los Angeles.
    expect(resolvePeriod({}, 'America/Los_Angeles', new Date('2026-12-01T03:00:00Z')).to).toBe(
      '2026-11-30',
    );
  });
});

describe('income', () => {
  it('sums payments per month and currency, every month present, never across currencies', async () => {
    const report = await ok(owner.client.get(`/api/reports/income?from=${FROM}&to=${TO}`));
    expect(report).toMatchObject({ from: FROM, to: TO, groupBy: 'month', currency: 'USD' });
    const paid = paymentsInPeriod();
    const currencies = [...new Set(paid.map((p) => p.invoice.currency))].sort();
    const months = ['2026-01', '2026-02', '2026-03', '2026-04'];
    const expected = months.flatMap((month) =>
      currencies.map((currency) => {
        const these = paid.filter(
          (p) => p.date.startsWith(month) && p.invoice.currency === currency,
        );
        return {
          key: month,
          label: month,
          month,
          currency,
          amount: text(
            these.reduce((sum, p) => sum + units(p.amount, currency), 0n),
            currency,
          ),
          paymentCount: these.length,
        };
      }),
    );
    expect(report.rows).toMatchObject(expected);
    expect(report.rows).toHaveLength(expected.length);
    expect(report.totals).toEqual(
      currencies.map((currency) => {
        const these = paid.filter((p) => p.invoice.currency === currency);
        return {
          currency,
          amount: text(
            these.reduce((sum, p) => sum + units(p.amount, currency), 0n),
            currency,
          ),
          paymentCount: these.length,
        };
      }),
    );
    // By hand: January in USD is 400.10 + 200.00; April has no USD; JPY has no decimals.
    const row = (month: string, currency: string) =>
      report.rows.find((r: any) => r.month === month && r.currency === currency);
    expect(row('2026-01', 'USD').amount).toBe('600.10');
    expect(row('2026-04', 'USD')).toMatchObject({ amount: '0.00', paymentCount: 0 });
    expect(row('2026-04', 'JPY').amount).toBe('2345');
    // The other workspace's 5,000.00 is nowhere.
    expect(row('2026-02', 'USD').amount).toBe('0.00');
  });

  it('groups by client and by project (invoices without a project in "No project")', async () => {
    const paid = paymentsInPeriod();
    const byClient = await ok(
      owner.client.get(`/api/reports/income?from=${FROM}&to=${TO}&groupBy=client`),
    );
    const clientKeys = [...new Set(paid.map((p) => `${p.invoice.client}|${p.invoice.currency}`))];
    expect(byClient.rows).toHaveLength(clientKeys.length);
    for (const key of clientKeys) {
      const [client, currency] = key.split('|') as [string, string];
      const these = paid.filter(
        (p) => p.invoice.client === client && p.invoice.currency === currency,
      );
      expect(
        byClient.rows.find((r: any) => r.clientId === clients[client] && r.currency === currency),
      ).toMatchObject({
        key: `client-${clients[client]}`,
        amount: text(
          these.reduce((s, p) => s + units(p.amount, currency), 0n),
          currency,
        ),
        paymentCount: these.length,
      });
    }
    expect(byClient.rows.map((r: any) => r.label)).not.toContain('Foreign Client');

    const byProject = await ok(
      owner.client.get(`/api/reports/income?from=${FROM}&to=${TO}&groupBy=project`),
    );
    const none = byProject.rows.find((r: any) => r.key === 'project-none');
    expect(none).toMatchObject({ label: 'No project', projectId: null, currency: 'USD' });
    expect(none.amount).toBe(
      text(
        paid
          .filter((p) => p.invoice.project === null)
          .reduce((s, p) => s + units(p.amount, 'USD'), 0n),
        'USD',
      ),
    );
    const alpha = byProject.rows.find((r: any) => r.projectId === projects.alpha);
    expect(alpha).toMatchObject({ label: 'Alpha', currency: 'USD', amount: '700.05' });
    expect(byProject.rows.some((r: any) => r.projectId === foreign.projectId)).toBe(false);
  });

  it('refuses a period that runs backwards or is too long, and answers a default year', async () => {
    expect(
      (await owner.client.get('/api/reports/income?from=2026-05-01&to=2026-04-30')).statusCode,
    ).toBe(400);
    expect(
      (await owner.client.get('/api/reports/income?from=2016-01-01&to=2026-01-01')).statusCode,
    ).toBe(400);
    expect(
      (await owner.client.get('/api/reports/income?from=2016-01-02&to=2026-01-01')).statusCode,
    ).toBe(200);
    // Only `from`, after today: the default end (today) comes before it.
    expect((await owner.client.get('/api/reports/income?from=2999-01-01')).statusCode).toBe(400);
    expect((await owner.client.get('/api/reports/income?groupBy=week')).statusCode).toBe(400);
    const year = await ok(owner.client.get('/api/reports/income'));
    expect(new Set(year.rows.map((r: any) => r.month)).size).toBe(12);
  });

  it('exports CSV with a byte-order mark, a heading and formulas defused', async () => {
    const res = await owner.client.get(
      `/api/reports/income/export?from=${FROM}&to=${TO}&groupBy=client`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="income.csv"');
    expect(res.body.startsWith('\uFEFFClient,Currency,Amount,Payments\r\n')).toBe(true);
    expect(res.body).toContain('Acme,USD,1000.05,4\r\n');
    expect(res.body).toContain(`"'=HYPERLINK(""http://x"")",EUR,250.01,1\r\n`);
    expect(res.body).not.toContain('Foreign');
  });
});
