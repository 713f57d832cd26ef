import { TRPCError } from '@trpc/server';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minorDigits } from '../../src/shared/currencies.ts';
import { todayIn } from '../../src/shared/datetime.ts';
import type { Discount, InvoiceTotals, LineInput } from '../../src/shared/invoice-math.ts';
import { callerOf } from '../support/caller.ts';
import { ok } from '../support/responses.ts';
import { useFuzzSeed } from '../support/fuzz-seed.ts';
import { createTestApp, signUpWithWorkspace, type TestApp } from '../support/test-app.ts';
import {
  checkTotals,
  decimal,
  parseFraction,
  percentDiscount,
  smallLine,
  wideLine,
} from '../support/totals-model.ts';

/*
 * Issue 37, items 1 and 2: money is exact on every path. A percent discount with three
 * decimals is computed exactly (it answered 500), on invoices, estimates and recurring
 * invoices, through REST and tRPC, and through the conversions into invoices; an amount is
 * stored as written or refused with 400, never rounded through a float.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUpWithWorkspace>>;
let caller: Awaited<ReturnType<typeof callerOf>>;
const CURRENCIES = ['JPY', 'USD', 'EUR', 'KWD'] as const;
type Currency = (typeof CURRENCIES)[number];
/** A client billed in each currency. */
const clients = {} as Record<Currency, number>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpWithWorkspace(t.app, 'Exact Money Studio');
  // Recurring invoices start "today" in the workspace's zone: UTC, as the tests date them.
  const zone = await owner.client.put('/api/settings/business', { timezone: 'UTC' });
  expect(zone.statusCode, zone.body).toBe(200);
  caller = await callerOf(t, owner, owner.workspace.id);
  for (const currency of CURRENCIES) {
    const res = await owner.client.post('/api/clients', {
      name: `${currency} Client`,
      email: `ap-${currency.toLowerCase()}@client.example`,
      currency,
    });
    expect(res.statusCode, res.body).toBe(201);
    clients[currency] = (res.json() as { id: number }).id;
  }
});
afterAll(() => t.close());

const today = () => todayIn('UTC');

/** What GET /api/invoices/{id} or /api/estimates/{id} answers, as computeTotals' shape. */
interface DocumentDetail {
  lines: { amount: string; discount: string }[];
  subtotal: string;
  discountTotal: string;
  taxes: { rate: string; base: string; amount: string }[];
  taxTotal: string;
  total: string;
}
const totalsOf = (d: DocumentDetail): InvoiceTotals => ({
  lines: d.lines.map((l) => ({ amount: l.amount, discount: l.discount })),
  subtotal: d.subtotal,
  discount: d.discountTotal,
  taxes: d.taxes,
  taxTotal: d.taxTotal,
  total: d.total,
});

const withDescriptions = (lines: readonly LineInput[]) =>
  lines.map((l, i) => ({ description: `Line ${i + 1}`, ...l }));

/** The largest total an invoice may have (MAX_INVOICE_TOTAL), in minor units. */
const overTheBound = (lines: readonly LineInput[], digits: number) => {
  // Tax at most doubles the subtotal; the server's bound is on the total, so only a
  // subtotal near it can be refused. Computed from the model's own fractions.
  let subtotal = 0n;
  for (const l of lines) {
    const q = parseFraction(l.quantity);
    const p = parseFraction(l.unitPrice);
    subtotal += (q.n * p.n * 10n ** BigInt(digits)) / (q.d * p.d);
  }
  return subtotal * 2n > 999_999_999_999n * 10n ** BigInt(digits);
};

/** A percent the schema refuses: a fourth decimal, or more than 100. */
const refusedPercent = fc.oneof(
  fc
    .bigInt(0n, 99_999n)
    .map((n) => n * 10n + 1n)
    .map((n): Discount => ({ type: 'percent', value: decimal(4)(n, false) })),
  fc.bigInt(100_001n, 10_000_000n).map((n): Discount => ({
    type: 'percent',
    value: decimal(3)(n, true),
  })),
);

const documentInput = fc.constantFrom(...CURRENCIES).chain((currency) => {
  const digits = minorDigits(currency);
  return fc.record({
    currency: fc.constant(currency),
    digits: fc.constant(digits),
    lines: fc.array(fc.oneof(smallLine(digits), wideLine(digits), smallLine(digits)), {
      minLength: 1,
      maxLength: 3,
    }),
    discount: fc.oneof(
      { weight: 4, arbitrary: percentDiscount.map((d) => ({ accepted: true, d })) },
      { weight: 1, arbitrary: refusedPercent.map((d) => ({ accepted: false, d })) },
    ),
    // A script may send the percent as a JSON number.
    asNumber: fc.boolean(),
  });
});

