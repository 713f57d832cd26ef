import { describe, expect, it } from 'vitest';
import {
  ApiClient,
  useTwoWorkspaces,
  joinAs,
  signUpWithWorkspace,
} from '../../../../tests/support/test-app.ts';
import { fileUpload, tinyPng } from '../../../../tests/support/uploads.ts';
import { deleteUnusedFiles } from '../files/files.repository.ts';

/* Issue 23, item 1: expenses, their categories and receipts, billed once like time. */

const { t, owner, other } = useTwoWorkspaces('Expense Studio', 'Other Expense Studio');

interface Expense {
  id: number;
  amount: string;
  currency: string;
  clientId: number | null;
  projectId: number | null;
  categoryId: number | null;
  billable: boolean;
  markupPercent: string;
  billableAmount: string;
  receipt: { url: string; contentType: string; size: number } | null;
  invoiceId: number | null;
  invoiceLineId: number | null;
}

async function newClient(client: ApiClient, extra: object = {}) {
  const res = await client.post('/api/clients', {
    name: 'Expense Client',
    email: 'ap@expense.example',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

async function newProject(client: ApiClient, clientId: number) {
  const res = await client.post('/api/projects', { name: 'Expense Project', clientId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

async function newExpense(client: ApiClient, body: object) {
  const res = await client.post('/api/expenses', { date: '2026-11-02', amount: '10', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Expense;
}

async function categories(client: ApiClient) {
  const res = await client.get('/api/expense-categories');
  expect(res.statusCode).toBe(200);
  return res.json() as { id: number; name: string; expenseCount: number }[];
}

function uploadReceipt(client: ApiClient, id: number, name: string, type: string, data: Buffer) {
  const body = fileUpload('receipt', name, type, data);
  return t.app.inject({
    method: 'POST',
    url: `/api/expenses/${id}/receipt`,
    payload: body.payload,
    headers: { ...body.headers, ...(client.cookie ? { cookie: client.cookie } : {}) },
  });
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('expense categories', () => {
  it('starts with the usual set; names are unique per workspace (409); deleting one uncategorises its expenses', async () => {
    const list = await categories(owner.client);
    expect(list.map((c) => c.name)).toEqual([
      'Equipment',
      'Meals',
      'Office',
      'Other',
      'Software',
      'Subcontractors',
      'Travel',
    ]);
    const made = await owner.client.post('/api/expense-categories', { name: 'Books' });
    expect(made.statusCode).toBe(201);
    const books = made.json() as { id: number };
    expect((await owner.client.post('/api/expense-categories', { name: 'Books' })).statusCode).toBe(
      409,
    );
    expect(
      (await owner.client.put(`/api/expense-categories/${books.id}`, { name: 'Travel' }))
        .statusCode,
    ).toBe(409);
    // Another workspace may have its own "Books".
    expect((await other.client.post('/api/expense-categories', { name: 'Books' })).statusCode).toBe(
      201,
    );
    const renamed = await owner.client.put(`/api/expense-categories/${books.id}`, {
      name: 'Books & papers',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Books & papers');

    const expense = await newExpense(owner.client, { categoryId: books.id });
    expect((await categories(owner.client)).find((c) => c.id === books.id)?.expenseCount).toBe(1);
    expect((await owner.client.delete(`/api/expense-categories/${books.id}`)).statusCode).toBe(200);
    const after = (await owner.client.get(`/api/expenses/${expense.id}`)).json() as Expense;
    expect(after.categoryId).toBeNull();
    // Another workspace's category is not found, never changed.
    const theirs = (await categories(other.client))[0]!;
    expect(
      (await owner.client.put(`/api/expense-categories/${theirs.id}`, { name: 'Mine' })).statusCode,
    ).toBe(404);
    expect((await owner.client.delete(`/api/expense-categories/${theirs.id}`)).statusCode).toBe(
      404,
    );
  });

  it('lets members read categories and only managers change them', async () => {
    const member = await joinAs(t, owner.workspace.id, 'collaborator');
    expect((await member.client.get('/api/expense-categories')).statusCode).toBe(200);
    expect(
      (await member.client.post('/api/expense-categories', { name: 'Collab' })).statusCode,
    ).toBe(403);
  });
});

describe('expenses', () => {
  it('records, validates, reads, updates and deletes; the currency defaults to the workspace’s', async () => {
    const client = await newClient(owner.client);
    const project = await newProject(owner.client, client.id);
    const made = await newExpense(owner.client, {
      amount: '42.5',
      vendor: 'Hotel Nord',
      projectId: project.id,
      billable: true,
      markupPercent: '10',
      notes: 'Two nights',
    });
    // The project's client comes with it; the markup is applied exactly.
    expect(made).toMatchObject({
      amount: '42.50',
      currency: 'USD',
      clientId: client.id,
      projectId: project.id,
      markupPercent: '10.00',
      billableAmount: '46.75',
      receipt: null,
      invoiceId: null,
    });

    const bad = async (body: object) =>
      (await owner.client.post('/api/expenses', { date: '2026-11-02', amount: '10', ...body }))
        .statusCode;
    expect(await bad({ amount: '0' })).toBe(400);
    expect(await bad({ amount: '-3' })).toBe(400);
    expect(await bad({ amount: '1.234', currency: 'EUR' })).toBe(400);
    expect(await bad({ amount: '1.5', currency: 'JPY' })).toBe(400);
    expect(await bad({ amount: '1.234' })).toBe(400); // the workspace's USD
    expect(await bad({ amount: '1.234', currency: 'KWD' })).toBe(201);
    expect(await bad({ markupPercent: '1000.01', billable: true })).toBe(400);
    expect(await bad({ date: '2026-13-01' })).toBe(400);
    expect(await bad({ currency: 'XXX1' })).toBe(400);

    // Not billable, the markup means nothing and is stored as 0.
    const plain = await newExpense(owner.client, { billable: false, markupPercent: '50' });
    expect(plain.markupPercent).toBe('0.00');
    expect(plain.billableAmount).toBe('10.00');

    const updated = await owner.client.put(`/api/expenses/${made.id}`, { amount: '100' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      amount: '100.00',
      billableAmount: '110.00',
      vendor: 'Hotel Nord',
    });
    expect(
      (await owner.client.put(`/api/expenses/${made.id}`, { amount: '1.001' })).statusCode,
    ).toBe(400);

    const list = await owner.client.get('/api/expenses?search=hotel%20nord');
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.headers['x-total-amounts']).toBe('USD 100.00');
    expect((list.json() as Expense[]).map((e) => e.id)).toEqual([made.id]);

    expect((await owner.client.delete(`/api/expenses/${plain.id}`)).statusCode).toBe(200);
    expect((await owner.client.get(`/api/expenses/${plain.id}`)).statusCode).toBe(404);
  });

  it('records an expense in the workspace’s currency when none is sent, over REST and tRPC', async () => {
    // Issue 38, item 3: a euro workspace, whose expenses default to euros, never dollars.
    const { client } = await signUpWithWorkspace(t.app, 'Euro Expense Studio');
    expect((await client.put('/api/settings/business', { currency: 'EUR' })).statusCode).toBe(200);
    const rest = await newExpense(client, { amount: '12.5' });
    expect(rest).toMatchObject({ amount: '12.50', currency: 'EUR' });
    const rpc = await client.trpc('expenses.create', 'mutation', {
      date: '2026-11-03',
      amount: '7',
    });
    expect(rpc.statusCode, rpc.body).toBe(200);
    expect(rpc.json().result.data).toMatchObject({ amount: '7.00', currency: 'EUR' });
    // Sent, a currency is kept; the euro's two decimals are the default's rule.
    expect((await newExpense(client, { currency: 'USD' })).currency).toBe('USD');
    expect(
      (await client.post('/api/expenses', { date: '2026-11-02', amount: '1.234' })).statusCode,
    ).toBe(400);
    const list = await client.get('/api/expenses');
    expect(list.headers['x-total-amounts']).toBe('EUR 19.50; USD 10.00');
  });

  it('filters and totals per currency, never adding currencies together', async () => {
    const { client } = await signUpWithWorkspace(t.app, 'Totals Studio');
    const acme = await newClient(client);
    const cats = await categories(client);
    const travel = cats.find((c) => c.name === 'Travel')!;
    await newExpense(client, { date: '2026-10-01', amount: '10.10', currency: 'EUR' });
    await newExpense(client, {
      date: '2026-10-15',
      amount: '0.20',
      currency: 'EUR',
      categoryId: travel.id,
      clientId: acme.id,
      billable: true,
    });
    await newExpense(client, { date: '2026-11-01', amount: '1000', currency: 'JPY' });
    await newExpense(client, { date: '2026-11-02', amount: '5.005', currency: 'KWD' });

    const all = await client.get('/api/expenses');
    expect(all.headers['x-total-count']).toBe('4');
    expect(all.headers['x-total-amounts']).toBe('EUR 10.30; JPY 1000; KWD 5.005');
    const trpc = await client.trpc('expenses.list', 'query', {});
    expect(trpc.json().result.data.totals).toEqual([
      { currency: 'EUR', amount: '10.30', count: 2 },
      { currency: 'JPY', amount: '1000', count: 1 },
      { currency: 'KWD', amount: '5.005', count: 1 },
    ]);

    const count = async (query: string) =>
      (await client.get(`/api/expenses?${query}`)).headers['x-total-count'];
    expect(await count('from=2026-10-10&to=2026-11-01')).toBe('2');
    expect(await count(`categoryId=${travel.id}`)).toBe('1');
    expect(await count(`clientId=${acme.id}`)).toBe('1');
    expect(await count('billable=true')).toBe('1');
    expect(await count('billable=false')).toBe('3');
    expect(await count('billed=false')).toBe('4');
    expect(await count('billed=true')).toBe('0');
    const none = await client.get('/api/expenses?search=nothing-like-this');
    expect(none.headers['x-total-amounts']).toBe('');

    // The export takes the same filters; a formula in a vendor is defused.
    await newExpense(client, { date: '2026-09-01', amount: '1', vendor: '=HYPERLINK("x")' });
    const csv = await client.get(`/api/expenses/export?clientId=${acme.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Date,Amount,Currency,Category,Vendor');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('2026-10-15,0.20,EUR,Travel');
    const everything = (await client.get('/api/expenses/export')).body;
    expect(everything).toContain("'=HYPERLINK");
  });

  it('keeps workspaces apart: a foreign expense, category, project or client is 404', async () => {
    const theirClient = await newClient(other.client);
    const theirProject = await newProject(other.client, theirClient.id);
    const theirCategory = (await categories(other.client))[0]!;
    const theirs = await newExpense(other.client, { vendor: 'Their vendor' });

    expect((await owner.client.get(`/api/expenses/${theirs.id}`)).statusCode).toBe(404);
    expect((await owner.client.put(`/api/expenses/${theirs.id}`, { amount: 1 })).statusCode).toBe(
      404,
    );
    expect((await owner.client.delete(`/api/expenses/${theirs.id}`)).statusCode).toBe(404);
    expect((await owner.client.delete(`/api/expenses/${theirs.id}/receipt`)).statusCode).toBe(404);
    const upload = await uploadReceipt(owner.client, theirs.id, 'r.png', 'image/png', tinyPng());
    expect(upload.statusCode).toBe(404);
    for (const body of [
      { categoryId: theirCategory.id },
      { projectId: theirProject.id },
      { clientId: theirClient.id },
    ]) {
      const res = await owner.client.post('/api/expenses', {
        date: '2026-11-02',
        amount: '5',
        ...body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
    }
    const mine = await newExpense(owner.client, {});
    expect(
      (await owner.client.put(`/api/expenses/${mine.id}`, { clientId: theirClient.id })).statusCode,
    ).toBe(404);
    const list = (await owner.client.get('/api/expenses')).json() as Expense[];
    expect(list.some((e) => e.id === theirs.id)).toBe(false);
  });

  it('lets a collaborator change their own expenses only', async () => {
    const member = await joinAs(t, owner.workspace.id, 'collaborator');
    const own = await newExpense(member.client, {});
    expect((await member.client.put(`/api/expenses/${own.id}`, { amount: 3 })).statusCode).toBe(
      200,
    );
    const owners = await newExpense(owner.client, {});
    expect((await member.client.put(`/api/expenses/${owners.id}`, { amount: 3 })).statusCode).toBe(
      403,
    );
    expect((await member.client.delete(`/api/expenses/${owners.id}`)).statusCode).toBe(403);
    // A manager changes anyone's.
    expect((await owner.client.put(`/api/expenses/${own.id}`, { amount: 4 })).statusCode).toBe(200);
  });
});

describe('receipts', () => {
  it('accepts a PNG and a PDF by their bytes, replaces the previous one, and serves it to members only', async () => {
    const expense = await newExpense(owner.client, { vendor: 'Receipt vendor' });
    const png = tinyPng('receipt');
    const res = await uploadReceipt(owner.client, expense.id, 'photo.txt', 'text/plain', png);
    expect(res.statusCode, res.body).toBe(201);
    const withPng = res.json() as Expense;
    expect(withPng.receipt).toMatchObject({ contentType: 'image/png', size: png.length });
    const file = await owner.client.get(withPng.receipt!.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toBe('inline; filename="receipt.png"');
    expect(file.rawPayload.equals(png)).toBe(true);

    // A teammate reads it; a member of another workspace does not (404, as if missing).
    const teammate = await joinAs(t, owner.workspace.id, 'collaborator');
    expect((await teammate.client.get(withPng.receipt!.url)).statusCode).toBe(200);
    expect((await other.client.get(withPng.receipt!.url)).statusCode).toBe(404);

    const pdf = await uploadReceipt(owner.client, expense.id, 'scan.png', 'image/png', PDF);
    expect(pdf.statusCode, pdf.body).toBe(201);
    const withPdf = pdf.json() as Expense;
    expect(withPdf.receipt?.contentType).toBe('application/pdf');
    const pdfFile = await owner.client.get(withPdf.receipt!.url);
    expect(pdfFile.headers['content-type']).toBe('application/pdf');
    expect(pdfFile.headers['content-disposition']).toBe('attachment; filename="receipt.pdf"');
    // The replaced receipt is gone.
    expect((await owner.client.get(withPng.receipt!.url)).statusCode).toBe(404);

    // Housekeeping keeps a receipt an expense points at, however old.
    await t.db
      .updateTable('files')
      .set({ createdAt: new Date(Date.now() - 7 * 86_400_000) })
      .execute();
    await deleteUnusedFiles(t.db);
    expect((await owner.client.get(withPdf.receipt!.url)).statusCode).toBe(200);

    const removed = await owner.client.delete(`/api/expenses/${expense.id}/receipt`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().receipt).toBeNull();
    expect((await owner.client.get(withPdf.receipt!.url)).statusCode).toBe(404);
  });

  it('refuses a text file named .png (400), a file over 5 MB (413), the wrong field and anonymous callers', async () => {
    const expense = await newExpense(owner.client, {});
    const text = await uploadReceipt(
      owner.client,
      expense.id,
      'receipt.png',
      'image/png',
      Buffer.from('just some text pretending'),
    );
    expect(text.statusCode).toBe(400);
    const big = Buffer.concat([tinyPng(), Buffer.alloc(5 * 1024 * 1024)]);
    expect(
      (await uploadReceipt(owner.client, expense.id, 'big.png', 'image/png', big)).statusCode,
    ).toBe(413);
    const body = fileUpload('photo', 'a.png', 'image/png', tinyPng());
    const wrongField = await t.app.inject({
      method: 'POST',
      url: `/api/expenses/${expense.id}/receipt`,
      payload: body.payload,
      headers: { ...body.headers, cookie: owner.client.cookie! },
    });
    expect(wrongField.statusCode).toBe(400);
    const anonymous = await uploadReceipt(
      new ApiClient(t.app),
      expense.id,
      'a.png',
      'image/png',
      tinyPng(),
    );
    expect(anonymous.statusCode).toBe(401);
    expect(
      ((await owner.client.get(`/api/expenses/${expense.id}`)).json() as Expense).receipt,
    ).toBeNull();
  });
});

describe('billing expenses', () => {
  async function setUp(currency = 'USD') {
    const studio = await signUpWithWorkspace(t.app, `Billing ${currency}`);
    const acme = await newClient(studio.client, { currency });
    return { client: studio.client, acmeId: acme.id };
  }

  const invoice = async (client: ApiClient, body: object) => client.post('/api/invoices', body);

  it('bills a billable expense once as one line; a second invoice is refused (409)', async () => {
    const { client, acmeId } = await setUp();
    const travel = (await categories(client)).find((c) => c.name === 'Travel')!;
    const e = await newExpense(client, {
      date: '2026-11-03',
      amount: '200',
      categoryId: travel.id,
      vendor: 'Rail Co',
      clientId: acmeId,
      billable: true,
      markupPercent: '12.5',
    });
    const first = await invoice(client, { clientId: acmeId, expenseIds: [e.id] });
    expect(first.statusCode, first.body).toBe(201);
    const id = first.json().id as number;
    const detail = (await client.get(`/api/invoices/${id}`)).json();
    expect(detail.lines).toHaveLength(1);
    expect(detail.lines[0]).toMatchObject({
      // The day as the workspace writes dates (its owner's default, MM/DD/YYYY).
      description: 'Nov 03, 2026 · Travel · Rail Co',
      quantity: '1.00',
      // An expense is billed once, without a unit.
      unit: null,
      unitPrice: '225.00',
    });
    expect(detail.total).toBe('225.00');
    const billed = (await client.get(`/api/expenses/${e.id}`)).json() as Expense;
    expect(billed.invoiceId).toBe(id);
    expect(billed.invoiceLineId).toBe(detail.lines[0].id);

    const second = await invoice(client, { clientId: acmeId, expenseIds: [e.id] });
    expect(second.statusCode).toBe(409);
    // A billed expense is neither edited nor deleted.
    const edit = await client.put(`/api/expenses/${e.id}`, { amount: 1 });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error).toMatch(/invoiced/);
    expect((await client.delete(`/api/expenses/${e.id}`)).statusCode).toBe(409);
    expect((await client.get('/api/expenses?billed=true')).headers['x-total-count']).toBe('1');
  });

  it('refuses expenses that are not billable, of another client or in another currency, naming them', async () => {
    const { client, acmeId } = await setUp();
    const otherClient = await newClient(client, { name: 'Other Client' });
    const notBillable = await newExpense(client, { clientId: acmeId, vendor: 'Cafe' });
    const ofOther = await newExpense(client, { clientId: otherClient.id, billable: true });
    const inEuro = await newExpense(client, {
      clientId: acmeId,
      billable: true,
      currency: 'EUR',
      vendor: 'Berlin Hotel',
    });
    const res1 = await invoice(client, { clientId: acmeId, expenseIds: [notBillable.id] });
    expect(res1.statusCode).toBe(409);
    expect(res1.json().error).toContain('Cafe');
    expect((await invoice(client, { clientId: acmeId, expenseIds: [ofOther.id] })).statusCode).toBe(
      409,
    );
    const res3 = await invoice(client, { clientId: acmeId, expenseIds: [inEuro.id] });
    expect(res3.statusCode).toBe(409);
    expect(res3.json().error).toContain('EUR');
    // Another workspace's expense is not found.
    const theirs = await newExpense(other.client, { billable: true });
    expect((await invoice(client, { clientId: acmeId, expenseIds: [theirs.id] })).statusCode).toBe(
      404,
    );
    // Nothing was billed by the refused attempts.
    expect((await client.get('/api/expenses?billed=true')).headers['x-total-count']).toBe('0');
  });

  it('bills an expense exactly once when two invoices claim it at the same time', async () => {
    const { client, acmeId } = await setUp();
    const e = await newExpense(client, { clientId: acmeId, billable: true, amount: '50' });
    const results = await Promise.all(
      [1, 2, 3].map(() => invoice(client, { clientId: acmeId, expenseIds: [e.id] })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409]);
    const lines = await t.db
      .selectFrom('invoiceLines as l')
      .innerJoin('expenses as e', 'e.invoiceLineId', 'l.id')
      .select('l.id')
      .where('e.id', '=', e.id)
      .execute();
    expect(lines).toHaveLength(1);

    // Overlapping sets named in opposite orders: one invoice takes both, none deadlocks.
    const a = await newExpense(client, { clientId: acmeId, billable: true });
    const b = await newExpense(client, { clientId: acmeId, billable: true });
    const crossed = await Promise.all([
      invoice(client, { clientId: acmeId, expenseIds: [a.id, b.id] }),
      invoice(client, { clientId: acmeId, expenseIds: [b.id, a.id] }),
    ]);
    expect(crossed.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const owners = await t.db
      .selectFrom('expenses')
      .select('invoiceId')
      .where('id', 'in', [a.id, b.id])
      .execute();
    expect(new Set(owners.map((o) => o.invoiceId)).size).toBe(1);
  });

  it('frees the expense when its line is removed from the draft, the draft deleted or the invoice voided', async () => {
    const { client, acmeId } = await setUp();
    const e = await newExpense(client, { clientId: acmeId, billable: true, amount: '80' });
    const draft = (
      await invoice(client, {
        clientId: acmeId,
        lines: [{ description: 'Design', quantity: '1', unitPrice: '100' }],
      })
    ).json() as { id: number };
    const added = await client.put(`/api/invoices/${draft.id}`, { expenseIds: [e.id] });
    expect(added.statusCode, added.body).toBe(200);
    const lines = (await client.get(`/api/invoices/${draft.id}`)).json().lines as {
      id: number;
      description: string;
      quantity: string;
      unitPrice: string;
    }[];
    expect(lines).toHaveLength(2);
    // Line replacement without the expense's line frees it.
    const design = lines[0]!;
    const replaced = await client.put(`/api/invoices/${draft.id}`, {
      lines: [{ id: design.id, description: design.description, quantity: '1', unitPrice: '100' }],
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const freed = (await client.get(`/api/expenses/${e.id}`)).json() as Expense;
    expect(freed).toMatchObject({ invoiceId: null, invoiceLineId: null });

    // While it bills the expense, the draft keeps its client and currency.
    expect((await client.put(`/api/invoices/${draft.id}`, { expenseIds: [e.id] })).statusCode).toBe(
      200,
    );
    expect((await client.put(`/api/invoices/${draft.id}`, { currency: 'EUR' })).statusCode).toBe(
      409,
    );
    const lines2 = (await client.get(`/api/invoices/${draft.id}`)).json().lines as typeof lines;
    const kept = lines2.find((l) => l.description === 'Design')!;
    const moved = await client.put(`/api/invoices/${draft.id}`, {
      currency: 'EUR',
      lines: [{ id: kept.id, description: 'Design', quantity: '1', unitPrice: '100' }],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(((await client.get(`/api/expenses/${e.id}`)).json() as Expense).invoiceId).toBeNull();
    expect((await client.put(`/api/invoices/${draft.id}`, { currency: 'USD' })).statusCode).toBe(
      200,
    );

    // Billed again, then the draft deleted: free again.
    expect((await client.put(`/api/invoices/${draft.id}`, { expenseIds: [e.id] })).statusCode).toBe(
      200,
    );
    expect((await client.delete(`/api/invoices/${draft.id}`)).statusCode).toBe(200);
    expect(((await client.get(`/api/expenses/${e.id}`)).json() as Expense).invoiceId).toBeNull();

    // Billed on an issued invoice, then voided: free again (the void invoice keeps its line).
    const issued = await invoice(client, { clientId: acmeId, expenseIds: [e.id], status: 'sent' });
    expect(issued.statusCode, issued.body).toBe(201);
    const voided = await client.post(`/api/invoices/${issued.json().id}/void`, {
      reason: 'Wrong client',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const afterVoid = (await client.get(`/api/expenses/${e.id}`)).json() as Expense;
    expect(afterVoid).toMatchObject({ invoiceId: null, invoiceLineId: null });
    expect((await client.put(`/api/expenses/${e.id}`, { amount: 81 })).statusCode).toBe(200);
  });

  it('computes the marked-up price exactly in JPY (no decimals) and KWD (three)', async () => {
    const jpy = await setUp('JPY');
    const yen = await newExpense(jpy.client, {
      clientId: jpy.acmeId,
      billable: true,
      currency: 'JPY',
      amount: '1005',
      markupPercent: '7.5',
    });
    // 1005 × 1.075 = 1080.375 → 1080
    expect(yen.billableAmount).toBe('1080');
    const yenOdd = await newExpense(jpy.client, {
      clientId: jpy.acmeId,
      billable: true,
      currency: 'JPY',
      amount: '333',
      markupPercent: '50',
    });
    // 333 × 1.5 = 499.5 → 500 (half up)
    expect(yenOdd.billableAmount).toBe('500');
    const jpyInvoice = await invoice(jpy.client, {
      clientId: jpy.acmeId,
      expenseIds: [yen.id, yenOdd.id],
    });
    expect(jpyInvoice.statusCode, jpyInvoice.body).toBe(201);
    const jpyDetail = (await jpy.client.get(`/api/invoices/${jpyInvoice.json().id}`)).json();
    expect(jpyDetail.lines.map((l: { unitPrice: string }) => l.unitPrice)).toEqual(['1080', '500']);
    expect(jpyDetail.total).toBe('1580');

    const kwd = await setUp('KWD');
    const dinar = await newExpense(kwd.client, {
      clientId: kwd.acmeId,
      billable: true,
      currency: 'KWD',
      amount: '10.005',
      markupPercent: '33.33',
    });
    // 10.005 × 1.3333 = 13.3396665 → 13.340
    expect(dinar.billableAmount).toBe('13.340');
    const kwdInvoice = await invoice(kwd.client, { clientId: kwd.acmeId, expenseIds: [dinar.id] });
    expect(kwdInvoice.statusCode, kwdInvoice.body).toBe(201);
    const kwdDetail = (await kwd.client.get(`/api/invoices/${kwdInvoice.json().id}`)).json();
    expect(kwdDetail.lines[0].unitPrice).toBe('13.340');
    expect(kwdDetail.total).toBe('13.340');
  });
});
