import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BankAccount, BankTransaction, CsvMapping } from '../../../shared/banking.schema.ts';
import { compareAmounts, subtractAmounts } from '../../../shared/invoice-math.ts';
import { type ApiClient, joinAs, useTwoWorkspaces } from '../../../../tests/support/test-app.ts';
import { multipartBody } from '../../../../tests/support/uploads.ts';

/* Issue 43, part 3: suggestions, match, unmatch, ignore, expense, auto-match. */

const { t, owner, other } = useTwoWorkspaces('Match Studio', 'Other Match Studio');

const MAPPING: CsvMapping = {
  dateColumn: 'Date',
  dateFormat: 'yyyy-MM-dd',
  amountColumn: 'Amount',
  counterpartyColumn: 'Counterparty',
  referenceColumn: 'Reference',
  delimiter: ';',
  decimalSeparator: '.',
  hasHeader: true,
};

interface Invoice {
  id: number;
  invoiceNumber: string;
  amount: string;
  balance: string;
  status: string;
  paidTotal: string;
  payments?: { id: number; amount: string; date: string; method: string }[];
}

let eur: BankAccount;
let usd: BankAccount;
let clientId: number;
let lineCounter = 0;

async function newAccount(client: ApiClient, currency: string) {
  const res = await client.post('/api/bank-accounts', {
    name: `Account ${currency}`,
    currency,
    openingBalance: '0',
    openingDate: '2025-12-31',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as BankAccount;
}

/** One bank line, imported as a one-row CSV; answers the saved transaction. */
async function bankLine(
  client: ApiClient,
  account: BankAccount,
  line: { amount: string; reference?: string; counterparty?: string; date?: string },
): Promise<BankTransaction> {
  lineCounter += 1;
  const marker = `line-${lineCounter}-${Date.now()}`;
  const csv = `Date;Amount;Counterparty;Reference\n${line.date ?? '2026-02-10'};${line.amount};${line.counterparty ?? 'Someone'};${line.reference ?? ''} ${marker}\n`;
  const boundary = 'keelmatchboundary';
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/bank-accounts/${account.id}/imports`,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(client.cookie ? { cookie: client.cookie } : {}),
    },
    payload: multipartBody(boundary, [
      { name: 'mapping', data: JSON.stringify(MAPPING) },
      { name: 'file', filename: 'line.csv', contentType: 'text/csv', data: Buffer.from(csv) },
    ]),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ imported: 1 });
  const list = await client.get(
    `/api/bank-transactions?accountId=${account.id}&q=${encodeURIComponent(marker)}`,
  );
  const rows = list.json() as BankTransaction[];
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

async function issuedInvoice(client: ApiClient, currency: string, unitPrice: string) {
  const created = await client.post('/api/invoices', {
    clientId,
    currency,
    lines: [{ description: 'Work', quantity: '1', unitPrice }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = (created.json() as { id: number }).id;
  const issued = await client.post(`/api/invoices/${id}/issue`);
  expect(issued.statusCode, issued.body).toBe(200);
  return issued.json() as Invoice;
}

async function invoice(id: number) {
  const res = await owner.client.get(`/api/invoices/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Invoice;
}

/** The invoice's answer without the row's last-change time. */
async function invoiceState(id: number) {
  const { updatedAt: _updatedAt, ...rest } = (await invoice(id)) as Invoice & {
    updatedAt?: string;
  };
  return rest;
}

const match = (client: ApiClient, txId: number, body: object) =>
  client.post(`/api/bank-transactions/${txId}/match`, body);

beforeAll(async () => {
  eur = await newAccount(owner.client, 'EUR');
  usd = await newAccount(owner.client, 'USD');
  const res = await owner.client.post('/api/clients', {
    name: 'Acme Trading GmbH',
    email: 'billing@acme.example',
  });
  expect(res.statusCode, res.body).toBe(201);
  clientId = (res.json() as { id: number }).id;
});

describe('suggestions', () => {
  it('suggests the invoice named in the reference with its amount, and nothing in another currency', async () => {
    const inv = await issuedInvoice(owner.client, 'EUR', '420.00');
    const usdInv = await issuedInvoice(owner.client, 'USD', '420.00');
    const tx = await bankLine(owner.client, eur, {
      amount: inv.amount,
      reference: `Payment ${inv.invoiceNumber}`,
      counterparty: 'Acme Trading GmbH',
    });
    const res = await owner.client.get(`/api/bank-transactions/${tx.id}/suggestions`);
    expect(res.statusCode, res.body).toBe(200);
    const suggestions = res.json() as {
      kind: string;
      invoiceId?: number;
      currency: string;
      score: number;
      reasons: string[];
      amount: string;
    }[];
    expect(suggestions[0]).toMatchObject({
      kind: 'invoice',
      invoiceId: inv.id,
      amount: inv.amount,
    });
    expect(suggestions[0]!.score).toBeGreaterThanOrEqual(80);
    expect(suggestions[0]!.reasons.length).toBeGreaterThan(0);
    expect(suggestions.every((s) => s.currency === 'EUR')).toBe(true);
    expect(suggestions.some((s) => s.invoiceId === usdInv.id)).toBe(false);
  });

  it('suggests unlinked expenses for money out', async () => {
    const expense = await owner.client.post('/api/expenses', {
      date: '2026-02-09',
      amount: '37.90',
      currency: 'EUR',
      vendor: 'Paper Shop',
    });
    expect(expense.statusCode, expense.body).toBe(201);
    const expenseId = (expense.json() as { id: number }).id;
    const tx = await bankLine(owner.client, eur, { amount: '-37.90', counterparty: 'Paper Shop' });
    const suggestions = (
      await owner.client.get(`/api/bank-transactions/${tx.id}/suggestions`)
    ).json() as { kind: string; expenseId?: number }[];
    expect(suggestions[0]).toMatchObject({ kind: 'expense', expenseId });

    const linked = await match(owner.client, tx.id, { expenseId });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ status: 'matched', expenseId, invoicePaymentId: null });
    // Linked once: another line no longer gets it, and cannot take it.
    const again = await bankLine(owner.client, eur, {
      amount: '-37.90',
      counterparty: 'Paper Shop',
    });
    const after = (
      await owner.client.get(`/api/bank-transactions/${again.id}/suggestions`)
    ).json() as { expenseId?: number }[];
    expect(after.some((s) => s.expenseId === expenseId)).toBe(false);
    expect((await match(owner.client, again.id, { expenseId })).statusCode).toBe(409);
    // Unmatching unlinks; the expense stays.
    const undone = await owner.client.post(`/api/bank-transactions/${tx.id}/unmatch`);
    expect(undone.json()).toMatchObject({ status: 'unmatched', expenseId: null });
    expect((await owner.client.get(`/api/expenses/${expenseId}`)).statusCode).toBe(200);
  });
});

