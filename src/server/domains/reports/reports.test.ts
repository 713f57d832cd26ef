import { beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../../../tests/support/responses.ts';
import { minorDigits } from '../../../shared/currencies.ts';
import { useTwoWorkspaces, joinAs } from '../../../../tests/support/test-app.ts';
import { percentOf, resolvePeriod, toUnits, workingDaysBetween } from './reports.service.ts';

/*
 * Issue 23, items 2–3: income, profitability and utilisation reports, and their CSV. Every
 * figure is checked against sums the test works out itself from the raw rows it inserts,
 * in integer minor units, per currency.
 */

const { t, owner, other } = useTwoWorkspaces('Money Studio', 'Other Money');

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

const foreign = { projectId: 0 };

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
          // These invoices carry no tax (issue 38's nets are in net-revenue.test.ts).
          net: text(
            these.reduce((sum, p) => sum + units(p.amount, currency), 0n),
            currency,
          ),
          tax: text(0n, currency),
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
          // These invoices carry no tax (issue 38's nets are in net-revenue.test.ts).
          net: text(
            these.reduce((sum, p) => sum + units(p.amount, currency), 0n),
            currency,
          ),
          tax: text(0n, currency),
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
    expect(res.body.startsWith('\uFEFFClient,Currency,Amount,Net,Tax,Payments\r\n')).toBe(true);
    expect(res.body).toContain('Acme,USD,1000.05,1000.05,0.00,4\r\n');
    expect(res.body).toContain(`"'=HYPERLINK(""http://x"")",EUR,250.01,250.01,0.00,1\r\n`);
    expect(res.body).not.toContain('Foreign');
  });
});

/** Time and expenses: inserted once, for profitability and utilisation. */
const people: Record<string, { id: number; client: any }> = {};
const timeRows = [
  // Three quarter-hours at a cost of 10.01: 2.5025 each, 2.50 rounded per entry (7.50, not 7.51).
  {
    who: 'owner',
    project: 'alpha',
    date: '2026-01-12',
    hours: '0.25',
    rate: '100',
    costRate: '10.01',
  },
  {
    who: 'owner',
    project: 'alpha',
    date: '2026-01-13',
    hours: '0.25',
    rate: '100',
    costRate: '10.01',
  },
  {
    who: 'owner',
    project: 'alpha',
    date: '2026-01-14',
    hours: '0.25',
    rate: '100',
    costRate: '10.01',
  },
  {
    who: 'mate',
    project: 'alpha',
    date: '2026-02-03',
    hours: '1.50',
    rate: '80',
    costRate: '33.33',
  },
  { who: 'mate', project: 'beta', date: '2026-03-04', hours: '2.00', rate: '0', costRate: '20' },
  {
    who: 'owner',
    project: 'gamma',
    date: '2026-04-06',
    hours: '3.00',
    rate: '120',
    costRate: '25',
  },
  { who: 'mate', project: 'alpha', date: '2026-05-02', hours: '5.00', rate: '80', costRate: '50' },
] as const;
const expenseRows = [
  { project: 'alpha', client: null, currency: 'USD', date: '2026-01-20', amount: '120.50' },
  { project: 'beta', client: null, currency: 'EUR', date: '2026-02-11', amount: '60.00' },
  { project: null, client: 'acme', currency: 'USD', date: '2026-03-05', amount: '10.00' },
  { project: null, client: null, currency: 'USD', date: '2026-03-06', amount: '5.00' },
  { project: 'beta', client: null, currency: 'JPY', date: '2026-04-10', amount: '1000' },
  { project: 'alpha', client: null, currency: 'USD', date: '2026-06-01', amount: '99.00' },
] as const;
const projectClient: Record<string, string | null> = { alpha: 'acme', beta: 'evil', gamma: null };

