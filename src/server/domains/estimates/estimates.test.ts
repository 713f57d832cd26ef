import { beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../../../tests/support/responses.ts';
import { pdfText } from '../../../../tests/support/pdf-text.ts';
import { useTwoWorkspaces, joinAs } from '../../../../tests/support/test-app.ts';
import {
  canonicalJson,
  decideEstimate,
  decideProposal,
  estimateDocument,
  sha256Hex,
} from './acceptance.service.ts';

/* Issue 21, item 6: estimates, acceptance records, accepted proposals' follow-ups. */

const { t, owner, other } = useTwoWorkspaces('Quote Studio', 'Other Studio');
let clientId: number;

beforeAll(async () => {
  clientId = (await ok(owner.client.post('/api/clients', clientFields), 201)).id;
});

const clientFields = { name: 'Acme GmbH', email: 'ap@acme.example.com', currency: 'EUR' };

const lines = [
  { description: 'Design', quantity: '3', unitPrice: '333.33', taxRate: '20' },
  { description: 'Build', quantity: '1.5', unitPrice: '99.99', taxRate: '7' },
];

/** The estimate's canonical document with the line fields it had before lines had units. */
function documentBeforeUnits(e: Parameters<typeof estimateDocument>[0]) {
  return {
    ...estimateDocument(e),
    lines: e.lines.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      taxRate: l.taxRate,
      amount: l.amount,
      discount: l.discount,
    })),
  };
}

async function newEstimate(fields: object = {}, client = owner.client, forClient = clientId) {
  return ok(client.post('/api/estimates', { clientId: forClient, lines, ...fields }), 201);
}

