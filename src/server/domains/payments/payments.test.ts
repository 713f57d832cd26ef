import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoWorkspaces, type ApiClient } from '../../../../tests/support/test-app.ts';

/*
 * The payments list and the financial overview (issue 23): every filter, the totals per
 * currency and the overview's figures, checked against sums computed here from the rows this
 * test recorded; currencies kept apart; another workspace's rows and ids never reached.
 */

const { t, owner, other } = useTwoWorkspaces('Paid Studio', 'Other Studio');
let workspaceId: number;
let currency: string;

interface Recorded {
  id: number;
  invoiceId: number;
  clientId: number;
  currency: string;
  date: string;
  method: string;
  note: string | null;
  /** In minor units of the currency: exact integers. */
  minor: number;
}
const payments: Recorded[] = [];
const clients: Record<'acme' | 'globex', number> = { acme: 0, globex: 0 };
const invoices: { id: number; clientId: number; currency: string }[] = [];
let foreign: { clientId: number; invoiceId: number };
let voidedInvoiceId = 0;

const DIGITS: Record<string, number> = { USD: 2, EUR: 2, JPY: 0 };
const money = (minor: number, code: string) =>
  DIGITS[code] === 0 ? String(minor) : (minor / 100).toFixed(2);

async function created<T>(client: ApiClient, url: string, body: object): Promise<T> {
  const res = await client.post(url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as T;
}

async function issuedInvoice(
  client: ApiClient,
  clientId: number,
  code: string,
  unitPrice: string,
): Promise<number> {
  const invoice = await created<{ id: number }>(client, '/api/invoices', {
    clientId,
    currency: code,
    lines: [{ description: 'Work', quantity: '1', unitPrice }],
  });
  const issued = await client.post(`/api/invoices/${invoice.id}/issue`);
  expect(issued.statusCode, issued.body).toBe(200);
  return invoice.id;
}

async function pay(
  invoice: { id: number; clientId: number; currency: string },
  minor: number,
  date: string,
  method: string,
  note: string | null = null,
) {
  const res = await owner.client.post(`/api/invoices/${invoice.id}/payments`, {
    amount: money(minor, invoice.currency),
    date,
    method,
    ...(note ? { note } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  const detail = (await owner.client.get(`/api/invoices/${invoice.id}`)).json() as {
    payments: { id: number }[];
  };
  const known = new Set(payments.map((p) => p.id));
  const id = detail.payments.map((p) => p.id).find((p) => !known.has(p))!;
  payments.push({
    id,
    invoiceId: invoice.id,
    clientId: invoice.clientId,
    currency: invoice.currency,
    date,
    method,
    note,
    minor,
  });
}

/** What the list must answer for rows matching `keep`: newest first, totals per currency. */
function expected(keep: (p: Recorded) => boolean) {
  const rows = payments.filter(keep).sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
  const sums = new Map<string, { minor: number; count: number }>();
  for (const p of rows) {
    const sum = sums.get(p.currency) ?? { minor: 0, count: 0 };
    sums.set(p.currency, { minor: sum.minor + p.minor, count: sum.count + 1 });
  }
  return {
    ids: rows.map((p) => p.id),
    total: rows.length,
    totals: [...sums]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([code, s]) => ({ currency: code, amount: money(s.minor, code), count: s.count })),
  };
}

interface Page {
  items: { id: number; amount: string; currency: string; invoiceStatus: string }[];
  total: number;
  totals: { currency: string; amount: string; count: number }[];
}

async function list(client: ApiClient, input: object = {}): Promise<Page> {
  const res = await client.trpc('payments.list', 'query', input);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { result: { data: Page } }).result.data;
}

function same(page: Page, want: ReturnType<typeof expected>) {
  expect(page.items.map((p) => p.id)).toEqual(want.ids);
  expect(page.total).toBe(want.total);
  expect(page.totals).toEqual(want.totals);
}

beforeAll(async () => {
  workspaceId = owner.workspace.id;
  currency = ((await owner.client.get('/api/dashboard/stats')).json() as { currency: string })
    .currency;
  expect(currency).toBe('USD');

  for (const name of ['acme', 'globex'] as const) {
    clients[name] = (
      await created<{ id: number }>(owner.client, '/api/clients', {
        name: name === 'acme' ? 'Acme' : 'Globex',
        email: `${name}@example.com`,
      })
    ).id;
  }
  const plan: [number, string, string][] = [
    [clients.acme, 'USD', '5000'],
    [clients.globex, 'USD', '3000'],
    [clients.acme, 'EUR', '2000'],
    [clients.globex, 'JPY', '900000'],
    [clients.globex, 'USD', '100'],
  ];
  for (const [clientId, code, price] of plan) {
    invoices.push({
      id: await issuedInvoice(owner.client, clientId, code, price),
      clientId,
      currency: code,
    });
  }
  const [usdAcme, usdGlobex, eurAcme, jpyGlobex, voided] = invoices as [
    (typeof invoices)[number],
    (typeof invoices)[number],
    (typeof invoices)[number],
    (typeof invoices)[number],
    (typeof invoices)[number],
  ];
  await pay(usdAcme, 100_033, '2026-01-15', 'bank_transfer', 'January wire');
  await pay(usdAcme, 20_001, '2026-02-03', 'card');
  await pay(usdGlobex, 75_050, '2026-02-03', 'cash');
  await pay(usdGlobex, 11, '2026-03-31', 'check', 'Small check');
  await pay(eurAcme, 40_099, '2026-02-10', 'bank_transfer');
  await pay(eurAcme, 1, '2026-03-01', 'other');
  await pay(jpyGlobex, 123_457, '2026-02-20', 'bank_transfer', 'Tokyo wire');
  await pay(voided, 2_500, '2026-03-05', 'card');
  // A voided invoice keeps its payments (the money came in); the list shows the status.
  await t.db
    .updateTable('invoices')
    .set({ status: 'void', voidedAt: new Date() })
    .where('id', '=', voided.id)
    .execute();
  voidedInvoiceId = voided.id;

  const foreignClient = await created<{ id: number }>(other.client, '/api/clients', {
    name: 'Initech',
    email: 'initech@example.com',
  });
  const foreignInvoice = await issuedInvoice(other.client, foreignClient.id, 'USD', '999');
  const res = await other.client.post(`/api/invoices/${foreignInvoice}/payments`, {
    amount: '999.00',
    date: '2026-02-03',
    method: 'cash',
  });
  expect(res.statusCode, res.body).toBe(201);
  foreign = { clientId: foreignClient.id, invoiceId: foreignInvoice };
}, 120_000);

describe('GET /api/payments', () => {
  it('lists every payment newest first with its invoice, client and who recorded it', async () => {
    const page = await list(owner.client);
    same(
      page,
      expected(() => true),
    );
    const first = page.items.find((p) => p.id === payments[0]!.id) as unknown as Record<
      string,
      unknown
    >;
    expect(first).toMatchObject({
      date: '2026-01-15',
      amount: '1000.33',
      currency: 'USD',
      method: 'bank_transfer',
      note: 'January wire',
      invoiceId: invoices[0]!.id,
      clientId: clients.acme,
      clientName: 'Acme',
      invoiceStatus: 'sent',
      recordedBy: { id: owner.user.id, fullName: 'Test User' },
    });
    expect(first.invoiceNumber).toEqual(expect.any(String));
    const jpy = page.items.find((p) => p.currency === 'JPY')!;
    expect(jpy.amount).toBe('123457');
    expect(page.items.find((p) => p.id === payments.at(-1)!.id)!.invoiceStatus).toBe('void');
  });

  it('filters by dates, client, method, invoice and search, with the totals of the filter', async () => {
    same(
      await list(owner.client, { from: '2026-02-03', to: '2026-02-28' }),
      expected((p) => p.date >= '2026-02-03' && p.date <= '2026-02-28'),
    );
    same(
      await list(owner.client, { clientId: clients.globex }),
      expected((p) => p.clientId === clients.globex),
    );
    same(
      await list(owner.client, { method: 'bank_transfer' }),
      expected((p) => p.method === 'bank_transfer'),
    );
    same(
      await list(owner.client, { invoiceId: invoices[2]!.id }),
      expected((p) => p.invoiceId === invoices[2]!.id),
    );
    same(
      await list(owner.client, { search: 'wire' }),
      expected((p) => (p.note ?? '').includes('wire')),
    );
    same(
      await list(owner.client, { search: 'globex', from: '2026-03-01', method: 'check' }),
      expected(
        (p) => p.clientId === clients.globex && p.date >= '2026-03-01' && p.method === 'check',
      ),
    );
    const none = await list(owner.client, { from: '2025-01-01', to: '2025-12-31' });
    expect(none).toEqual({ items: [], total: 0, totals: [] });
  });

  it('pages through the list; the totals always cover the whole filter', async () => {
    const want = expected(() => true);
    const seen: number[] = [];
    for (let offset = 0; offset < want.total; offset += 3) {
      const page = await list(owner.client, { limit: 3, offset });
      expect(page.total).toBe(want.total);
      expect(page.totals).toEqual(want.totals);
      seen.push(...page.items.map((p) => p.id));
    }
    expect(seen).toEqual(want.ids);
  });

  it('answers REST with X-Total-Count and the totals per currency in X-Total-Amounts', async () => {
    const res = await owner.client.get('/api/payments?limit=2&method=bank_transfer');
    expect(res.statusCode, res.body).toBe(200);
    const want = expected((p) => p.method === 'bank_transfer');
    expect(res.json().map((p: { id: number }) => p.id)).toEqual(want.ids.slice(0, 2));
    expect(res.headers['x-total-count']).toBe(String(want.total));
    expect(res.headers['x-total-amounts']).toBe(
      want.totals.map((s) => `${s.currency} ${s.amount}`).join('; '),
    );
    const bad = await owner.client.get('/api/payments?method=barter');
    expect(bad.statusCode).toBe(400);
  });

  it("keeps workspaces apart: another workspace's ids find nothing, its rows never show", async () => {
    expect(await list(owner.client, { clientId: foreign.clientId })).toEqual({
      items: [],
      total: 0,
      totals: [],
    });
    expect(await list(owner.client, { invoiceId: foreign.invoiceId })).toEqual({
      items: [],
      total: 0,
      totals: [],
    });
    const theirs = await list(other.client);
    expect(theirs.total).toBe(1);
    expect(theirs.totals).toEqual([{ currency: 'USD', amount: '999.00', count: 1 }]);
    expect(await list(other.client, { clientId: clients.acme })).toMatchObject({ total: 0 });
  });

  it('exports the filtered payments as CSV', async () => {
    const res = await owner.client.get(`/api/payments/export?clientId=${clients.acme}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'Date,Amount,Currency,Method,Invoice,Invoice Status,Client,Note,Recorded By',
    );
    const want = expected((p) => p.clientId === clients.acme);
    expect(lines).toHaveLength(want.total + 1);
    expect(lines[1]).toMatch(/^2026-03-01,0\.01,EUR,Other,/);
    expect(lines.at(-1)).toMatch(
      /^2026-01-15,1000\.33,USD,Bank transfer,.*,sent,Acme,January wire,Test User$/,
    );
  });
});

describe('GET /api/dashboard/financial-overview', () => {
  const expenses: { date: string; currency: string; minor: number }[] = [
    { date: '2026-02-01', currency: 'USD', minor: 30_025 },
    { date: '2026-02-28', currency: 'USD', minor: 4_999 },
    { date: '2026-03-10', currency: 'USD', minor: 100_000 },
    { date: '2026-02-14', currency: 'EUR', minor: 9_950 },
    { date: '2026-02-14', currency: 'GBP', minor: 1_234 },
  ];

  beforeAll(async () => {
    for (const e of expenses) {
      await t.db
        .insertInto('expenses')
        .values({
          workspaceId,
          date: e.date,
          currency: e.currency,
          amount: (e.minor / 100).toFixed(2),
        })
        .execute();
    }
    // Another workspace's expense in the same month counts nowhere here.
    await t.db
      .insertInto('expenses')
      .values({
        workspaceId: other.workspace.id,
        date: '2026-02-10',
        currency: 'USD',
        amount: '777',
      })
      .execute();
  });

  /** The overview's figures for one currency, from the rows this test wrote. */
  function figures(code: string, from: string | null, to: string | null) {
    const within = (date: string) => (!from || date >= from) && (!to || date <= to);
    const revenue = payments
      .filter((p) => p.currency === code && within(p.date))
      .reduce((s, p) => s + p.minor, 0);
    const spent = expenses
      .filter((e) => e.currency === code && within(e.date))
      .reduce((s, e) => s + e.minor, 0);
    // Outstanding: each issued, not voided invoice's total less what was paid on it.
    const owed = invoices
      .filter((i) => i.currency === code && i.id !== voidedInvoiceId)
      .reduce(
        (s, i) =>
          s +
          PRICES[i.id]! -
          payments.filter((p) => p.invoiceId === i.id).reduce((sum, p) => sum + p.minor, 0),
        0,
      );
    return {
      currency: code,
      totalRevenue: money(revenue, code),
      // These invoices carry no tax: revenue is all they were paid (issue 38's nets are in
      // net-revenue.test.ts).
      taxCollected: money(0, code),
      totalExpenses: money(spent, code),
      netProfit: money(revenue - spent, code),
      outstanding: money(owed, code),
    };
  }
  const PRICES: Record<number, number> = {};

  async function overview(query = '') {
    const res = await owner.client.get(`/api/dashboard/financial-overview${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  beforeAll(() => {
    const prices: [number, number][] = [
      [invoices[0]!.id, 500_000],
      [invoices[1]!.id, 300_000],
      [invoices[2]!.id, 200_000],
      [invoices[3]!.id, 900_000],
      [invoices[4]!.id, 10_000],
    ];
    for (const [id, minor] of prices) PRICES[id] = minor;
  });

  it("sums a period's payments and expenses in the workspace currency, others apart", async () => {
    const o = await overview('?from=2026-02-01&to=2026-02-28');
    expect(o).toMatchObject({ ...figures('USD', '2026-02-01', '2026-02-28'), currency: 'USD' });
    expect(o.from).toBe('2026-02-01');
    expect(o.to).toBe('2026-02-28');
    // February's USD: 200.01 + 750.50 paid, 300.25 + 49.99 spent.
    expect(o.totalRevenue).toBe('950.51');
    expect(o.totalExpenses).toBe('350.24');
    expect(o.netProfit).toBe('600.27');
    expect(o.otherCurrencies).toEqual(
      ['EUR', 'GBP', 'JPY'].map((code) => figures(code, '2026-02-01', '2026-02-28')),
    );
    expect(o.otherCurrencies.find((c: { currency: string }) => c.currency === 'GBP')).toEqual({
      currency: 'GBP',
      totalRevenue: '0.00',
      taxCollected: '0.00',
      totalExpenses: '12.34',
      netProfit: '-12.34',
      outstanding: '0.00',
    });
  });

  it('counts all time without a period, a loss as a negative profit', async () => {
    const all = await overview();
    expect(all).toMatchObject({ ...figures('USD', null, null), from: null, to: null });
    const march = await overview('?from=2026-03-01&to=2026-03-31');
    // 0.11 and the voided invoice's 25.00 paid; 1000.00 spent.
    expect(march).toMatchObject({ totalRevenue: '25.11', totalExpenses: '1000.00' });
    expect(march.netProfit).toBe('-974.89');
    const open = await overview('?from=2026-02-15');
    expect(open).toMatchObject(figures('USD', '2026-02-15', null));
  });

  it('refuses a period that ends before it starts', async () => {
    const res = await owner.client.get(
      '/api/dashboard/financial-overview?from=2026-03-01&to=2026-02-01',
    );
    expect(res.statusCode).toBe(400);
  });

  it('charts the last 12 months of revenue and expenses', async () => {
    const o = await overview();
    expect(o.revenueByMonth).toHaveLength(12);
    for (const m of o.revenueByMonth as { month: string; revenue: string; expenses: string }[]) {
      const inMonth = (date: string) => date.startsWith(m.month);
      const revenue = payments
        .filter((p) => p.currency === 'USD' && inMonth(p.date))
        .reduce((s, p) => s + p.minor, 0);
      const spent = expenses
        .filter((e) => e.currency === 'USD' && inMonth(e.date))
        .reduce((s, e) => s + e.minor, 0);
      expect(m).toEqual({
        month: m.month,
        revenue: money(revenue, 'USD'),
        taxCollected: '0.00',
        expenses: money(spent, 'USD'),
      });
    }
  });

  it("shows another workspace none of this one's money", async () => {
    const theirs = (await other.client.get('/api/dashboard/financial-overview')).json();
    expect(theirs).toMatchObject({
      totalRevenue: '999.00',
      totalExpenses: '777.00',
      netProfit: '222.00',
      outstanding: '0.00',
      otherCurrencies: [],
    });
  });
});