describe('profitability and utilisation', () => {
  beforeAll(async () => {
    const workspaceId = owner.workspace.id;
    people.owner = { id: owner.user.id, client: owner.client };
    const mate = await joinAs(t, workspaceId, 'collaborator');
    const planner = await joinAs(t, workspaceId, 'project_manager');
    people.mate = { id: mate.user.id, client: mate.client };
    people.planner = { id: planner.user.id, client: planner.client };
    for (const [member, capacityHours] of [
      [mate, '10'],
      [planner, '0'],
    ] as const) {
      await t.db
        .updateTable('userWorkspaces')
        .set({ capacityHours })
        .where('workspaceId', '=', workspaceId)
        .where('userId', '=', member.user.id)
        .execute();
    }
    await t.db
      .insertInto('timeEntries')
      .values(
        timeRows.map((e) => ({
          workspaceId,
          userId: people[e.who]!.id,
          projectId: projects[e.project]!,
          date: e.date,
          hours: e.hours,
          rate: e.rate,
          costRate: e.costRate,
        })),
      )
      .execute();
    await t.db
      .insertInto('expenses')
      .values(
        expenseRows.map((e) => ({
          workspaceId,
          projectId: e.project ? projects[e.project]! : null,
          clientId: e.client ? clients[e.client]! : null,
          currency: e.currency,
          date: e.date,
          amount: e.amount,
        })),
      )
      .execute();
    // The other workspace's time and expense on its project, same days.
    await t.db
      .insertInto('timeEntries')
      .values({
        workspaceId: other.workspace.id,
        userId: other.user.id,
        projectId: foreign.projectId,
        date: '2026-02-03',
        hours: '8.00',
        rate: '100',
        costRate: '50',
      })
      .execute();
    await t.db
      .insertInto('expenses')
      .values({
        workspaceId: other.workspace.id,
        projectId: foreign.projectId,
        currency: 'USD',
        date: '2026-02-03',
        amount: '777.00',
      })
      .execute();
  });

  /** The figures per group and currency, worked out from the raw rows above. */
  function expectedProfitability(groupBy: 'project' | 'client') {
    type F = { invoiced: bigint; paid: bigint; hours: bigint; cost: bigint; expenses: bigint };
    const figures = new Map<string, F>();
    const add = (group: string | null, currency: string, part: Partial<F>) => {
      const key = `${group ?? 'none'}|${currency}`;
      const f = figures.get(key) ?? { invoiced: 0n, paid: 0n, hours: 0n, cost: 0n, expenses: 0n };
      for (const [name, value] of Object.entries(part)) f[name as keyof F] += value;
      figures.set(key, f);
    };
    const of = (project: string | null, client: string | null) =>
      groupBy === 'project' ? project : client;
    for (const i of invoiceRows) {
      if (i.status === 'draft' || i.status === 'void' || !inPeriod(i.issueDate)) continue;
      add(of(i.project, i.client), i.currency, { invoiced: units(i.amount, i.currency) });
    }
    for (const p of paymentsInPeriod()) {
      add(of(p.invoice.project, p.invoice.client), p.invoice.currency, {
        paid: units(p.amount, p.invoice.currency),
      });
    }
    for (const e of timeRows) {
      if (!inPeriod(e.date)) continue;
      // Hundredths of hours × hundredths of a rate: 10^-4, rounded half up per entry to cents.
      const exact =
        BigInt(Math.round(Number(e.hours) * 100)) * BigInt(Math.round(Number(e.costRate) * 100));
      add(of(e.project, projectClient[e.project]!), 'USD', {
        hours: units(e.hours, 'USD'),
        cost: (exact + 50n) / 100n,
      });
    }
    for (const e of expenseRows) {
      if (!inPeriod(e.date)) continue;
      const client = e.client ?? (e.project ? projectClient[e.project]! : null);
      add(of(e.project, client), e.currency, { expenses: units(e.amount, e.currency) });
    }
    return figures;
  }

  it.each(['project', 'client'] as const)(
    'answers per %s and currency what the raw rows add up to',
    async (groupBy) => {
      const report = await ok(
        owner.client.get(`/api/reports/profitability?from=${FROM}&to=${TO}&groupBy=${groupBy}`),
      );
      const figures = expectedProfitability(groupBy);
      const ids = groupBy === 'project' ? projects : clients;
      expect(report.rows).toHaveLength(figures.size);
      for (const [key, f] of figures) {
        const [group, currency] = key.split('|') as [string, string];
        const row = report.rows.find(
          (r: any) =>
            r.currency === currency &&
            r.key === (group === 'none' ? `${groupBy}-none` : `${groupBy}-${ids[group]}`),
        );
        expect(row, key).toBeDefined();
        const own = currency === 'USD';
        const margin = f.invoiced - (own ? f.cost : 0n) - f.expenses;
        expect(row, key).toMatchObject({
          invoiced: text(f.invoiced, currency),
          paid: text(f.paid, currency),
          hours: text(f.hours, 'USD'),
          timeCost: own ? text(f.cost, currency) : null,
          expenses: text(f.expenses, currency),
          margin: text(margin, currency),
          marginPercent: f.invoiced === 0n ? null : percentOf(margin, f.invoiced),
        });
      }
      // Totals per currency, each the sum of its rows only.
      for (const total of report.totals) {
        const these = [...figures].filter(([key]) => key.endsWith(`|${total.currency}`));
        const sum = (name: 'invoiced' | 'expenses') => these.reduce((s, [, f]) => s + f[name], 0n);
        expect(total.invoiced).toBe(text(sum('invoiced'), total.currency));
        expect(total.expenses).toBe(text(sum('expenses'), total.currency));
      }
      expect(report.totals.map((x: any) => x.currency)).toEqual(['USD', 'EUR', 'JPY']);
      expect(JSON.stringify(report)).not.toContain('Foreign');
    },
  );

  it('works out the figures of Alpha by hand', async () => {
    const report = await ok(owner.client.get(`/api/reports/profitability?from=${FROM}&to=${TO}`));
    const alpha = report.rows.find((r: any) => r.projectId === projects.alpha);
    // Invoiced 1000.00 (i1; i4 is a draft, i5 void, i6 issued before the period);
    // paid 400.10 + 99.95 + 200.00; cost 3 × 2.50 + 50.00 (1.5 × 33.33 = 49.995);
    // expenses 120.50; margin 1000.00 − 57.50 − 120.50 = 822.00, 82.2 %.
    expect(alpha).toMatchObject({
      label: 'Alpha',
      clientId: clients.acme,
      currency: 'USD',
      invoiced: '1000.00',
      paid: '700.05',
      hours: '2.25',
      timeCost: '57.50',
      expenses: '120.50',
      margin: '822.00',
      marginPercent: '82.2',
    });
    // Gamma: time but nothing invoiced: a negative margin and no percentage.
    const gamma = report.rows.find((r: any) => r.projectId === projects.gamma);
    expect(gamma).toMatchObject({ margin: '-75.00', marginPercent: null });
    // Beta's JPY row: no decimals, no time cost.
    const betaYen = report.rows.find(
      (r: any) => r.projectId === projects.beta && r.currency === 'JPY',
    );
    expect(betaYen).toMatchObject({
      invoiced: '12345',
      paid: '2345',
      expenses: '1000',
      timeCost: null,
      margin: '11345',
    });
  });

  it('refuses profitability to a collaborator, who must not learn costs', async () => {
    expect((await people.mate!.client.get('/api/reports/profitability')).statusCode).toBe(403);
    expect((await people.mate!.client.get('/api/reports/profitability/export')).statusCode).toBe(
      403,
    );
    expect((await people.planner!.client.get('/api/reports/profitability')).statusCode).toBe(200);
  });

  it('answers utilisation per member: planners see everyone, others themselves', async () => {
    let workingDays = 0;
    for (let d = new Date(`${FROM}T00:00:00Z`); d <= new Date(`${TO}T00:00:00Z`);) {
      if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) workingDays++;
      d = new Date(d.getTime() + 86_400_000);
    }
    const report = await ok(
      people.planner!.client.get(`/api/reports/utilisation?from=${FROM}&to=${TO}`),
    );
    expect(report.workingDays).toBe(workingDays);
    expect(report.rows.map((r: any) => r.userId).sort()).toEqual(
      [people.owner!.id, people.mate!.id, people.planner!.id].sort(),
    );
    const weekly: Record<string, number> = { owner: 40, mate: 10, planner: 0 };
    for (const who of ['owner', 'mate', 'planner']) {
      const mine = timeRows.filter((e) => e.who === who && inPeriod(e.date));
      const hundredths = (rows: readonly { hours: string }[]) =>
        rows.reduce((s, e) => s + Math.round(Number(e.hours) * 100), 0);
      const logged = hundredths(mine);
      const billable = hundredths(mine.filter((e) => Number(e.rate) > 0));
      // Capacity in hundredths of an hour: weekly × days ÷ 5, exact here (whole hours).
      const capacity = (weekly[who]! * workingDays * 100) / 5;
      const row = report.rows.find((r: any) => r.userId === people[who]!.id);
      expect(row, who).toMatchObject({
        weeklyCapacityHours: `${weekly[who]}.00`,
        capacityHours: (capacity / 100).toFixed(2),
        loggedHours: (logged / 100).toFixed(2),
        billableHours: (billable / 100).toFixed(2),
        utilisationPercent: capacity === 0 ? null : percentOf(BigInt(billable), BigInt(capacity)),
      });
    }
    // The mate's 2.00 hours at a rate of 0 are logged, not billable.
    expect(report.rows.find((r: any) => r.userId === people.mate!.id)).toMatchObject({
      loggedHours: '3.50',
      billableHours: '1.50',
    });

    const own = await ok(people.mate!.client.get(`/api/reports/utilisation?from=${FROM}&to=${TO}`));
    expect(own.rows.map((r: any) => r.userId)).toEqual([people.mate!.id]);
    const csv = await people.mate!.client.get(
      `/api/reports/utilisation/export?from=${FROM}&to=${TO}`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(2);
    // The other workspace sees none of these members.
    const theirs = await ok(other.client.get(`/api/reports/utilisation?from=${FROM}&to=${TO}`));
    expect(theirs.rows.map((r: any) => r.userId)).toEqual([other.user.id]);
    expect(theirs.rows[0].loggedHours).toBe('8.00');
  });

  it('exports profitability as CSV with a blank time cost in other currencies', async () => {
    const res = await owner.client.get(
      `/api/reports/profitability/export?from=${FROM}&to=${TO}&groupBy=client`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="profitability.csv"');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFClient,Currency,Invoiced,Tax collected,Paid,Hours,Time cost,Expenses,Margin,Margin %',
    );
    const report = await ok(
      owner.client.get(`/api/reports/profitability?from=${FROM}&to=${TO}&groupBy=client`),
    );
    expect(lines.filter(Boolean)).toHaveLength(report.rows.length + 1);
    expect(lines).toContain(`"'=HYPERLINK(""http://x"")",JPY,12345,0,2345,0.00,,1000,11345,91.9`);
  });
});
