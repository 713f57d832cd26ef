import { beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../../../tests/support/responses.ts';
import {
  signUpWithWorkspace,
  useTestApp,
  workspaceZone,
  type WorkspaceAccount,
} from '../../../../tests/support/test-app.ts';
import { todayIn } from '../../../shared/datetime.ts';
import { fromMinor, toMinor } from '../../../shared/invoice-math.ts';
import { percentOf } from './reports.service.ts';

/*
 * Issue 38, item 1: revenue is net of tax. A sole trader in Lyon (EUR, Paris time) bills a
 * euro invoice with 20 % VAT and a discount, paid in two parts, and a dollar invoice with a
 * percent discount and mixed tax rates, paid in part. Every report's revenue is checked
 * against the sum of the invoices' net line amounts (line amount − its share of the
 * discount), the tax apart, each currency on its own.
 */

const t = useTestApp();
const ZONE = 'Europe/Paris';
let ws: WorkspaceAccount;
let today: string;

interface Billed {
  id: number;
  /** Σ (line amount − the line's discount share), in minor units: the revenue. */
  net: bigint;
  tax: bigint;
  total: bigint;
}
let euro: Billed;
let dollar: Billed;
let euroClient: number;
let dollarClient: number;

/** The running-sum share of `paid` that is revenue: payments carry their invoice's net ÷ total. */
const netPart = (paid: bigint, b: Billed) => {
  const exact = paid * b.net;
  return (exact * 2n + b.total) / (2n * b.total);
};

async function bill(clientId: number, body: object): Promise<Billed> {
  const created = await ok(
    ws.client.post('/api/invoices', { clientId, issueDate: today, status: 'sent', ...body }),
    201,
  );
  const invoice = await ok(ws.client.get(`/api/invoices/${created.id}`));
  const digits = invoice.currency === 'JPY' ? 0 : 2;
  const minor = (v: string) => toMinor(v, digits);
  const net = invoice.lines.reduce(
    (sum: bigint, l: { amount: string; discount: string }) =>
      sum + minor(l.amount) - minor(l.discount),
    0n,
  );
  return { id: created.id, net, tax: minor(invoice.taxTotal), total: minor(invoice.total) };
}

const pay = (b: Billed, amount: string) =>
  ok(ws.client.post(`/api/invoices/${b.id}/payments`, { amount, date: today }), 201);

const eur = (minor: bigint) => fromMinor(minor, 2);
const zoneOf = (account: WorkspaceAccount) => workspaceZone(account.client);

beforeAll(async () => {
  ws = await signUpWithWorkspace(t.app, 'Lyon Studio');
  await ok(ws.client.put('/api/settings/business', { currency: 'EUR', timezone: ZONE }));
  today = todayIn(ZONE);
  euroClient = (
    await ok(ws.client.post('/api/clients', { name: 'Boulangerie', email: 'b@example.com' }), 201)
  ).id;
  dollarClient = (
    await ok(
      ws.client.post('/api/clients', {
        name: 'Yankee Inc',
        email: 'y@example.com',
        currency: 'USD',
      }),
      201,
    )
  ).id;
  // The issue's invoice: €1,113.31 less €100.00 is €1,013.31 net, €202.66 VAT, €1,215.97.
  euro = await bill(euroClient, {
    lines: [
      { description: 'Design', quantity: 3, unitPrice: 350, taxRate: 20 },
      { description: 'Hosting', quantity: 1, unitPrice: 63.31, taxRate: 20 },
    ],
    discount: { type: 'amount', value: '100' },
  });
  dollar = await bill(dollarClient, {
    lines: [
      { description: 'Audit', quantity: 2, unitPrice: 333.33, taxRate: 10 },
      { description: 'Travel', quantity: 1, unitPrice: 99.99, taxRate: 0 },
    ],
    discount: { type: 'percent', value: '15' },
  });
  // A draft with tax counts nowhere.
  await ok(
    ws.client.post('/api/invoices', {
      clientId: euroClient,
      lines: [{ description: 'Later', quantity: 1, unitPrice: 5000, taxRate: 20 }],
    }),
    201,
  );
  await pay(euro, '500.00');
  await pay(euro, '715.97');
  await pay(dollar, '300.00');
  await ok(
    ws.client.post('/api/expenses', {
      date: today,
      amount: '100.00',
      currency: 'EUR',
      clientId: euroClient,
    }),
    201,
  );
});

describe('revenue net of tax', () => {
  it('bills the issue’s invoice as €1,013.31 net and €202.66 VAT', () => {
    expect(euro).toMatchObject({ net: 101_331n, tax: 20_266n, total: 121_597n });
    expect(dollar.net + dollar.tax).toBe(dollar.total);
  });

  it('answers profitability net of tax, the tax apart, per currency', async () => {
    const report = await ok(
      ws.client.get(`/api/reports/profitability?from=${today}&to=${today}&groupBy=client`),
    );
    const euroRow = report.rows.find((r: any) => r.clientId === euroClient);
    const margin = euro.net - 10_000n;
    // Paid in full: the net parts of both payments add up to the invoice's net exactly.
    expect(euroRow).toMatchObject({
      currency: 'EUR',
      invoiced: eur(euro.net),
      taxCollected: eur(euro.tax),
      paid: eur(euro.net),
      expenses: '100.00',
      margin: eur(margin),
      marginPercent: percentOf(margin, euro.net),
    });
    expect(euroRow).toMatchObject({ invoiced: '1013.31', margin: '913.31', marginPercent: '90.1' });
    const dollarRow = report.rows.find((r: any) => r.clientId === dollarClient);
    expect(dollarRow).toMatchObject({
      currency: 'USD',
      invoiced: eur(dollar.net),
      taxCollected: eur(dollar.tax),
      paid: eur(netPart(30_000n, dollar)),
      margin: eur(dollar.net),
      timeCost: null,
    });
    expect(report.totals).toEqual([
      expect.objectContaining({ currency: 'EUR', invoiced: '1013.31', taxCollected: '202.66' }),
      expect.objectContaining({ currency: 'USD', invoiced: eur(dollar.net) }),
    ]);

    const csv = await ws.client.get(
      `/api/reports/profitability/export?from=${today}&to=${today}&groupBy=client`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[0]).toBe(
      '\uFEFFClient,Currency,Invoiced,Tax collected,Paid,Hours,Time cost,Expenses,Margin,Margin %',
    );
    expect(csv.body).toContain(
      'Boulangerie,EUR,1013.31,202.66,1013.31,0.00,0.00,100.00,913.31,90.1',
    );
  });

  it('answers income as received, tax included, with its net and tax parts', async () => {
    const report = await ok(
      ws.client.get(`/api/reports/income?from=${today}&to=${today}&groupBy=client`),
    );
    const dollarNet = netPart(30_000n, dollar);
    expect(report.totals).toEqual([
      { currency: 'EUR', amount: '1215.97', net: '1013.31', tax: '202.66', paymentCount: 2 },
      {
        currency: 'USD',
        amount: '300.00',
        net: eur(dollarNet),
        tax: eur(30_000n - dollarNet),
        paymentCount: 1,
      },
    ]);
    const csv = await ws.client.get(
      `/api/reports/income/export?from=${today}&to=${today}&groupBy=client`,
    );
    expect(csv.body).toContain('Boulangerie,EUR,1215.97,1013.31,202.66,2\r\n');
  });

  it('counts the dashboard’s revenue this month net, the tax apart', async () => {
    const stats = await ok(ws.client.get('/api/dashboard/stats'));
    const dollarNet = netPart(30_000n, dollar);
    expect(stats).toMatchObject({
      currency: 'EUR',
      revenueThisMonth: '1013.31',
      taxCollectedThisMonth: '202.66',
      outstanding: '0.00',
      otherCurrencies: [
        {
          currency: 'USD',
          revenueThisMonth: eur(dollarNet),
          taxCollectedThisMonth: eur(30_000n - dollarNet),
          outstanding: eur(dollar.total - 30_000n),
        },
      ],
    });
  });

  it('answers the financial overview’s total revenue net, the tax apart', async () => {
    const overview = await ok(
      ws.client.get(`/api/dashboard/financial-overview?from=${today}&to=${today}`),
    );
    expect(overview).toMatchObject({
      currency: 'EUR',
      totalRevenue: '1013.31',
      taxCollected: '202.66',
      totalExpenses: '100.00',
      netProfit: '913.31',
    });
    const dollarNet = netPart(30_000n, dollar);
    expect(overview.otherCurrencies).toEqual([
      {
        currency: 'USD',
        totalRevenue: eur(dollarNet),
        taxCollected: eur(30_000n - dollarNet),
        totalExpenses: '0.00',
        netProfit: eur(dollarNet),
        outstanding: eur(dollar.total - 30_000n),
      },
    ]);
    expect(overview.revenueByMonth.at(-1)).toEqual({
      month: today.slice(0, 7),
      revenue: '1013.31',
      taxCollected: '202.66',
      expenses: '100.00',
    });
  });

  it('counts an invoice paid in thirds as exactly its net, not a cent short', async () => {
    // 1.00 + 0.20 VAT paid as 0.40 three times: each third is 0.333… net, which rounded
    // alone would add up to 0.99; rounded on the running sum they are 0.33, 0.34 and 0.33.
    const studio = await signUpWithWorkspace(t.app, 'Thirds Studio');
    const day = todayIn(await zoneOf(studio));
    const clientId = (
      await ok(studio.client.post('/api/clients', { name: 'Thirds', email: 't@example.com' }), 201)
    ).id;
    const invoice = await ok(
      studio.client.post('/api/invoices', {
        clientId,
        issueDate: day,
        status: 'sent',
        lines: [{ description: 'Tiny', quantity: 1, unitPrice: 1, taxRate: 20 }],
      }),
      201,
    );
    for (let i = 0; i < 3; i++) {
      await ok(
        studio.client.post(`/api/invoices/${invoice.id}/payments`, { amount: '0.40', date: day }),
        201,
      );
    }
    const income = await ok(studio.client.get(`/api/reports/income?from=${day}&to=${day}`));
    expect(income.totals).toEqual([
      { currency: 'USD', amount: '1.20', net: '1.00', tax: '0.20', paymentCount: 3 },
    ]);
    const overview = await ok(
      studio.client.get(`/api/dashboard/financial-overview?from=${day}&to=${day}`),
    );
    expect(overview).toMatchObject({ totalRevenue: '1.00', taxCollected: '0.20' });
  });
});