type DocumentInput = typeof documentInput extends fc.Arbitrary<infer T> ? T : never;

const sent = ({ discount, asNumber }: DocumentInput) => ({
  type: 'percent' as const,
  value: asNumber ? Number(discount.d!.value) : discount.d!.value,
});

/**
 * Runs `call`; a refusal must be a 400 (BAD_REQUEST) that the input deserves: a percent
 * the schema refuses, or a total over the bound. Anything else, a 500 above all, fails.
 */
async function exactOrRefused<T>(input: DocumentInput, call: () => Promise<T>): Promise<T | null> {
  try {
    const result = await call();
    if (!input.discount.accepted)
      throw new Error(`${input.discount.d!.value} % was accepted; the schema refuses it`);
    return result;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    if (error.code !== 'BAD_REQUEST') {
      throw new Error(`${error.code} (${error.message}) for ${JSON.stringify(input)}`);
    }
    if (input.discount.accepted && !overTheBound(input.lines, input.digits)) {
      throw new Error(`400 "${error.message}" for a valid document ${JSON.stringify(input)}`);
    }
    return null;
  }
}

/** A document of the generated input: its currency's client, its lines and discount. */
const fieldsOf = (input: DocumentInput) => ({
  clientId: clients[input.currency],
  lines: withDescriptions(input.lines),
  discount: sent(input),
});

const check = (detail: DocumentDetail, input: DocumentInput) =>
  checkTotals(totalsOf(detail), input.lines, input.discount.d, input.digits);

describe('any percent discount the schema accepts gives exact totals or a 400, never a 5xx', () => {
  useFuzzSeed('exact-money.test.ts');

  it('on invoices, created and updated (tRPC)', async () => {
    await fc.assert(
      fc.asyncProperty(documentInput, documentInput, async (input, update) => {
        const made = await exactOrRefused(input, () => caller.invoices.create(fieldsOf(input)));
        if (!made) return;
        check(await caller.invoices.get({ id: made.id }), input);
        // The same draft with another discount: its lines stay, the currency too.
        const next = { ...update, currency: input.currency, digits: input.digits };
        next.lines = input.lines;
        const updated = await exactOrRefused(next, () =>
          caller.invoices.update({ id: made.id, discount: sent(next) }),
        );
        if (updated) check(await caller.invoices.get({ id: made.id }), next);
        await caller.invoices.delete({ id: made.id });
      }),
      { numRuns: 40 },
    );
  }, 240_000);

  it('on estimates, and on the invoice each converts into (tRPC)', async () => {
    await fc.assert(
      fc.asyncProperty(documentInput, async (input) => {
        const made = await exactOrRefused(input, () =>
          caller.estimates.create({
            ...fieldsOf(input),
            status: 'sent',
          }),
        );
        if (!made) return;
        check(await caller.estimates.get({ id: made.id }), input);
        const invoice = await caller.estimates.convert({ id: made.id });
        check(await caller.invoices.get({ id: invoice.id }), input);
      }),
      { numRuns: 30 },
    );
  }, 240_000);

  it('on recurring invoices, and on the invoice each makes (tRPC)', async () => {
    await fc.assert(
      fc.asyncProperty(documentInput, async (input) => {
        const made = await exactOrRefused(input, () =>
          caller.recurringInvoices.create({
            ...fieldsOf(input),
            frequency: 'monthly',
            startDate: today(),
            endAfterCount: 1,
            autoSend: false,
          }),
        );
        if (!made) return;
        // Its first invoice is made at once, dated today.
        expect(made.invoices).toHaveLength(1);
        const invoice = await caller.invoices.get({ id: made.invoices[0]!.id });
        check(invoice, input);
        expect([made.subtotal, made.total]).toEqual([invoice.subtotal, invoice.total]);
      }),
      { numRuns: 30 },
    );
  }, 240_000);
});

/** Three lines whose totals need every decimal of a three-decimal percent. */
const LINES: Record<number, LineInput[]> = {
  0: [
    { quantity: '3', unitPrice: '12345', taxRate: '10' },
    { quantity: '1.5', unitPrice: '999', taxRate: '8' },
    { quantity: '1', unitPrice: '7', taxRate: '0' },
  ],
  2: [
    { quantity: '3', unitPrice: '123.45', taxRate: '20' },
    { quantity: '1.5', unitPrice: '99.99', taxRate: '5.5' },
    { quantity: '1', unitPrice: '0.07', taxRate: '0' },
  ],
  3: [
    { quantity: '3', unitPrice: '12.345', taxRate: '5' },
    { quantity: '1.5', unitPrice: '9.999', taxRate: '12.345' },
    { quantity: '1', unitPrice: '0.007', taxRate: '0' },
  ],
};