describe('estimates', () => {
  it('computes exact totals on the server, in the client currency', async () => {
    const e = await newEstimate({ discount: { type: 'percent', value: '10' } });
    expect(e).toMatchObject({
      status: 'draft',
      estimateNumber: null,
      currency: 'EUR',
      subtotal: '1149.98',
      discountTotal: '115.00',
    });
    const detail = await ok(owner.client.get(`/api/estimates/${e.id}`));
    // Lines 999.99 and 149.99 (149.985 rounded half-up); 10 % off spread 100.00 / 15.00.
    expect(detail.lines.map((l: any) => [l.amount, l.discount])).toEqual([
      ['999.99', '100.00'],
      ['149.99', '15.00'],
    ]);
    expect(detail.taxes).toEqual([
      { rate: '7', base: '134.99', amount: '9.45' },
      { rate: '20', base: '899.99', amount: '180.00' },
    ]);
    expect(detail.total).toBe('1224.43');
    expect(detail.acceptance).toBeNull();
  });

  it('numbers sent estimates from their own gap-free sequence, separate from invoices', async () => {
    const a = await newEstimate();
    const b = await newEstimate();
    const draftLeft = await newEstimate();
    // Nothing to price: not sent.
    const empty = await newEstimate({ lines: [] });
    await ok(owner.client.post(`/api/estimates/${empty.id}/send`), 400);
    const sentB = await ok(owner.client.put(`/api/estimates/${b.id}`, { status: 'sent' }));
    const sentA = await ok(owner.client.post(`/api/estimates/${a.id}/send`));
    expect([sentB.estimateNumber, sentA.estimateNumber]).toEqual(['EST-0001', 'EST-0002']);
    expect(sentA.status).toBe('sent');
    expect(sentA.validUntil).not.toBeNull();
    // An invoice issued now is INV-0001: the sequences do not share numbers.
    const invoice = await ok(
      owner.client.post('/api/invoices', { clientId, lines, status: 'sent' }),
      201,
    );
    expect(invoice.invoiceNumber).toBe('INV-0001');
    const c = await newEstimate({ status: 'sent' });
    expect(c.estimateNumber).toBe('EST-0003');
    // Sent at the same time, they still take the next numbers without a gap or a repeat.
    const drafts = await Promise.all([1, 2, 3, 4].map(() => newEstimate()));
    const sent = await Promise.all(
      drafts.map((d) => ok(owner.client.post(`/api/estimates/${d.id}/send`))),
    );
    expect(sent.map((e) => e.estimateNumber).sort()).toEqual([
      'EST-0004',
      'EST-0005',
      'EST-0006',
      'EST-0007',
    ]);
    // The workspace chooses the prefix (Settings → Business); the counter goes on.
    const settings = await ok(owner.client.put('/api/settings/business', { estimatePrefix: 'Q-' }));
    expect(settings.estimatePrefix).toBe('Q-');
    await ok(owner.client.put('/api/settings/business', { estimatePrefix: 'Q 1' }), 400);
    expect((await newEstimate({ status: 'sent' })).estimateNumber).toBe('Q-0008');
    await ok(owner.client.put('/api/settings/business', { estimatePrefix: 'EST-' }));
    // A sent estimate is not edited or deleted; a draft is.
    await ok(owner.client.put(`/api/estimates/${a.id}`, { notes: 'x' }), 409);
    await ok(owner.client.delete(`/api/estimates/${a.id}`), 409);
    // Sending it again emails it again (invoice-email tests): it keeps its number.
    const resent = await ok(owner.client.post(`/api/estimates/${a.id}/send`));
    expect(resent.estimateNumber).toBe(sentA.estimateNumber);
    await ok(owner.client.delete(`/api/estimates/${draftLeft.id}`));
    await ok(owner.client.get(`/api/estimates/${draftLeft.id}`), 404);
  });

  it('edits a draft: lines kept by id, others removed, totals recomputed', async () => {
    const e = await newEstimate();
    const detail = await ok(owner.client.get(`/api/estimates/${e.id}`));
    const updated = await ok(
      owner.client.put(`/api/estimates/${e.id}`, {
        lines: [{ ...detail.lines[0], quantity: '1' }],
        validUntil: '2030-01-31',
        discount: null,
      }),
    );
    expect(updated).toMatchObject({ subtotal: '333.33', taxTotal: '66.67', total: '400.00' });
    expect(updated.validUntil).toBe('2030-01-31');
    const after = await ok(owner.client.get(`/api/estimates/${e.id}`));
    expect(after.lines).toHaveLength(1);
    expect(after.lines[0].id).toBe(detail.lines[0].id);
  });

  it('lists with search and status, and a PDF titled Estimate', async () => {
    const e = await newEstimate({ status: 'sent' });
    const res = await owner.client.get(
      `/api/estimates?search=${encodeURIComponent(e.estimateNumber)}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().map((x: any) => x.id)).toEqual([e.id]);
    expect(res.headers['x-total-count']).toBe('1');
    const drafts = await ok(owner.client.get('/api/estimates?status=draft'));
    expect(drafts.every((x: any) => x.status === 'draft')).toBe(true);
    const pdf = await owner.client.get(`/api/estimates/${e.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Estimate');
    expect(text).toContain(e.estimateNumber);
    expect(text).toContain('Valid until');
    expect(text).not.toContain('Balance due');
  });

  it('shows a sent estimate past its valid-until date as expired', async () => {
    const e = await newEstimate({ issueDate: '2020-01-01', validUntil: '2020-01-31' });
    const sent = await ok(owner.client.post(`/api/estimates/${e.id}/send`));
    expect(sent.status).toBe('expired');
    const expired = await ok(owner.client.get('/api/estimates?status=expired'));
    expect(expired.map((x: any) => x.id)).toContain(e.id);
  });

  it('converts once into a draft invoice with the lines, currency, discount, linked both ways', async () => {
    const e = await newEstimate({ discount: { type: 'amount', value: '49.98' }, notes: 'Thanks' });
    await ok(owner.client.post(`/api/estimates/${e.id}/convert`), 409); // a draft
    await ok(owner.client.post(`/api/estimates/${e.id}/send`));
    const invoice = await ok(owner.client.post(`/api/estimates/${e.id}/convert`), 201);
    expect(invoice).toMatchObject({
      status: 'draft',
      invoiceNumber: null,
      clientId,
      currency: 'EUR',
      discount: { type: 'amount', value: '49.98' },
      notes: 'Thanks',
    });
    const estimate = await ok(owner.client.get(`/api/estimates/${e.id}`));
    expect(invoice.total).toBe(estimate.total);
    expect(estimate).toMatchObject({ status: 'converted', convertedInvoiceId: invoice.id });
    const full = await ok(owner.client.get(`/api/invoices/${invoice.id}`));
    expect(full.lines.map((l: any) => [l.description, l.quantity, l.unitPrice, l.taxRate])).toEqual(
      estimate.lines.map((l: any) => [l.description, l.quantity, l.unitPrice, l.taxRate]),
    );
    // The invoice names the estimate it came from, as the API and the invoice page show it.
    expect(full.estimate).toEqual({ id: e.id, number: estimate.estimateNumber });
    expect(estimate.estimateNumber).toMatch(/^EST-\d{4}$/);
    await ok(owner.client.post(`/api/estimates/${e.id}/convert`), 409);
    // Decided after converting: no.
    await ok(owner.client.post(`/api/estimates/${e.id}/accept`, { name: 'Ann' }), 409);
  });

  it('records one acceptance with its SHA-256, and a second decision is 409', async () => {
    const e = await newEstimate({ status: 'sent' });
    const before = await ok(owner.client.get(`/api/estimates/${e.id}`));
    const res = await owner.client.request(
      'POST',
      `/api/estimates/${e.id}/accept`,
      { name: '  Ann Client ' },
      { 'user-agent': 'KeelTest/1.0' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const record = res.json();
    expect(record).toMatchObject({
      documentType: 'estimate',
      documentId: e.id,
      decision: 'accepted',
      name: 'Ann Client',
      reason: null,
      via: 'app',
      userId: owner.user.id,
      userAgent: 'KeelTest/1.0',
    });
    expect(record.ip).toBeTruthy();
    expect(record.documentSha256).toBe(sha256Hex(canonicalJson(estimateDocument(before))));
    // Lines without units hash exactly as before lines had units (the old field list).
    expect(record.documentSha256).toBe(sha256Hex(canonicalJson(documentBeforeUnits(before))));
    const after = await ok(owner.client.get(`/api/estimates/${e.id}`));
    expect(after.status).toBe('accepted');
    expect(after.acceptance).toEqual(record);
    await ok(owner.client.post(`/api/estimates/${e.id}/accept`, { name: 'Ann' }), 409);
    await ok(owner.client.post(`/api/estimates/${e.id}/decline`, {}), 409);
    // Accepted converts.
    await ok(owner.client.post(`/api/estimates/${e.id}/convert`), 201);
  });

  it('prints and hashes a line’s unit, and carries it to the invoice’s PDF', async () => {
    const e = await newEstimate({
      status: 'sent',
      lines: [
        { description: 'Workshop', quantity: '2', unit: 'day', unitPrice: '750' },
        { description: 'Support', quantity: '1.5', unit: 'hour', unitPrice: '80' },
        { description: 'Licence', quantity: '1', unitPrice: '99' },
      ],
    });
    const detail = await ok(owner.client.get(`/api/estimates/${e.id}`));
    expect(detail.lines.map((l: { unit: string | null }) => l.unit)).toEqual(['day', 'hour', null]);
    const text = await pdfText((await owner.client.get(`/api/estimates/${e.id}/pdf`)).rawPayload);
    expect(text).toContain('2 day');
    expect(text).toContain('1.5 hour');
    expect(text).not.toContain('1 null');

    const record = await ok(owner.client.post(`/api/estimates/${e.id}/accept`, { name: 'Ann' }));
    expect(record.documentSha256).toBe(sha256Hex(canonicalJson(estimateDocument(detail))));
    // The units are part of what was accepted: without them the hash differs.
    expect(record.documentSha256).not.toBe(sha256Hex(canonicalJson(documentBeforeUnits(detail))));

    const invoice = await ok(owner.client.post(`/api/estimates/${e.id}/convert`), 201);
    const invoicePdf = await owner.client.get(`/api/invoices/${invoice.id}/pdf`);
    expect(invoicePdf.statusCode).toBe(200);
    const invoiceText = await pdfText(invoicePdf.rawPayload);
    expect(invoiceText).toContain('2 day');
    expect(invoiceText).toContain('1.5 hour');
  });

  it('declines with a reason; a draft cannot be decided; the portal path refuses expired', async () => {
    const e = await newEstimate({ status: 'sent' });
    const record = await ok(
      owner.client.post(`/api/estimates/${e.id}/decline`, { reason: 'Too expensive' }),
    );
    // Without the client's name, the record names who recorded it.
    expect(record).toMatchObject({
      decision: 'declined',
      reason: 'Too expensive',
      name: 'Test User',
    });
    expect((await ok(owner.client.get(`/api/estimates/${e.id}`))).status).toBe('declined');
    await ok(owner.client.post(`/api/estimates/${e.id}/convert`), 409);

    const draft = await newEstimate();
    await ok(owner.client.post(`/api/estimates/${draft.id}/accept`, { name: 'Ann' }), 409);
    await ok(owner.client.post(`/api/estimates/${draft.id}/accept`, { name: ' ' }), 400);

    const old = await newEstimate({ issueDate: '2020-01-01', validUntil: '2020-01-31' });
    await ok(owner.client.post(`/api/estimates/${old.id}/send`));
    const input = {
      decision: 'accepted' as const,
      name: 'Ann',
      ip: '203.0.113.9',
      userAgent: 'Portal',
      via: 'portal' as const,
    };
    await expect(decideEstimate(t.db, owner.workspace.id, old.id, input)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const fresh = await newEstimate({ status: 'sent' });
    const portal = await decideEstimate(t.db, owner.workspace.id, fresh.id, input);
    expect(portal).toMatchObject({ via: 'portal', userId: null, ip: '203.0.113.9' });
    // Another workspace's id is not found.
    await expect(decideEstimate(t.db, other.workspace.id, fresh.id, input)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('keeps workspaces apart: another workspace gets 404 everywhere', async () => {
    const e = await newEstimate({ status: 'sent' });
    for (const [method, path, body] of [
      ['GET', `/api/estimates/${e.id}`],
      ['PUT', `/api/estimates/${e.id}`, { notes: 'x' }],
      ['DELETE', `/api/estimates/${e.id}`],
      ['GET', `/api/estimates/${e.id}/pdf`],
      ['POST', `/api/estimates/${e.id}/send`],
      ['POST', `/api/estimates/${e.id}/accept`, { name: 'Eve' }],
      ['POST', `/api/estimates/${e.id}/decline`, {}],
      ['POST', `/api/estimates/${e.id}/convert`],
    ] as const) {
      const res = await other.client.request(method, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    expect(await ok(other.client.get('/api/estimates'))).toEqual([]);
    // Nor can one use another workspace's client.
    await ok(other.client.post('/api/estimates', { clientId, lines }), 404);
  });

  it('lets members read but not send, record or convert', async () => {
    const member = await joinAs(t, owner.workspace.id, 'collaborator');
    const e = await newEstimate({ status: 'sent' });
    await ok(member.client.get(`/api/estimates/${e.id}`));
    await ok(member.client.post('/api/estimates', { clientId, lines }), 403);
    await ok(member.client.post(`/api/estimates/${e.id}/accept`, { name: 'Ann' }), 403);
    await ok(member.client.post(`/api/estimates/${e.id}/convert`), 403);
  });
});

describe('accepted proposals', () => {
  const stageOf = async (id: number) =>
    (await t.db.selectFrom('leads').select('stage').where('id', '=', id).executeTakeFirstOrThrow())
      .stage;
  async function setup(amount = '1000.00') {
    const person = await ok(owner.client.post('/api/persons', { fullName: 'Ann Client' }), 201);
    const deal = await ok(
      owner.client.post('/api/leads', { dealName: 'Website', value: 1000, personId: person.id }),
      201,
    );
    const proposal = await ok(
      owner.client.post('/api/proposals', {
        title: 'Website redesign',
        clientName: 'Acme GmbH',
        description: 'Everything',
        amount,
        clientId,
        dealId: deal.id,
      }),
      201,
    );
    await ok(owner.client.put(`/api/proposals/${proposal.id}`, { status: 'sent' }));
    return { deal, proposal };
  }

  it('creates exactly the follow-ups chosen', async () => {
    const { deal, proposal } = await setup('1234.56');
    const before = await ok(owner.client.get('/api/projects'));
    const answer = await ok(
      owner.client.post(`/api/proposals/${proposal.id}/accept`, {
        name: 'Ann Client',
        moveDealToWon: true,
        createProject: false,
        depositPercent: '30',
      }),
    );
    expect(answer.acceptance).toMatchObject({
      documentType: 'proposal',
      decision: 'accepted',
      name: 'Ann Client',
      via: 'app',
    });
    expect(answer.followUps).toMatchObject({ dealId: deal.id, projectId: null });
    expect(answer.followUps.depositInvoiceId).toEqual(expect.any(Number));
    expect(await stageOf(deal.id)).toBe('won');
    expect(await ok(owner.client.get('/api/projects'))).toHaveLength(before.length);
    const deposit = await ok(
      owner.client.get(`/api/invoices/${answer.followUps.depositInvoiceId}`),
    );
    // 30 % of 1,234.56 = 370.368 → 370.37, in the workspace's currency (the proposal's),
    // not the client's EUR.
    expect(deposit).toMatchObject({ status: 'draft', clientId, total: '370.37', currency: 'USD' });
    expect(deposit.lines[0].description).toContain('Website redesign');
    const p = await ok(owner.client.get(`/api/proposals?search=Website`));
    expect(p.find((x: any) => x.id === proposal.id)).toMatchObject({
      status: 'accepted',
      followUpsAppliedAt: expect.any(String),
      depositInvoiceId: answer.followUps.depositInvoiceId,
    });
    // Decided once; follow-ups once.
    await ok(owner.client.post(`/api/proposals/${proposal.id}/accept`, { name: 'Ann' }), 409);
    await ok(owner.client.post(`/api/proposals/${proposal.id}/follow-ups`, {}), 409);
  });

  it('applies portal acceptances’ follow-ups later, once; nothing when none is chosen', async () => {
    const { deal, proposal } = await setup();
    const record = await decideProposal(t.db, owner.workspace.id, proposal.id, {
      decision: 'accepted',
      name: 'Ann',
      ip: '198.51.100.1',
      userAgent: 'Portal',
      via: 'portal',
    });
    expect(record.documentSha256).toMatch(/^[0-9a-f]{64}$/);
    const projects = await ok(owner.client.get('/api/projects'));
    const answer = await ok(
      owner.client.post(`/api/proposals/${proposal.id}/follow-ups`, { createProject: true }),
    );
    expect(answer).toMatchObject({ dealId: null, depositInvoiceId: null });
    const project = (await ok(owner.client.get('/api/projects'))).find(
      (p: any) => p.id === answer.projectId,
    );
    expect(project).toMatchObject({
      name: 'Website redesign',
      clientId,
      budgetType: 'budget',
      budgetLimit: '1000.00',
    });
    expect(await ok(owner.client.get('/api/projects'))).toHaveLength(projects.length + 1);
    expect(await stageOf(deal.id)).not.toBe('won');
    await ok(owner.client.post(`/api/proposals/${proposal.id}/follow-ups`, {}), 409);
  });

  it('declines with a reason; a draft proposal cannot be decided; other workspaces get 404', async () => {
    const { proposal } = await setup();
    await ok(other.client.post(`/api/proposals/${proposal.id}/decline`, {}), 404);
    const declined = await ok(
      owner.client.post(`/api/proposals/${proposal.id}/decline`, { reason: 'Later' }),
    );
    expect(declined).toMatchObject({ decision: 'declined', reason: 'Later' });
    const list = await ok(owner.client.get('/api/proposals?status=rejected'));
    expect(list.map((x: any) => x.id)).toContain(proposal.id);
    await ok(owner.client.post(`/api/proposals/${proposal.id}/follow-ups`, {}), 409);
    const draft = await ok(
      owner.client.post('/api/proposals', {
        title: 'Draft',
        clientName: 'X',
        description: 'Y',
        amount: 1,
      }),
      201,
    );
    await ok(owner.client.post(`/api/proposals/${draft.id}/accept`, { name: 'Ann' }), 409);
    // A deposit needs a client.
    await ok(owner.client.put(`/api/proposals/${draft.id}`, { status: 'sent' }));
    await ok(
      owner.client.post(`/api/proposals/${draft.id}/accept`, { name: 'A', depositPercent: '50' }),
      400,
    );
    // Another workspace's client or deal cannot be linked.
    await ok(
      other.client.post('/api/proposals', {
        title: 'T',
        clientName: 'X',
        description: 'Y',
        amount: 1,
        clientId,
      }),
      404,
    );
  });
});
