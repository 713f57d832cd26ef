import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../../tests/support/responses.ts';
import { POSTGRES_URL } from '../../../../tests/support/postgres.ts';
import { pdfText } from '../../../../tests/support/pdf-text.ts';
import {
  useTwoWorkspaces,
  joinAs,
  signUpWithWorkspace,
  snapshot,
} from '../../../../tests/support/test-app.ts';

/* Issue 18: business profile, clients with billing details, the invoice engine. */

const { t, owner, other } = useTwoWorkspaces('Ledger Studio', 'Other Studio');

const today = () => new Date().toISOString().slice(0, 10);

async function newClient(fields: object = {}, client = owner.client) {
  return ok(
    client.post('/api/clients', { name: 'Acme GmbH', email: 'ap@acme.example.com', ...fields }),
    201,
  );
}

async function newProject(clientId: number, hourlyRate = 100) {
  return ok(
    owner.client.post('/api/projects', {
      name: 'Platform build',
      clientId,
      budgetType: 'time',
      budgetLimit: 100,
      hourlyRate,
    }),
    201,
  );
}

async function logTime(projectId: number, hours: number | string, description = 'Work') {
  return ok(
    owner.client.post('/api/time-entries', { projectId, hours, date: today(), description }),
    201,
  );
}

describe('business profile', () => {
  it('answers defaults, saves every field, and numbers from its prefix and counter', async () => {
    const before = await ok(owner.client.get('/api/settings/business'));
    expect(before).toMatchObject({
      legalName: 'Ledger Studio',
      currency: 'USD',
      defaultHourlyRate: '120.00',
      paymentTermsDays: 30,
      invoicePrefix: 'INV-',
      nextInvoiceNumber: 1,
      nextInvoiceNumberPreview: 'INV-0001',
    });
    const saved = await ok(
      owner.client.put('/api/settings/business', {
        legalName: 'Ledger Studio SARL',
        address: '3 rue des Lilas\n75011 Paris\nFrance',
        taxId: 'FR12345678901',
        currency: 'eur',
        defaultHourlyRate: '85.50',
        paymentTermsDays: 14,
        paymentInstructions: 'IBAN FR76 3000 6000 0112 3456 7890 189',
        invoiceFooter: 'Merci !',
        timezone: 'Europe/Paris',
      }),
    );
    expect(saved).toMatchObject({
      currency: 'EUR',
      defaultHourlyRate: '85.50',
      paymentTermsDays: 14,
    });
    expect(await ok(owner.client.get('/api/settings/business'))).toEqual(saved);
  });

  it('gives a new project the default hourly rate when none is sent', async () => {
    const client = await newClient();
    const project = await ok(
      owner.client.post('/api/projects', { name: 'Default rate', clientId: client.id }),
      201,
    );
    expect(project.hourlyRate).toBe('85.50');
  });

  it('refuses bad values with their messages, and members who may not change it', async () => {
    for (const [body, message] of [
      [{ currency: 'EURO' }, 'Choose a currency by its ISO 4217 code, like EUR'],
      [{ paymentTermsDays: 400 }, 'Payment terms must be between 0 and 365 days'],
      [{ defaultHourlyRate: '99999999.99' }, 'Hourly rate must be at most 100,000'],
      [{ nextInvoiceNumber: 0 }, 'Next invoice number must be at least 1'],
      [{ invoicePrefix: 'IN V' }, 'Invoice prefix may hold letters, digits and . _ / # -'],
      [{ timezone: 'Mars/Olympus' }, 'Choose a time zone like Europe/Paris'],
    ] as const) {
      const res = await owner.client.put('/api/settings/business', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(message);
    }
    const member = await joinAs(t, owner.workspace.id, 'collaborator');
    const before = await snapshot(t.db);
    expect((await member.client.put('/api/settings/business', { taxId: 'X' })).statusCode).toBe(
      403,
    );
    expect(await snapshot(t.db)).toBe(before);
    expect((await member.client.get('/api/settings/business')).statusCode).toBe(200);
  });
});

describe('clients', () => {
  it('keeps billing details, links an organization of the workspace only, and shows a summary', async () => {
    const org = await ok(owner.client.post('/api/organizations', { name: 'Acme Group' }), 201);
    const foreignOrg = await ok(
      other.client.post('/api/organizations', { name: 'Not yours' }),
      201,
    );
    expect(
      (
        await owner.client.post('/api/clients', {
          name: 'X',
          email: 'x@example.com',
          organizationId: foreignOrg.id,
        })
      ).statusCode,
    ).toBe(404);
    const client = await newClient({
      company: 'Acme GmbH',
      contactName: 'Jürgen Weiß',
      address: 'Hauptstraße 1\n10115 Berlin',
      taxId: 'DE123456789',
      currency: 'chf',
      paymentTermsDays: 10,
      organizationId: org.id,
    });
    expect(client).toMatchObject({
      contactName: 'Jürgen Weiß',
      currency: 'CHF',
      paymentTermsDays: 10,
      organizationId: org.id,
    });
    const project = await newProject(client.id, 150);
    await logTime(project.id, '2.5');
    const detail = await ok(owner.client.get(`/api/clients/${client.id}`));
    expect(detail).toMatchObject({
      id: client.id,
      organization: { id: org.id, name: 'Acme Group' },
      projects: [{ id: project.id, name: 'Platform build' }],
      unbilled: { entries: 1, hours: '2.50', amount: '375.00' },
      balances: [],
    });
    expect((await other.client.get(`/api/clients/${client.id}`)).statusCode).toBe(404);
  });
});

describe('invoices with lines', () => {
  it('computes lines, discount, tax per rate and total exactly, in the client currency', async () => {
    const client = await newClient({ currency: 'EUR' });
    const invoice = await ok(
      owner.client.post('/api/invoices', {
        clientId: client.id,
        lines: [
          { description: 'Design', quantity: '1.5', unitPrice: '33.33', taxRate: '20' },
          { description: 'Hosting', quantity: 3, unitPrice: '9.99', taxRate: '5.5' },
          { description: 'Books', quantity: 1, unitPrice: '10', taxRate: 0 },
        ],
        discount: { type: 'percent', value: '10' },
        notes: 'Thanks',
      }),
      201,
    );
    // 1.5 × 33.33 = 49.995 → 50.00; 29.97; 10.00 → subtotal 89.97; 10 % → 9.00 (8.997)
    expect(invoice).toMatchObject({
      invoiceNumber: null,
      status: 'draft',
      currency: 'EUR',
      subtotal: '89.97',
      discountTotal: '9.00',
      balance: '0.00',
    });
    const detail = await ok(owner.client.get(`/api/invoices/${invoice.id}`));
    expect(detail.lines.map((l: any) => [l.amount, l.discount])).toEqual([
      ['50.00', '5.00'],
      ['29.97', '3.00'],
      ['10.00', '1.00'],
    ]);
    // 45.00 × 20 % = 9.00; 26.97 × 5.5 % = 1.48335 → 1.48
    expect(detail.taxes).toEqual([
      { rate: '5.5', base: '26.97', amount: '1.48' },
      { rate: '20', base: '45.00', amount: '9.00' },
    ]);
    expect(detail).toMatchObject({ taxTotal: '10.48', total: '91.45', amount: '91.45' });
    expect(detail.seller.name).toBe('Ledger Studio SARL');
    expect(detail.buyer).toMatchObject({ name: 'Acme GmbH', email: 'ap@acme.example.com' });
  });

  it('uses the currency minor unit: none for JPY, three for KWD', async () => {
    const client = await newClient();
    const yen = await ok(
      owner.client.post('/api/invoices', {
        clientId: client.id,
        currency: 'JPY',
        lines: [{ description: 'Work', quantity: '2.5', unitPrice: '1001', taxRate: '10' }],
      }),
      201,
    );
    expect(yen).toMatchObject({ subtotal: '2503', taxTotal: '250', total: '2753' });
    const refused = await owner.client.post('/api/invoices', {
      clientId: client.id,
      currency: 'JPY',
      lines: [{ description: 'Work', quantity: 1, unitPrice: '10.50' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('Line 1: JPY amounts have no decimals');
    const dinar = await ok(
      owner.client.post('/api/invoices', {
        clientId: client.id,
        currency: 'KWD',
        lines: [{ description: 'Work', quantity: '1', unitPrice: '12.345' }],
      }),
      201,
    );
    expect(dinar.total).toBe('12.345');
  });

  it('answers 400, never 5xx, for bad or huge input', async () => {
    const client = await newClient();
    const cases: [object, string][] = [
      [{ lines: [{ description: '', quantity: 1, unitPrice: 1 }] }, 'Description is required'],
      [
        { lines: [{ description: 'x', quantity: '1.234', unitPrice: 1 }] },
        'Quantity must be a number like 12.50, with at most 2 decimals',
      ],
      [
        { lines: [{ description: 'x', quantity: 1, unitPrice: 1, taxRate: 101 }] },
        'Tax rate must be at most 100',
      ],
      [
        {
          lines: [{ description: 'x', quantity: 1, unitPrice: 10 }],
          discount: { type: 'amount', value: 11 },
        },
        'The discount cannot be more than the subtotal',
      ],
      [
        {
          lines: [{ description: 'x', quantity: 1, unitPrice: 1 }],
          discount: { type: 'percent', value: 150 },
        },
        'A discount percent must be at most 100',
      ],
      [
        {
          lines: Array.from({ length: 200 }, () => ({
            description: 'x',
            quantity: 100000,
            unitPrice: 10000000,
            taxRate: 100,
          })),
        },
        'An invoice total must be at most 999,999,999,999',
      ],
      [
        { lines: [{ description: 'x', quantity: 1e21, unitPrice: 1 }] },
        'Quantity must be a number like 12.50, with at most 2 decimals',
      ],
      [{ currency: 'XYZ' }, 'Choose a currency by its ISO 4217 code, like EUR'],
    ];
    for (const [body, message] of cases) {
      const res = await owner.client.post('/api/invoices', { clientId: client.id, ...body });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error).toBe(message);
    }
  });
});

describe('numbers and lifecycle', () => {
  it('edits a draft, issues it with the next number and frozen parties, then refuses edits', async () => {
    const client = await newClient({ name: 'Frozen Ltd', address: 'Old Street 1' });
    const draft = await ok(
      owner.client.post('/api/invoices', {
        clientId: client.id,
        lines: [{ description: 'First', quantity: 1, unitPrice: 100 }],
      }),
      201,
    );
    const detail = await ok(owner.client.get(`/api/invoices/${draft.id}`));
    const edited = await ok(
      owner.client.put(`/api/invoices/${draft.id}`, {
        lines: [
          { id: detail.lines[0].id, description: 'First, revised', quantity: 2, unitPrice: 100 },
          { description: 'Second', quantity: 1, unitPrice: '0.5', taxRate: 20 },
        ],
        dueDate: '2030-01-31',
      }),
    );
    expect(edited).toMatchObject({
      subtotal: '200.50',
      taxTotal: '0.10',
      total: '200.60',
      dueDate: '2030-01-31',
    });

    const profile = await ok(owner.client.get('/api/settings/business'));
    const issued = await ok(owner.client.post(`/api/invoices/${draft.id}/issue`));
    expect(issued).toMatchObject({
      status: 'sent',
      invoiceNumber: profile.nextInvoiceNumberPreview,
      issueDate: expect.any(String),
      balance: '200.60',
    });
    expect((await ok(owner.client.get('/api/settings/business'))).nextInvoiceNumber).toBe(
      profile.nextInvoiceNumber + 1,
    );

    // Later changes to the seller and the buyer do not reach the issued invoice.
    await ok(owner.client.put(`/api/clients/${client.id}`, { address: 'New Street 2' }));
    await ok(owner.client.put('/api/settings/business', { legalName: 'Renamed SARL' }));
    const frozen = await ok(owner.client.get(`/api/invoices/${draft.id}`));
    expect(frozen.buyer.address).toBe('Old Street 1');
    expect(frozen.seller.name).toBe('Ledger Studio SARL');
    await ok(owner.client.put('/api/settings/business', { legalName: 'Ledger Studio SARL' }));

    const refused = await owner.client.put(`/api/invoices/${draft.id}`, { notes: 'late' });
    expect(refused.statusCode).toBe(409);
    expect((await owner.client.post(`/api/invoices/${draft.id}/issue`)).statusCode).toBe(409);
    expect((await owner.client.delete(`/api/invoices/${draft.id}`)).statusCode).toBe(409);
  });

  it('keeps the SPEC moves: sent issues with a number, paid records the balance as a payment', async () => {
    const client = await newClient();
    const invoice = await ok(
      owner.client.post('/api/invoices', { clientId: client.id, amount: '120.00' }),
      201,
    );
    expect(invoice).toMatchObject({ invoiceNumber: null, total: '120.00', status: 'draft' });
    const sent = await ok(owner.client.put(`/api/invoices/${invoice.id}`, { status: 'sent' }));
    expect(sent.invoiceNumber).toMatch(/^INV-\d{4}$/);
    const paid = await ok(owner.client.put(`/api/invoices/${invoice.id}`, { status: 'paid' }));
    expect(paid).toMatchObject({
      status: 'paid',
      paidTotal: '120.00',
      balance: '0.00',
      paidDate: expect.any(String),
    });
    const detail = await ok(owner.client.get(`/api/invoices/${invoice.id}`));
    expect(detail.payments).toHaveLength(1);
    // An explicit number (an invoice made elsewhere) is kept and takes nothing from the sequence.
    const before = (await ok(owner.client.get('/api/settings/business'))).nextInvoiceNumber;
    const own = await ok(
      owner.client.post('/api/invoices', {
        clientId: client.id,
        invoiceNumber: 'OLD-77',
        amount: 5,
        status: 'sent',
      }),
      201,
    );
    expect(own.invoiceNumber).toBe('OLD-77');
    expect((await ok(owner.client.get('/api/settings/business'))).nextInvoiceNumber).toBe(before);
    const dup = await owner.client.post('/api/invoices', {
      clientId: client.id,
      invoiceNumber: 'OLD-77',
      amount: 5,
      status: 'sent',
    });
    expect(dup.statusCode).toBe(409);
  });

  it('records partial and full payments, refuses overpaying, and reopens on a deleted payment', async () => {
    const client = await newClient();
    const invoice = await ok(
      owner.client.post('/api/invoices', {
        clientId: client.id,
        lines: [{ description: 'Work', quantity: 1, unitPrice: '1000', taxRate: 20 }],
        status: 'sent',
      }),
      201,
    );
    const pay = (amount: string) =>
      owner.client.post(`/api/invoices/${invoice.id}/payments`, {
        amount,
        date: today(),
        method: 'bank_transfer',
        note: 'Thanks',
      });
    const partial = await ok(pay('400.00'), 201);
    expect(partial).toMatchObject({ status: 'sent', paidTotal: '400.00', balance: '800.00' });
    const over = await pay('800.01');
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toBe('The payment is more than the balance due (800.00)');
    const full = await ok(pay('800'), 201);
    expect(full).toMatchObject({ status: 'paid', balance: '0.00' });
    expect((await pay('1')).statusCode).toBe(400);
    const detail = await ok(owner.client.get(`/api/invoices/${invoice.id}`));
    const last = detail.payments[1];
    const reopened = await ok(
      owner.client.delete(`/api/invoices/${invoice.id}/payments/${last.id}`),
    );
    expect(reopened).toMatchObject({ status: 'sent', balance: '800.00', paidDate: null });
    expect(
      (await other.client.delete(`/api/invoices/${invoice.id}/payments/${detail.payments[0].id}`))
        .statusCode,
    ).toBe(404);
    const voidRefused = await owner.client.post(`/api/invoices/${invoice.id}/void`, {
      reason: 'x',
    });
    expect(voidRefused.statusCode).toBe(409);
  });

  it('numbers 50 concurrent issues with 50 consecutive numbers', async () => {
    const ws = await signUpWithWorkspace(t.app, 'Busy Studio');
    const client = await newClient({}, ws.client);
    const drafts = [];
    for (let i = 0; i < 50; i++) {
      drafts.push(
        await ok(
          ws.client.post('/api/invoices', {
            clientId: client.id,
            lines: [{ description: `Job ${i}`, quantity: 1, unitPrice: 10 }],
          }),
          201,
        ),
      );
    }
    const issued = await Promise.all(
      drafts.map((d) => ok(ws.client.post(`/api/invoices/${d.id}/issue`))),
    );
    const numbers = issued.map((i) => i.invoiceNumber).sort();
    expect(numbers).toEqual(
      Array.from({ length: 50 }, (_, i) => `INV-${String(i + 1).padStart(4, '0')}`),
    );
    expect((await ok(ws.client.get('/api/settings/business'))).nextInvoiceNumber).toBe(51);
  });
});

describe('billed time', () => {
  it('bills time at the rate stored on each entry, per entry or per project, only once', async () => {
    const client = await newClient();
    const project = await newProject(client.id, 100);
    const a = await logTime(project.id, '1.5', 'Design');
    const b = await logTime(project.id, '2', 'Build');
    expect(a.rate).toBe('100.00');
    // A new rate prices time not yet billed; this entry keeps 100 once billed below.
    const perEntry = await ok(
      owner.client.post('/api/invoices', {
        clientId: client.id,
        projectId: project.id,
        timeEntryIds: [a.id],
        timeTaxRate: '20',
      }),
      201,
    );
    expect(perEntry).toMatchObject({
      subtotal: '150.00',
      taxTotal: '30.00',
      total: '180.00',
      timeEntryCount: 1,
    });
    await ok(owner.client.put(`/api/projects/${project.id}`, { hourlyRate: 200 }));
    const detail = await ok(owner.client.get(`/api/invoices/${perEntry.id}`));
    expect(detail.lines[0]).toMatchObject({
      quantity: '1.50',
      unitPrice: '100.00',
      amount: '150.00',
    });
    const again = await owner.client.post('/api/invoices', {
      clientId: client.id,
      projectId: project.id,
      timeEntryIds: [a.id],
    });
    expect(again.statusCode).toBe(409);
    // In a workspace whose currency has three decimals, or none, the stored rate becomes
    // the unit price (time is in the workspace's currency, as its rates are).
    const other = await newProject(client.id, 200);
    const dinarTime = await logTime(other.id, '1', 'Dinar work');
    const yenTime = await logTime(other.id, '0.5', 'Yen work');
    const { currency: was } = await ok(owner.client.get('/api/settings/business'));
    try {
      for (const [currency, id, price] of [
        ['KWD', dinarTime.id, '200.000'],
        ['JPY', yenTime.id, '200'],
      ] as const) {
        await ok(owner.client.put('/api/settings/business', { currency }));
        const billed = await ok(
          owner.client.post('/api/invoices', {
            clientId: client.id,
            projectId: other.id,
            currency,
            timeEntryIds: [id],
          }),
          201,
        );
        const lines = (await ok(owner.client.get(`/api/invoices/${billed.id}`))).lines;
        expect(lines[0].unitPrice).toBe(price);
      }
    } finally {
      await ok(owner.client.put('/api/settings/business', { currency: was }));
    }
    const c = await logTime(project.id, '1', 'Review');
    const perProject = await ok(
      owner.client.post('/api/invoices', {
        clientId: client.id,
        projectId: project.id,
        timeEntryIds: [b.id, c.id],
        timeGrouping: 'project',
      }),
      201,
    );
    const grouped = await ok(owner.client.get(`/api/invoices/${perProject.id}`));
    expect(grouped.lines).toHaveLength(1);
    expect(grouped.lines[0]).toMatchObject({
      quantity: '3.00',
      unitPrice: '200.00',
      amount: '600.00',
    });
    const p = (await ok(owner.client.get('/api/projects'))).find((x: any) => x.id === project.id);
    expect(p).toMatchObject({ totalHours: '4.50', totalAmount: '750.00' });
  });

  it('refuses changing billed time and deleting a project that has it; removing a draft line frees its time', async () => {
    const client = await newClient();
    const project = await newProject(client.id);
    const entry = await logTime(project.id, 3);
    const invoice = await ok(
      owner.client.post('/api/invoices', {
        clientId: client.id,
        projectId: project.id,
        timeEntryIds: [entry.id],
      }),
      201,
    );
    expect((await owner.client.put(`/api/time-entries/${entry.id}`, { hours: 1 })).statusCode).toBe(
      409,
    );
    expect((await owner.client.delete(`/api/time-entries/${entry.id}`)).statusCode).toBe(409);
    const del = await owner.client.delete(`/api/projects/${project.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().error).toBe('This project has 1 invoiced time entry and cannot be deleted.');
    // The draft drops the time line: the entry is unbilled and editable again.
    await ok(
      owner.client.put(`/api/invoices/${invoice.id}`, {
        lines: [{ description: 'Flat fee', quantity: 1, unitPrice: 50 }],
      }),
    );
    await ok(owner.client.put(`/api/time-entries/${entry.id}`, { hours: 2 }));
    // Billed again, issued, then voided: the number stays, the time is free.
    await ok(owner.client.put(`/api/invoices/${invoice.id}`, { timeEntryIds: [entry.id] }));
    const issued = await ok(owner.client.post(`/api/invoices/${invoice.id}/issue`));
    expect(issued.total).toBe('250.00');
    const voided = await ok(
      owner.client.post(`/api/invoices/${invoice.id}/void`, { reason: 'Wrong client' }),
    );
    expect(voided).toMatchObject({
      status: 'void',
      invoiceNumber: issued.invoiceNumber,
      voidReason: 'Wrong client',
      timeEntryCount: 0,
      balance: '0.00',
    });
    await ok(owner.client.delete(`/api/time-entries/${entry.id}`));
  });

  it('lets only those who manage invoices change a rate, and bounds rates', async () => {
    const client = await newClient();
    const project = await newProject(client.id);
    const member = await joinAs(t, owner.workspace.id, 'collaborator');
    const res = await member.client.put(`/api/projects/${project.id}`, { hourlyRate: 1 });
    expect(res.statusCode).toBe(403);
    expect(
      (await member.client.put(`/api/projects/${project.id}`, { name: 'Renamed' })).statusCode,
    ).toBe(200);
    // A form that sends the rate unchanged is no rate change.
    const same = await member.client.put(`/api/projects/${project.id}`, {
      name: 'Renamed again',
      hourlyRate: '100.00',
    });
    expect(same.statusCode, same.body).toBe(200);
    const huge = await owner.client.put(`/api/projects/${project.id}`, {
      hourlyRate: '99999999.99',
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error).toBe('Hourly rate must be at most 100,000');
  });

  it('serialises editing and billing an entry: the invoice bills what the entry says at the end', async () => {
    const client = await newClient();
    const project = await newProject(client.id, 100);
    const runs = POSTGRES_URL ? 200 : 20;
    for (let i = 0; i < runs; i++) {
      const entry = await logTime(project.id, 1);
      const [edit, bill] = await Promise.all([
        owner.client.put(`/api/time-entries/${entry.id}`, { hours: 2 }),
        owner.client.post('/api/invoices', {
          clientId: client.id,
          projectId: project.id,
          timeEntryIds: [entry.id],
        }),
      ]);
      expect(bill.statusCode, bill.body).toBe(201);
      const stored = await t.db
        .selectFrom('timeEntries')
        .select(['hours', 'invoiceId'])
        .where('id', '=', entry.id)
        .executeTakeFirstOrThrow();
      expect(stored.invoiceId).toBe(bill.json().id);
      // Whichever came first, the invoice bills the hours the entry holds now.
      expect(bill.json().total).toBe((Number(stored.hours) * 100).toFixed(2));
      expect(edit.statusCode === 200 ? '2.00' : '1.00').toBe(Number(stored.hours).toFixed(2));
      if (edit.statusCode !== 200) expect(edit.statusCode).toBe(409);
    }
  });
});

describe('PDF and dashboard', () => {
  it('renders a PDF with the number, both parties, the tax line and the total', async () => {
    const client = await newClient({ name: 'Łódź Studio', company: null, currency: 'EUR' });
    const invoice = await ok(
      owner.client.post('/api/invoices', {
        clientId: client.id,
        lines: [{ description: 'Brand identity', quantity: 1, unitPrice: '1000', taxRate: 20 }],
        status: 'sent',
      }),
      201,
    );
    const res = await owner.client.get(`/api/invoices/${invoice.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="invoice-${invoice.invoiceNumber}.pdf"`,
    );
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      invoice.invoiceNumber,
      'Ledger Studio SARL',
      'Łódź Studio',
      'Brand identity',
      '€1,200.00',
      'FR12345678901',
    ]) {
      expect(text).toContain(expected);
    }
    expect((await other.client.get(`/api/invoices/${invoice.id}/pdf`)).statusCode).toBe(404);
  });

  it('shows money in the workspace currency and other currencies apart, never summed', async () => {
    const ws = await signUpWithWorkspace(t.app, 'Euro Studio');
    await ok(ws.client.put('/api/settings/business', { currency: 'EUR' }));
    const euro = await newClient({}, ws.client);
    const dollar = await newClient({ currency: 'USD' }, ws.client);
    for (const [clientId, price] of [
      [euro.id, 100],
      [dollar.id, 70],
    ] as const) {
      const inv = await ok(
        ws.client.post('/api/invoices', {
          clientId,
          lines: [{ description: 'Work', quantity: 1, unitPrice: price }],
          status: 'sent',
        }),
        201,
      );
      await ok(
        ws.client.post(`/api/invoices/${inv.id}/payments`, { amount: price / 2, date: today() }),
        201,
      );
    }
    const stats = await ok(ws.client.get('/api/dashboard/stats'));
    expect(stats).toMatchObject({
      currency: 'EUR',
      revenueThisMonth: '50.00',
      outstanding: '50.00',
      otherCurrencies: [{ currency: 'USD', revenueThisMonth: '35.00', outstanding: '35.00' }],
    });
    const overview = await ok(ws.client.get('/api/dashboard/financial-overview'));
    expect(overview).toMatchObject({
      currency: 'EUR',
      totalRevenue: '50.00',
      outstanding: '50.00',
    });
  });

  it('sums 10,001 of the largest deals without overflowing', async () => {
    const ws = await signUpWithWorkspace(t.app, 'Big Deals');
    await sql`insert into leads (workspace_id, deal_name, value, stage)
      select ${ws.workspace.id}, 'Deal ' || i, 99999999.99, 'new' from generate_series(1, 10001) i`.execute(
      t.db,
    );
    const stats = await ok(ws.client.get('/api/dashboard/stats'));
    expect(stats.pipelineValue).toBe('1000099999899.99');
  });
});