describe('a percent discount with three decimals on every REST path', () => {
  for (const currency of ['JPY', 'USD', 'KWD'] as const) {
    const digits = minorDigits(currency);
    const lines = LINES[digits]!;
    for (const value of ['12.345', '0.001', '33.333']) {
      const discount = { type: 'percent' as const, value };
      const expectExact = (detail: DocumentDetail, d: Discount = discount) =>
        checkTotals(totalsOf(detail), lines, d, digits);

      it(`${value} % in ${currency}: invoices, estimates, conversions, recurring invoices`, async () => {
        const clientId = clients[currency];
        const body = { clientId, lines: withDescriptions(lines), discount };

        const invoice = await ok(owner.client.post('/api/invoices', body), 201);
        const detail = await ok(owner.client.get(`/api/invoices/${invoice.id}`));
        expectExact(detail);
        // Answered as written, like tax rates; the PDF and the list read it too.
        expect(detail.discount).toEqual(discount);
        expect((await owner.client.get(`/api/invoices/${invoice.id}/pdf`)).statusCode).toBe(200);
        const listed = await ok(owner.client.get('/api/invoices?limit=100'));
        expect(listed.find((i: any) => i.id === invoice.id)?.discount).toEqual(discount);
        // Edited to another three-decimal percent, then issued.
        const other = { type: 'percent' as const, value: '66.667' };
        await ok(owner.client.put(`/api/invoices/${invoice.id}`, { discount: other }));
        expectExact(await ok(owner.client.get(`/api/invoices/${invoice.id}`)), other);
        await ok(owner.client.post(`/api/invoices/${invoice.id}/issue`));

        const estimate = await ok(
          owner.client.post('/api/estimates', { ...body, status: 'sent' }),
          201,
        );
        expectExact(await ok(owner.client.get(`/api/estimates/${estimate.id}`)));
        expect((await owner.client.get(`/api/estimates/${estimate.id}/pdf`)).statusCode).toBe(200);
        const converted = await ok(owner.client.post(`/api/estimates/${estimate.id}/convert`), 201);
        expectExact(await ok(owner.client.get(`/api/invoices/${converted.id}`)));

        const template = await ok(
          owner.client.post('/api/recurring-invoices', {
            ...body,
            frequency: 'monthly',
            startDate: today(),
            autoSend: false,
          }),
          201,
        );
        expect(template.discount).toEqual(discount);
        expect(template.invoices).toHaveLength(1);
        const made = await ok(owner.client.get(`/api/invoices/${template.invoices[0].id}`));
        expectExact(made);
        expect([template.subtotal, template.total]).toEqual([made.subtotal, made.total]);
        const edited = await ok(
          owner.client.put(`/api/recurring-invoices/${template.id}`, { discount: other }),
        );
        expect(edited.discount).toEqual(other);
        expect((await owner.client.get('/api/recurring-invoices')).statusCode).toBe(200);
      });
    }
  }
});