describe('match and unmatch', () => {
  it('records the payment as a manual one and unmatching leaves the invoice exactly as before', async () => {
    const inv = await issuedInvoice(owner.client, 'EUR', '250.00');
    const before = await invoiceState(inv.id);
    const tx = await bankLine(owner.client, eur, {
      amount: inv.amount,
      reference: inv.invoiceNumber,
      date: '2026-02-11',
    });
    const res = await match(owner.client, tx.id, { invoiceId: inv.id });
    expect(res.statusCode, res.body).toBe(200);
    const matched = res.json() as BankTransaction;
    expect(matched).toMatchObject({
      status: 'matched',
      expenseId: null,
      invoice: { id: inv.id, number: inv.invoiceNumber },
    });
    expect(matched.invoicePaymentId).not.toBeNull();
    const paid = await invoice(inv.id);
    expect(paid.status).toBe('paid');
    expect(paid.payments).toEqual([
      expect.objectContaining({
        id: matched.invoicePaymentId,
        amount: inv.amount,
        date: '2026-02-11',
        method: 'bank_transfer',
      }),
    ]);

    expect((await match(owner.client, tx.id, { invoiceId: inv.id })).statusCode).toBe(409);

    const undone = await owner.client.post(`/api/bank-transactions/${tx.id}/unmatch`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect((undone.json() as BankTransaction).invoice).toBeNull();
    expect(undone.json()).toMatchObject({ status: 'unmatched', invoicePaymentId: null });
    expect(await invoiceState(inv.id)).toEqual(before);
    expect((await owner.client.post(`/api/bank-transactions/${tx.id}/unmatch`)).statusCode).toBe(
      409,
    );
  });

  it('links a payment recorded by hand for the same money instead of recording it twice, and unmatching keeps it', async () => {
    const inv = await issuedInvoice(owner.client, 'EUR', '300.00');
    const manual = await owner.client.post(`/api/invoices/${inv.id}/payments`, {
      amount: inv.amount,
      date: '2026-02-12',
      method: 'bank_transfer',
    });
    expect(manual.statusCode, manual.body).toBe(201);
    const recorded = await invoice(inv.id);
    const tx = await bankLine(owner.client, eur, {
      amount: inv.amount,
      reference: inv.invoiceNumber,
      date: '2026-02-14',
    });
    const res = await match(owner.client, tx.id, { invoiceId: inv.id });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as BankTransaction).invoicePaymentId).toBe(recorded.payments![0]!.id);
    expect((await invoice(inv.id)).payments).toHaveLength(1);

    await owner.client.post(`/api/bank-transactions/${tx.id}/unmatch`);
    const after = await invoice(inv.id);
    expect(after.payments).toEqual(recorded.payments);
    expect(after.status).toBe('paid');
  });

  it('refuses another currency, more than the balance, and money out to an invoice', async () => {
    const inv = await issuedInvoice(owner.client, 'EUR', '100.00');
    const dollars = await bankLine(owner.client, usd, { amount: inv.amount });
    expect((await match(owner.client, dollars.id, { invoiceId: inv.id })).statusCode).toBe(409);
    const tx = await bankLine(owner.client, eur, { amount: '5000.00' });
    expect(
      (await match(owner.client, tx.id, { invoiceId: inv.id, amount: '4999.00' })).statusCode,
    ).toBe(409);
    const out = await bankLine(owner.client, eur, { amount: '-100.00' });
    expect((await match(owner.client, out.id, { invoiceId: inv.id })).statusCode).toBe(400);
    // More money than the balance pays the balance.
    const res = await match(owner.client, tx.id, { invoiceId: inv.id });
    expect(res.statusCode, res.body).toBe(200);
    expect((await invoice(inv.id)).payments![0]!.amount).toBe(inv.amount);
    expect((await invoice(inv.id)).status).toBe('paid');
  });

  it('ignores and unignores, and turns money out into a linked expense', async () => {
    const tx = await bankLine(owner.client, eur, { amount: '-12.34', counterparty: 'Own savings' });
    const ignored = await owner.client.post(`/api/bank-transactions/${tx.id}/ignore`);
    expect(ignored.json()).toMatchObject({ status: 'ignored' });
    expect((await owner.client.post(`/api/bank-transactions/${tx.id}/ignore`)).statusCode).toBe(
      409,
    );
    expect(
      (await owner.client.post(`/api/bank-transactions/${tx.id}/expense`, {})).statusCode,
    ).toBe(409);
    const back = await owner.client.post(`/api/bank-transactions/${tx.id}/unmatch`);
    expect(back.json()).toMatchObject({ status: 'unmatched' });

    const made = await owner.client.post(`/api/bank-transactions/${tx.id}/expense`, {
      description: 'Printer toner',
    });
    expect(made.statusCode, made.body).toBe(201);
    const linked = made.json() as BankTransaction;
    expect(linked.status).toBe('matched');
    const expense = (await owner.client.get(`/api/expenses/${linked.expenseId}`)).json();
    expect(expense).toMatchObject({
      amount: '12.34',
      currency: 'EUR',
      date: '2026-02-10',
      vendor: 'Own savings',
      notes: 'Printer toner',
    });
    const incoming = await bankLine(owner.client, eur, { amount: '12.34' });
    expect(
      (await owner.client.post(`/api/bank-transactions/${incoming.id}/expense`, {})).statusCode,
    ).toBe(400);
  });
});

