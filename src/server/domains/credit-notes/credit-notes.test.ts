import { describe, expect, it } from 'vitest';
import { ok } from '../../../../tests/support/responses.ts';
import { pdfText } from '../../../../tests/support/pdf-text.ts';
import {
  joinAs,
  useTwoWorkspaces,
  type WorkspaceAccount,
} from '../../../../tests/support/test-app.ts';
import type { CreditNoteDetail } from '../../../shared/credit-notes.schema.ts';

/*
 * Credit notes (issue 41, item 5): crediting an issued invoice in full, by lines and by an
 * amount, exactly; never more than remains; the gap-free CN- sequence under concurrency;
 * the invoice's balance and status; the reports; the void rule; the portal; tenancy.
 */

const { t, owner, other } = useTwoWorkspaces('Credit Studio', 'Other Credit Studio');

async function newClient(account: WorkspaceAccount = owner, fields: object = {}) {
  return ok<{ id: number }>(
    account.client.post('/api/clients', {
      name: 'Acme GmbH',
      email: 'ap@acme.example.com',
      ...fields,
    }),
    201,
  );
}

const LINES = [
  { description: 'Design', quantity: '10', unitPrice: '100.00', taxRate: '20' },
  { description: 'Hosting', quantity: '3', unitPrice: '33.33', taxRate: '10' },
  { description: 'Books', quantity: '1', unitPrice: '50.00', taxRate: '0' },
];

/** An issued invoice: 1000 @20 % + 99.99 @10 % + 50 @0 % = 1149.99 + 200 + 10 = 1359.99. */
async function issuedInvoice(
  account: WorkspaceAccount = owner,
  fields: object = {},
  clientId?: number,
) {
  const client = clientId ?? (await newClient(account)).id;
  return ok<any>(
    account.client.post('/api/invoices', {
      clientId: client,
      lines: LINES,
      status: 'sent',
      ...fields,
    }),
    201,
  );
}

const credit = (
  invoiceId: number,
  body: object,
  account: Pick<WorkspaceAccount, 'client'> = owner,
) => account.client.post(`/api/invoices/${invoiceId}/credit-notes`, body);

const invoiceOf = (id: number) => ok<any>(owner.client.get(`/api/invoices/${id}`));