describe('amounts are stored exactly as written, or refused', () => {
  it('keeps the KWD amount shorthand 1.005 and 12.345 exactly (REST and tRPC)', async () => {
    const first = await ok(
      owner.client.post('/api/invoices', { clientId: clients.KWD, amount: '1.005' }),
      201,
    );
    expect(first).toMatchObject({ currency: 'KWD', amount: '1.005', total: '1.005' });
    const detail = await ok(owner.client.get(`/api/invoices/${first.id}`));
    expect(detail.lines).toMatchObject([
      { description: 'Services', quantity: '1.00', unitPrice: '1.005', amount: '1.005' },
    ]);
    // As a JSON number, the way the create dialog's number input sends it.
    const second = await ok(
      owner.client.post('/api/invoices', { clientId: clients.KWD, amount: 12.345 }),
      201,
    );
    expect(second).toMatchObject({ amount: '12.345', total: '12.345' });
    const byCaller = await caller.invoices.create({ clientId: clients.KWD, amount: '12.345' });
    expect(byCaller.total).toBe('12.345');
    const stored = await t.db
      .selectFrom('invoiceLines')
      .select('unitPrice')
      .where('invoiceId', 'in', [first.id, second.id, byCaller.id])
      .orderBy('invoiceId')
      .execute();
    expect(stored.map((l) => l.unitPrice)).toEqual(['1.005', '12.345', '12.345']);
  });

  it('refuses more decimals than the invoice currency has, with 400', async () => {
    const cases: [Currency, unknown, string][] = [
      ['USD', '1.005', 'The amount: USD amounts have at most 2 decimals'],
      ['JPY', '1.5', 'The amount: JPY amounts have no decimals'],
      ['KWD', '1.0005', 'Enter an amount with at most 3 decimals, like 1200.50'],
      ['USD', -1, 'Number must be greater than or equal to 0'],
      ['USD', 'lots', 'Enter an amount like 1200.50'],
    ];
    for (const [currency, amount, message] of cases) {
      const res = await owner.client.post('/api/invoices', { clientId: clients[currency], amount });
      expect(res.statusCode, `${currency} ${String(amount)}`).toBe(400);
      expect(res.json().error).toBe(message);
    }
    const jpy = await ok(
      owner.client.post('/api/invoices', { clientId: clients.JPY, amount: '1500.000' }),
      201,
    );
    expect(jpy.total).toBe('1500');
  });

  it('keeps a deal value, a project budget and rate, a proposal amount and rates exact', async () => {
    const person = await ok(owner.client.post('/api/persons', { fullName: 'Ada Exact' }), 201);
    const deal = await ok(
      owner.client.post('/api/leads', {
        dealName: 'Exact deal',
        personId: person.id,
        value: '99999999.99',
      }),
      201,
    );
    expect(deal.value).toBe('99999999.99');
    const project = await ok(
      owner.client.post('/api/projects', {
        name: 'Exact project',
        clientId: clients.USD,
        budgetType: 'budget',
        budgetLimit: 1234567.89,
        hourlyRate: '99999.99',
      }),
      201,
    );
    expect(project).toMatchObject({ budgetLimit: '1234567.89', hourlyRate: '99999.99' });
    const proposal = await ok(
      owner.client.post('/api/proposals', {
        title: 'Exact proposal',
        clientName: 'Exact Co',
        description: 'Work',
        amount: '0.1',
      }),
      201,
    );
    expect(proposal.amount).toBe('0.10');
    const rate = await ok(
      owner.client.post('/api/rates', {
        projectId: project.id,
        billableRate: '150.05',
        costRate: 70.1,
        effectiveFrom: today(),
      }),
      201,
    );
    expect(rate).toMatchObject({ billableRate: '150.05', costRate: '70.10' });
    const client = await ok(
      owner.client.put(`/api/clients/${clients.USD}`, { hourlyRate: '0.05' }),
    );
    expect(client.hourlyRate).toBe('0.05');

    // A third decimal would be rounded away by the numeric(10, 2) columns: refused instead.
    const refused: [string, string, object][] = [
      ['POST', '/api/leads', { dealName: 'D', personId: person.id, value: '1.005' }],
      ['PUT', `/api/leads/${deal.id}`, { value: 12.345 }],
      ['PUT', `/api/projects/${project.id}`, { budgetLimit: '1.005' }],
      ['PUT', `/api/projects/${project.id}`, { hourlyRate: '120.001' }],
      ['PUT', `/api/proposals/${proposal.id}`, { amount: '12.345' }],
      ['PUT', `/api/rates/${rate.id}`, { billableRate: '150.055' }],
      ['PUT', `/api/clients/${clients.USD}`, { hourlyRate: '0.125' }],
      ['PUT', '/api/settings/business', { defaultHourlyRate: '120.001' }],
    ];
    for (const [method, url, body] of refused) {
      const res = await owner.client.request(method as 'POST' | 'PUT', url, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().error).toBe('Enter an amount with at most 2 decimals, like 1200.50');
    }
    // Nothing was rounded into the rows.
    const leads = await ok<{ id: number; value: string }[]>(owner.client.get('/api/leads'));
    expect(leads.find((l) => l.id === deal.id)?.value).toBe('99999999.99');
    expect(await ok(owner.client.get(`/api/projects/${project.id}`))).toMatchObject({
      budgetLimit: '1234567.89',
      hourlyRate: '99999.99',
    });
    const proposals = await ok<{ id: number; amount: string }[]>(
      owner.client.get('/api/proposals'),
    );
    expect(proposals.find((p) => p.id === proposal.id)?.amount).toBe('0.10');
  });
});