describe('auto-match', () => {
  it('confirms only the certain suggestions and leaves partial amounts for review', async () => {
    const account = await newAccount(owner.client, 'EUR');
    const full = await issuedInvoice(owner.client, 'EUR', '640.00');
    const part = await issuedInvoice(owner.client, 'EUR', '900.00');
    await bankLine(owner.client, account, { amount: full.amount, reference: full.invoiceNumber });
    const partial = await bankLine(owner.client, account, {
      amount: '100.00',
      reference: part.invoiceNumber,
    });
    const res = await owner.client.post(`/api/bank-accounts/${account.id}/auto-match`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ matched: 1, left: 1 });
    expect((await invoice(full.id)).status).toBe('paid');
    expect((await invoice(part.id)).payments).toHaveLength(0);
    const suggested = (
      await owner.client.get(`/api/bank-transactions/${partial.id}/suggestions`)
    ).json() as { invoiceId?: number }[];
    expect(suggested[0]?.invoiceId).toBe(part.id);
    // Again: nothing more.
    expect((await owner.client.post(`/api/bank-accounts/${account.id}/auto-match`)).json()).toEqual(
      { matched: 0, left: 1 },
    );
  });
});

describe('concurrency', () => {
  it('records one payment when one transaction is matched twice at once', async () => {
    const inv = await issuedInvoice(owner.client, 'EUR', '120.00');
    const tx = await bankLine(owner.client, eur, { amount: '60.00', reference: inv.invoiceNumber });
    const answers = await Promise.all([
      match(owner.client, tx.id, { invoiceId: inv.id }),
      match(owner.client, tx.id, { invoiceId: inv.id }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await invoice(inv.id)).payments).toHaveLength(1);
  });

  it('ends with one payment when a match races a manual payment of the same money', async () => {
    const inv = await issuedInvoice(owner.client, 'EUR', '75.00');
    const tx = await bankLine(owner.client, eur, {
      amount: inv.amount,
      reference: inv.invoiceNumber,
      date: '2026-02-15',
    });
    const [matched, manual] = await Promise.all([
      match(owner.client, tx.id, { invoiceId: inv.id }),
      owner.client.post(`/api/invoices/${inv.id}/payments`, {
        amount: inv.amount,
        date: '2026-02-15',
        method: 'bank_transfer',
      }),
    ]);
    expect(matched.statusCode, matched.body).toBe(200);
    // Either the manual one came first (and was linked) or it found nothing left to pay.
    expect([201, 400]).toContain(manual.statusCode);
    const after = await invoice(inv.id);
    expect(after.payments).toHaveLength(1);
    expect((matched.json() as BankTransaction).invoicePaymentId).toBe(after.payments![0]!.id);
  });
});

describe('tenancy and roles', () => {
  it("answers 404 for another workspace's transactions, invoices and accounts", async () => {
    const inv = await issuedInvoice(owner.client, 'EUR', '10.00');
    const tx = await bankLine(owner.client, eur, { amount: '10.00', reference: inv.invoiceNumber });
    const c = other.client;
    expect((await c.get(`/api/bank-transactions/${tx.id}/suggestions`)).statusCode).toBe(404);
    expect((await match(c, tx.id, { invoiceId: inv.id })).statusCode).toBe(404);
    expect((await c.post(`/api/bank-transactions/${tx.id}/unmatch`)).statusCode).toBe(404);
    expect((await c.post(`/api/bank-transactions/${tx.id}/ignore`)).statusCode).toBe(404);
    expect((await c.post(`/api/bank-transactions/${tx.id}/expense`, {})).statusCode).toBe(404);
    expect((await c.post(`/api/bank-accounts/${eur.id}/auto-match`)).statusCode).toBe(404);
    // Their own line cannot pay this workspace's invoice.
    const theirs = await newAccount(c, 'EUR');
    const their = await bankLine(c, theirs, { amount: '10.00', reference: inv.invoiceNumber });
    expect((await match(c, their.id, { invoiceId: inv.id })).statusCode).toBe(404);
    expect((await invoice(inv.id)).payments).toHaveLength(0);
  });

  it('lets project managers match, as they record payments, and collaborators not', async () => {
    const workspaceId = owner.workspace.id;
    const pm = await joinAs(t, workspaceId, 'project_manager');
    const inv = await issuedInvoice(owner.client, 'EUR', '11.00');
    const tx = await bankLine(owner.client, eur, { amount: '11.00', reference: inv.invoiceNumber });
    const collaborator = await joinAs(t, workspaceId, 'collaborator');
    expect((await match(collaborator.client, tx.id, { invoiceId: inv.id })).statusCode).toBe(403);
    expect((await match(pm.client, tx.id, { invoiceId: inv.id })).statusCode).toBe(200);
  });
});

describe('property: matches and unmatches keep the books', () => {
  it('keeps every balance = total − payments and no transaction linked twice', async () => {
    const invoices = [
      await issuedInvoice(owner.client, 'EUR', '100.00'),
      await issuedInvoice(owner.client, 'EUR', '70.00'),
    ];
    const lines = [
      await bankLine(owner.client, eur, { amount: '30.00' }),
      await bankLine(owner.client, eur, { amount: '70.00' }),
      await bankLine(owner.client, eur, { amount: '100.00' }),
    ];
    const step = fc.record({
      op: fc.constantFrom('match', 'unmatch'),
      line: fc.integer({ min: 0, max: lines.length - 1 }),
      invoice: fc.integer({ min: 0, max: invoices.length - 1 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 8 }), async (steps) => {
        for (const s of steps) {
          const txId = lines[s.line]!.id;
          const res =
            s.op === 'match'
              ? await match(owner.client, txId, { invoiceId: invoices[s.invoice]!.id })
              : await owner.client.post(`/api/bank-transactions/${txId}/unmatch`);
          expect([200, 409]).toContain(res.statusCode);
        }
        const paymentIds: number[] = [];
        for (const { id } of invoices) {
          const now = await invoice(id);
          let paid = '0.00';
          for (const p of now.payments ?? []) {
            paid = subtractAmounts(paid, `-${p.amount}`, 2);
            paymentIds.push(p.id);
          }
          expect(now.balance).toBe(subtractAmounts(now.amount, paid, 2));
          expect(compareAmounts(now.balance, '0')).toBeGreaterThanOrEqual(0);
        }
        const linked: number[] = [];
        for (const line of lines) {
          const tx = (
            await owner.client.get(`/api/bank-transactions/${line.id}`)
          ).json() as BankTransaction;
          if (tx.invoicePaymentId !== null) linked.push(tx.invoicePaymentId);
          expect(tx.status === 'matched').toBe(tx.invoicePaymentId !== null);
        }
        expect(new Set(linked).size).toBe(linked.length);
        expect(linked.every((id) => paymentIds.includes(id))).toBe(true);
        // Every payment here came from a match: as many as the matched lines.
        expect(paymentIds).toHaveLength(linked.length);
        // Back to a clean slate for the next run.
        for (const line of lines)
          await owner.client.post(`/api/bank-transactions/${line.id}/unmatch`);
      }),
      { numRuns: 15 },
    );
  });
});

describe('bank rules', () => {
  it('are listed in order, applied at import and on demand to unmatched lines only, and editable', async () => {
    const account = await newAccount(owner.client, 'EUR');
    const category = await owner.client.post('/api/expense-categories', { name: 'Bank fees' });
    expect(category.statusCode, category.body).toBe(201);
    const categoryId = (category.json() as { id: number }).id;
    const fees = await owner.client.post('/api/bank-rules', {
      name: 'Fees',
      conditions: { field: 'counterparty', contains: 'Sparkasse', direction: 'out' },
      action: { type: 'categorise', categoryId },
    });
    expect(fees.statusCode, fees.body).toBe(201);
    const feesRule = fees.json() as { id: number; position: number };
    const own = await owner.client.post('/api/bank-rules', {
      name: 'Own transfers',
      conditions: { field: 'any', contains: 'Savings', amountMax: '500' },
      action: { type: 'ignore' },
    });
    const ownRule = own.json() as { id: number; position: number };
    expect(ownRule.position).toBeGreaterThan(feesRule.position);
    const listed = (await owner.client.get('/api/bank-rules')).json() as { id: number }[];
    expect(listed.map((r) => r.id)).toEqual([feesRule.id, ownRule.id]);

    const fee = await bankLine(owner.client, account, {
      amount: '-4.90',
      counterparty: 'Sparkasse',
    });
    expect(fee).toMatchObject({ status: 'unmatched', categoryId, ruleId: feesRule.id });
    const moved = await bankLine(owner.client, account, {
      amount: '-200.00',
      counterparty: 'Savings',
    });
    expect(moved).toMatchObject({ status: 'ignored', ruleId: ownRule.id });
    const big = await bankLine(owner.client, account, {
      amount: '-900.00',
      counterparty: 'Savings',
    });
    expect(big).toMatchObject({ status: 'unmatched', ruleId: null });
    // Money in is never categorised.
    const refund = await bankLine(owner.client, account, {
      amount: '4.90',
      counterparty: 'Sparkasse',
    });
    expect(refund).toMatchObject({ categoryId: null, ruleId: null });

    // Edited: the limit goes up; applied on demand to the unmatched line, not to matched ones.
    const put = await owner.client.put(`/api/bank-rules/${ownRule.id}`, {
      name: 'Own transfers',
      conditions: { field: 'any', contains: 'Savings', amountMax: '1000' },
      action: { type: 'ignore' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((put.json() as { position: number }).position).toBe(ownRule.position);
    // A PUT that leaves `enabled` out keeps it: a switched-off rule stays off.
    const rule = { ...(put.json() as object), enabled: false };
    expect((await owner.client.put(`/api/bank-rules/${ownRule.id}`, rule)).statusCode).toBe(200);
    const kept = await owner.client.put(`/api/bank-rules/${ownRule.id}`, {
      name: 'Own transfers',
      conditions: { field: 'any', contains: 'Savings', amountMax: '1000' },
      action: { type: 'ignore' },
    });
    expect(kept.json()).toMatchObject({ enabled: false });
    expect(
      (await owner.client.put(`/api/bank-rules/${ownRule.id}`, { ...rule, enabled: true }))
        .statusCode,
    ).toBe(200);
    const applied = await owner.client.post('/api/bank-rules/apply');
    expect(applied.statusCode, applied.body).toBe(200);
    expect((applied.json() as { applied: number }).applied).toBeGreaterThanOrEqual(1);
    expect((await owner.client.get(`/api/bank-transactions/${big.id}`)).json()).toMatchObject({
      status: 'ignored',
      ruleId: ownRule.id,
    });

    // Another workspace's rules are not found; deleting one keeps what it did.
    expect((await other.client.delete(`/api/bank-rules/${ownRule.id}`)).statusCode).toBe(404);
    expect((await other.client.get('/api/bank-rules')).json()).toEqual([]);
    expect((await owner.client.delete(`/api/bank-rules/${ownRule.id}`)).statusCode).toBe(200);
    expect((await owner.client.get(`/api/bank-transactions/${big.id}`)).json()).toMatchObject({
      status: 'ignored',
      ruleId: null,
    });
    expect((await owner.client.delete(`/api/bank-rules/${feesRule.id}`)).statusCode).toBe(200);
  });
});