describe('crediting an issued invoice', () => {
  it('credits in full: every line, the tax per rate, the total; the unpaid invoice is settled', async () => {
    const invoice = await issuedInvoice();
    expect(invoice.total).toBe('1359.99');
    const note = await ok<CreditNoteDetail>(credit(invoice.id, { reason: 'Cancelled order' }), 201);
    expect(note).toMatchObject({
      creditNoteNumber: expect.stringMatching(/^CN-\d{4}$/),
      invoiceId: invoice.id,
      invoice: { number: invoice.invoiceNumber, issueDate: invoice.issueDate },
      mode: 'full',
      reason: 'Cancelled order',
      subtotal: '1149.99',
      taxTotal: '210.00',
      total: '1359.99',
      currency: 'USD',
    });
    expect(note.lines.map((l) => [l.description, l.quantity, l.amount, l.taxRate])).toEqual([
      ['Design', '10.00', '1000.00', '20'],
      ['Hosting', '3.00', '99.99', '10'],
      ['Books', '1.00', '50.00', '0'],
    ]);
    expect(note.taxes).toEqual([
      { rate: '0', base: '50.00', amount: '0.00' },
      { rate: '10', base: '99.99', amount: '10.00' },
      { rate: '20', base: '1000.00', amount: '200.00' },
    ]);
    expect(note.buyer.name).toBe('Acme GmbH');
    expect(note.seller.name).toBe('Credit Studio');
    const after = await invoiceOf(invoice.id);
    expect(after).toMatchObject({ creditedAmount: '1359.99', balance: '0.00', status: 'paid' });
    const again = await credit(invoice.id, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This invoice is already credited in full');
  });

  it('credits by an amount split over the tax rates exactly, and never more than remains', async () => {
    const invoice = await issuedInvoice();
    const half = await ok<CreditNoteDetail>(
      credit(invoice.id, { reason: 'Discount agreed', amount: '680.00' }),
      201,
    );
    expect(half.mode).toBe('amount');
    expect(half.total).toBe('680.00');
    // 680 × 1200/1359.99, 680 × 109.99/1359.99, 680 × 50/1359.99 with the cents placed.
    const sum = half.taxes.reduce(
      (s, t) => s + Math.round(Number(t.base) * 100) + Math.round(Number(t.amount) * 100),
      0,
    );
    expect(sum).toBe(68000);
    expect(half.taxes.map((t) => t.rate)).toEqual(['0', '10', '20']);
    const gross = half.taxes.map((t) => (Number(t.base) + Number(t.amount)).toFixed(2));
    expect(gross).toEqual(['25.00', '55.00', '600.00']);
    expect(half.lines.every((l) => l.invoiceLineId === null && l.credits === 'rate')).toBe(true);

    let after = await invoiceOf(invoice.id);
    expect(after).toMatchObject({ creditedAmount: '680.00', balance: '679.99', status: 'sent' });

    const tooMuch = await credit(invoice.id, { reason: 'More', amount: '680.00' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error).toBe(
      'This is more than remains to credit on this invoice: at most $679.99',
    );
    const creditable = await ok<any>(owner.client.get(`/api/invoices/${invoice.id}/creditable`));
    expect(creditable).toMatchObject({ total: '1359.99', credited: '680.00', remaining: '679.99' });

    // The rest, in full: per rate (an earlier credit was by amount), summing to the total.
    const rest = await ok<CreditNoteDetail>(credit(invoice.id, { reason: 'The rest' }), 201);
    expect(rest.total).toBe('679.99');
    expect(rest.lines.every((l) => l.credits === 'rate')).toBe(true);
    after = await invoiceOf(invoice.id);
    expect(after).toMatchObject({ creditedAmount: '1359.99', balance: '0.00', status: 'paid' });
  });

  it('credits by lines: a quantity or an amount of a line, within what remains of it', async () => {
    const invoice = await issuedInvoice();
    const { lines } = await invoiceOf(invoice.id);
    const [design, hosting] = lines;
    const note = await ok<CreditNoteDetail>(
      credit(invoice.id, {
        reason: 'Two days not worked',
        lines: [
          { invoiceLineId: design.id, quantity: '2' },
          { invoiceLineId: hosting.id, amount: '10.00' },
        ],
      }),
      201,
    );
    expect(note.mode).toBe('lines');
    expect(note.lines.map((l) => [l.credits, l.quantity, l.amount])).toEqual([
      ['quantity', '2.00', '200.00'],
      ['amount', '1.00', '10.00'],
    ]);
    expect(note.taxes).toEqual([
      { rate: '10', base: '10.00', amount: '1.00' },
      { rate: '20', base: '200.00', amount: '40.00' },
    ]);
    expect(note.total).toBe('251.00');

    const over = await credit(invoice.id, {
      reason: 'Too many',
      lines: [{ invoiceLineId: design.id, quantity: '8.01' }],
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toBe('“Design”: at most 8.00 can still be credited');
    const overAmount = await credit(invoice.id, {
      reason: 'Too much',
      lines: [{ invoiceLineId: hosting.id, amount: '90.00' }],
    });
    expect(overAmount.statusCode).toBe(409);

    const creditable = await ok<any>(owner.client.get(`/api/invoices/${invoice.id}/creditable`));
    expect(creditable.lines.slice(0, 2)).toMatchObject([
      { remainingQuantity: '8.00', remainingAmount: '800.00' },
      { remainingQuantity: '3.00', remainingAmount: '89.99' },
    ]);

    // In full afterwards: what remains of each line, and exactly the invoice's total in all.
    const rest = await ok<CreditNoteDetail>(credit(invoice.id, { reason: 'Cancelled' }), 201);
    expect(rest.lines.map((l) => [l.quantity, l.amount])).toEqual([
      ['8.00', '800.00'],
      ['3.00', '89.99'],
      ['1.00', '50.00'],
    ]);
    expect(Number(rest.total) + Number(note.total)).toBeCloseTo(1359.99, 2);
    expect(rest.total).toBe('1108.99');
  });

  it('splits an amount over a discounted invoice with the discount shares counted', async () => {
    const invoice = await issuedInvoice(owner, {
      discount: { type: 'percent', value: '10' },
      lines: [
        { description: 'A', quantity: '1', unitPrice: '100.00', taxRate: '20' },
        { description: 'B', quantity: '1', unitPrice: '100.00', taxRate: '0' },
      ],
    });
    // 90 + 18 tax + 90 = 198.
    expect(invoice.total).toBe('198.00');
    const note = await ok<CreditNoteDetail>(
      credit(invoice.id, { reason: 'Part', amount: '99.00' }),
      201,
    );
    expect(note.taxes).toEqual([
      { rate: '0', base: '45.00', amount: '0.00' },
      { rate: '20', base: '45.00', amount: '9.00' },
    ]);
    const rest = await ok<CreditNoteDetail>(credit(invoice.id, { reason: 'Rest' }), 201);
    expect(rest.total).toBe('99.00');
  });

  it('refuses a draft, a void invoice, a missing reason and a line of another invoice', async () => {
    const client = await newClient();
    const draft = await ok<any>(
      owner.client.post('/api/invoices', { clientId: client.id, lines: LINES }),
      201,
    );
    const refused = await credit(draft.id, { reason: 'Draft' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/Only an issued invoice can be credited/);
    const noReason = await credit(draft.id, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);

    const toVoid = await issuedInvoice(owner, {}, client.id);
    await ok(owner.client.post(`/api/invoices/${toVoid.id}/void`, { reason: 'Wrong client' }));
    expect((await credit(toVoid.id, { reason: 'Void' })).statusCode).toBe(409);

    const a = await issuedInvoice(owner, {}, client.id);
    const b = await invoiceOf((await issuedInvoice(owner, {}, client.id)).id);
    const wrongLine = await credit(a.id, {
      reason: 'Wrong line',
      lines: [{ invoiceLineId: b.lines[0].id, quantity: '1' }],
    });
    expect(wrongLine.statusCode).toBe(404);
    const both = await credit(a.id, {
      reason: 'Both',
      amount: '1.00',
      lines: [{ invoiceLineId: b.lines[0].id, quantity: '1' }],
    });
    expect(both.statusCode).toBe(400);
  });

  it('lowers the balance of a partly paid invoice and settles it when payments and credits reach the total', async () => {
    const invoice = await issuedInvoice(owner, {
      lines: [{ description: 'Work', quantity: '1', unitPrice: '100.00', taxRate: '0' }],
    });
    await ok(
      owner.client.post(`/api/invoices/${invoice.id}/payments`, {
        amount: '60.00',
        date: invoice.issueDate,
        method: 'bank_transfer',
      }),
      201,
    );
    await ok(credit(invoice.id, { reason: 'Goodwill', amount: '30.00' }), 201);
    expect(await invoiceOf(invoice.id)).toMatchObject({
      paidTotal: '60.00',
      creditedAmount: '30.00',
      balance: '10.00',
      status: 'sent',
    });
    const over = await owner.client.post(`/api/invoices/${invoice.id}/payments`, {
      amount: '10.01',
      date: invoice.issueDate,
      method: 'bank_transfer',
    });
    expect(over.statusCode).toBe(400);
    await ok(
      owner.client.post(`/api/invoices/${invoice.id}/payments`, {
        amount: '10.00',
        date: invoice.issueDate,
        method: 'bank_transfer',
      }),
      201,
    );
    expect(await invoiceOf(invoice.id)).toMatchObject({ balance: '0.00', status: 'paid' });
  });
});

describe('numbering', () => {
  it('stays gap-free under 30 concurrent creations, with the profile prefix', async () => {
    const fresh = await joinAs(t, owner.workspace.id, 'administrator');
    await ok(owner.client.put('/api/settings/business', { creditNotePrefix: 'AV-' }));
    const invoices = await Promise.all([0, 1, 2].map(() => issuedInvoice()));
    const made = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        credit(
          invoices[i % 3]!.id,
          { reason: `Credit ${i}`, amount: '10.00' },
          i % 2 ? fresh : owner,
        ),
      ),
    );
    for (const res of made) expect(res.statusCode, res.body).toBe(201);
    const numbers = made.map((r) => r.json().creditNoteNumber as string);
    const counters = numbers.map((n) => Number(n.replace('AV-', ''))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(30);
    expect(numbers.every((n) => n.startsWith('AV-'))).toBe(true);
    expect(counters.at(-1)! - counters[0]! + 1).toBe(30);
    for (const invoice of invoices)
      expect((await invoiceOf(invoice.id)).creditedAmount).toBe('100.00');
    await ok(owner.client.put('/api/settings/business', { creditNotePrefix: 'CN-' }));
  });
});

describe('reading credit notes', () => {
  it('lists, searches, filters, reads and downloads them as a PDF naming the invoice', async () => {
    const client = await newClient(owner, { name: 'Zebra Searchable Ltd' });
    const invoice = await issuedInvoice(owner, {}, client.id);
    const note = await ok<CreditNoteDetail>(
      credit(invoice.id, { reason: 'Hours billed twice', amount: '100.00' }),
      201,
    );
    const byClient = await owner.client.get(`/api/credit-notes?search=zebra`);
    expect(byClient.statusCode).toBe(200);
    expect(byClient.json().map((n: any) => n.id)).toEqual([note.id]);
    expect(byClient.headers['x-total-count']).toBe('1');
    const byInvoice = await ok<any[]>(
      owner.client.get(`/api/credit-notes?search=${invoice.invoiceNumber}`),
    );
    expect(byInvoice.map((n) => n.id)).toContain(note.id);
    const filtered = await ok<any[]>(owner.client.get(`/api/credit-notes?clientId=${client.id}`));
    expect(filtered.map((n) => n.id)).toEqual([note.id]);
    const ofInvoice = await ok<any[]>(
      owner.client.get(`/api/credit-notes?invoiceId=${invoice.id}`),
    );
    expect(ofInvoice.map((n) => n.id)).toEqual([note.id]);
    const sorted = await ok<any[]>(owner.client.get('/api/credit-notes?sort=-total&limit=2'));
    expect(Number(sorted[0].total)).toBeGreaterThanOrEqual(Number(sorted[1].total));

    expect(await ok(owner.client.get(`/api/credit-notes/${note.id}`))).toEqual(note);
    const pdf = await owner.client.get(`/api/credit-notes/${note.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Credit note');
    expect(text).toContain(note.creditNoteNumber);
    expect(text).toContain(invoice.invoiceNumber);
    expect(text).toContain('Hours billed twice');
    expect(text).not.toContain('Balance due');
  });

  it('emails a credit note with its PDF through the outbox', async () => {
    const invoice = await issuedInvoice();
    const note = await ok<CreditNoteDetail>(credit(invoice.id, { reason: 'Refund' }), 201);
    const sent = await ok<any>(
      owner.client.post(`/api/credit-notes/${note.id}/send`, { message: 'Here is your credit.' }),
      202,
    );
    expect(sent.email).toMatchObject({
      kind: 'credit_note',
      creditNoteId: note.id,
      invoiceId: null,
      to: 'ap@acme.example.com',
      subject: `Credit note ${note.creditNoteNumber} from Credit Studio`,
      body: 'Here is your credit.',
    });
    const outbox = await ok<any[]>(owner.client.get(`/api/credit-notes/${note.id}/emails`));
    expect(outbox.map((e) => e.id)).toEqual([sent.email.id]);
    const templates = await ok<any>(owner.client.get('/api/settings/email-templates'));
    expect(templates.creditNoteSubject).toBe('Credit note {number} from {businessName}');
    await ok(
      owner.client.put('/api/settings/email-templates', {
        creditNoteSubject: 'Your credit {number}',
      }),
    );
    const preview = await ok<any>(
      owner.client.post(`/api/credit-notes/${note.id}/email-preview`, {}),
    );
    expect(preview.subject).toBe(`Your credit ${note.creditNoteNumber}`);
    expect(preview.body).toContain(`which credits invoice ${invoice.invoiceNumber}`);
  });

  it('keeps members who do not bill from crediting, and other workspaces out', async () => {
    const invoice = await issuedInvoice();
    const member = await joinAs(t, owner.workspace.id, 'collaborator');
    expect((await credit(invoice.id, { reason: 'No' }, member)).statusCode).toBe(403);
    expect((await credit(invoice.id, { reason: 'No' }, other)).statusCode).toBe(404);
    const note = await ok<CreditNoteDetail>(credit(invoice.id, { reason: 'Mine' }), 201);
    expect((await other.client.get(`/api/credit-notes/${note.id}`)).statusCode).toBe(404);
    expect((await other.client.get(`/api/credit-notes/${note.id}/pdf`)).statusCode).toBe(404);
    const theirs = await ok<any[]>(other.client.get('/api/credit-notes'));
    expect(theirs.map((n) => n.id)).not.toContain(note.id);
    expect((await member.client.get(`/api/credit-notes/${note.id}`)).statusCode).toBe(200);
  });
});

describe('voiding', () => {
  it('voids an issued invoice never sent, and refuses one emailed or viewed: credit it instead', async () => {
    const never = await issuedInvoice();
    expect(
      (await ok<any>(owner.client.post(`/api/invoices/${never.id}/void`, { reason: 'Typo' })))
        .status,
    ).toBe('void');

    const viewed = await issuedInvoice();
    await ok(owner.client.put(`/api/invoices/${viewed.id}`, { status: 'viewed' }));
    const refused = await owner.client.post(`/api/invoices/${viewed.id}/void`, { reason: 'Typo' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('This invoice was sent to the client: credit it instead');

    const emailed = await issuedInvoice();
    await t.db
      .updateTable('invoices')
      .set({ emailedAt: new Date() })
      .where('id', '=', emailed.id)
      .execute();
    const refusedEmailed = await owner.client.post(`/api/invoices/${emailed.id}/void`, {
      reason: 'Typo',
    });
    expect(refusedEmailed.statusCode).toBe(409);
    expect((await invoiceOf(emailed.id)).status).toBe('sent');

    const credited = await issuedInvoice();
    await ok(credit(credited.id, { reason: 'Part', amount: '1.00' }), 201);
    expect(
      (await owner.client.post(`/api/invoices/${credited.id}/void`, { reason: 'Typo' })).statusCode,
    ).toBe(409);
  });
});

describe('the figures', () => {
  it('counts a credit note as negative revenue in its own period, in every report', async () => {
    const account = other;
    const client = await newClient(account, { name: 'Figures Client' });
    const invoice = await issuedInvoice(
      account,
      { lines: [{ description: 'Work', quantity: '1', unitPrice: '1000.00', taxRate: '20' }] },
      client.id,
    );
    const date = invoice.issueDate as string;
    await ok(
      account.client.post(`/api/invoices/${invoice.id}/payments`, {
        amount: '1200.00',
        date,
        method: 'bank_transfer',
      }),
      201,
    );
    const period = `from=${date}&to=${date}`;
    const incomeBefore = await ok<any>(
      account.client.get(`/api/reports/income?${period}&groupBy=client`),
    );
    expect(incomeBefore.totals[0]).toMatchObject({
      amount: '1200.00',
      net: '1000.00',
      tax: '200.00',
    });
    await ok(credit(invoice.id, { reason: 'Refund half', amount: '600.00' }, account), 201);

    const income = await ok<any>(
      account.client.get(`/api/reports/income?${period}&groupBy=client`),
    );
    expect(income.totals[0]).toMatchObject({
      amount: '600.00',
      net: '500.00',
      tax: '100.00',
      paymentCount: 1,
    });
    const byMonth = await ok<any>(
      account.client.get(`/api/reports/income?${period}&groupBy=month`),
    );
    expect(byMonth.rows[0]).toMatchObject({ amount: '600.00', net: '500.00' });

    const profit = await ok<any>(
      account.client.get(`/api/reports/profitability?${period}&groupBy=client`),
    );
    expect(profit.totals[0]).toMatchObject({
      invoiced: '500.00',
      taxCollected: '100.00',
      paid: '1000.00',
    });

    const stats = await ok<any>(account.client.get('/api/dashboard/stats'));
    expect(stats).toMatchObject({ revenueThisMonth: '500.00', taxCollectedThisMonth: '100.00' });
    const overview = await ok<any>(
      account.client.get(`/api/dashboard/financial-overview?from=${date}&to=${date}`),
    );
    expect(overview).toMatchObject({ totalRevenue: '500.00', taxCollected: '100.00' });
    expect(overview.revenueByMonth.at(-1)).toMatchObject({ revenue: '500.00' });
    // A credit note of an invoice paid in full: the balance does not go below 0.
    expect(await ok<any>(account.client.get(`/api/invoices/${invoice.id}`))).toMatchObject({
      balance: '0.00',
      status: 'paid',
    });
  });

  it('lowers what is outstanding on the dashboard and the client page', async () => {
    const account = other;
    const client = await newClient(account, { name: 'Outstanding Client' });
    const invoice = await issuedInvoice(
      account,
      { lines: [{ description: 'Work', quantity: '1', unitPrice: '300.00', taxRate: '0' }] },
      client.id,
    );
    const before = await ok<any>(account.client.get('/api/dashboard/stats'));
    await ok(credit(invoice.id, { reason: 'Part', amount: '100.00' }, account), 201);
    const after = await ok<any>(account.client.get('/api/dashboard/stats'));
    expect(Number(before.outstanding) - Number(after.outstanding)).toBeCloseTo(100, 2);
  });
});

describe('the portal', () => {
  it("shows the client its credit notes and their PDFs, never another client's", async () => {
    const mine = await newClient(owner, { name: 'Portal Client' });
    const theirs = await newClient(owner, { name: 'Other Portal Client' });
    const invoice = await issuedInvoice(owner, {}, mine.id);
    const otherInvoice = await issuedInvoice(owner, {}, theirs.id);
    const note = await ok<CreditNoteDetail>(
      credit(invoice.id, { reason: 'Portal', amount: '10.00' }),
      201,
    );
    const otherNote = await ok<CreditNoteDetail>(
      credit(otherInvoice.id, { reason: 'Other', amount: '10.00' }),
      201,
    );
    const link = await ok<any>(owner.client.post(`/api/clients/${mine.id}/portal-link`), 201);
    const token = (link.url as string).split('/').at(-1)!;
    const view = await ok<any>(t.app.inject({ method: 'GET', url: `/api/portal/${token}` }));
    expect(view.creditNotes).toEqual([
      expect.objectContaining({
        id: note.id,
        creditNoteNumber: note.creditNoteNumber,
        invoiceNumber: invoice.invoiceNumber,
        total: '10.00',
      }),
    ]);
    expect(view.invoices.find((i: any) => i.id === invoice.id).balance).toBe('1349.99');
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/portal/${token}/credit-notes/${note.id}/pdf`,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/portal/${token}/credit-notes/${otherNote.id}/pdf`,
    });
    expect(refused.statusCode).toBe(404);
  });
});
