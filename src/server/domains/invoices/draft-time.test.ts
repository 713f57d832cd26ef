import { describe, expect, it } from 'vitest';
import { ok } from '../../../../tests/support/responses.ts';
import { snapshot, useTwoWorkspaces } from '../../../../tests/support/test-app.ts';

/*
 * Issue 38, item 4: unbilled time of the client's projects added to an existing draft with
 * `PUT /api/invoices/{id} {"timeEntryIds": [...]}`, by the rules of creation.
 */

const { t, owner, other } = useTwoWorkspaces('Draft Time Studio', 'Other Draft Studio');

interface Entry {
  id: number;
  invoiceId: number | null;
}

async function newClient(fields: object = {}) {
  return ok(
    owner.client.post('/api/clients', { name: 'Lyon SARL', email: 'ap@lyon.example', ...fields }),
    201,
  );
}

async function newProject(clientId: number, name: string, hourlyRate = 100) {
  return ok(owner.client.post('/api/projects', { name, clientId, hourlyRate }), 201);
}

async function logTime(projectId: number, hours: string, date: string, description = '') {
  return ok(
    owner.client.post('/api/time-entries', { projectId, hours, date, description }),
    201,
  ) as Promise<Entry>;
}

async function newDraft(clientId: number, fields: object = {}) {
  return ok(
    owner.client.post('/api/invoices', {
      clientId,
      lines: [{ description: 'Set-up', quantity: 1, unitPrice: '10' }],
      ...fields,
    }),
    201,
  );
}

/** An entry as the time log lists it (there is no route for one entry). */
async function entryOf(id: number): Promise<Entry> {
  const all = (await ok(owner.client.get('/api/time-entries?limit=100'))) as Entry[];
  return all.find((e) => e.id === id)!;
}

describe('time on an existing draft', () => {
  it("adds time of any of the client's projects as lines and marks it billed", async () => {
    const client = await newClient();
    const site = await newProject(client.id, 'Site', 100);
    const shop = await newProject(client.id, 'Shop', 80);
    const a = await logTime(site.id, '1.5', '2026-11-02', 'Design');
    const b = await logTime(shop.id, '2', '2026-11-03');
    const c = await logTime(site.id, '1', '2026-11-04', 'Later');
    // A draft made without a project takes time of both projects.
    const draft = await newDraft(client.id);
    const saved = await ok(
      owner.client.put(`/api/invoices/${draft.id}`, { timeEntryIds: [a.id, b.id] }),
    );
    expect(saved).toMatchObject({ subtotal: '320.00', total: '320.00', timeEntryCount: 2 });
    const detail = await ok(owner.client.get(`/api/invoices/${draft.id}`));
    expect(
      detail.lines.map(
        (l: { description: string; quantity: string; unit: string | null; unitPrice: string }) => [
          l.description,
          l.quantity,
          l.unit,
          l.unitPrice,
        ],
      ),
    ).toEqual([
      ['Set-up', '1.00', null, '10.00'],
      // Time is billed by the hour.
      ['Nov 02, 2026 · Design', '1.50', 'hour', '100.00'],
      ['Nov 03, 2026 · Shop', '2.00', 'hour', '80.00'],
    ]);
    expect((await entryOf(a.id)).invoiceId).toBe(draft.id);
    expect((await entryOf(b.id)).invoiceId).toBe(draft.id);
    const unbilled = (await ok(
      owner.client.get(`/api/time-entries?clientId=${client.id}&billed=false`),
    )) as Entry[];
    expect(unbilled.map((e) => e.id)).toEqual([c.id]);

    // Per project, a later addition groups its time into one line of that project.
    const d = await logTime(site.id, '0.5', '2026-11-05');
    const grouped = await ok(
      owner.client.put(`/api/invoices/${draft.id}`, {
        timeEntryIds: [c.id, d.id],
        timeGrouping: 'project',
      }),
    );
    expect(grouped).toMatchObject({ subtotal: '470.00', timeEntryCount: 4 });
    const after = await ok(owner.client.get(`/api/invoices/${draft.id}`));
    expect(after.lines.at(-1)).toMatchObject({
      description: 'Site',
      quantity: '1.50',
      unit: 'hour',
    });
  });

  it("refuses billed time, another client's time and time in another currency, changing nothing", async () => {
    const client = await newClient();
    const project = await newProject(client.id, 'Retainer');
    const billedElsewhere = await logTime(project.id, '1', '2026-11-02');
    await newDraft(client.id, { projectId: project.id, timeEntryIds: [billedElsewhere.id] });
    const stranger = await newClient({ name: 'Someone Else' });
    const theirs = await logTime((await newProject(stranger.id, 'Theirs')).id, '1', '2026-11-02');
    const free = await logTime(project.id, '2', '2026-11-03');
    const draft = await newDraft(client.id);

    const before = await snapshot(t.db);
    for (const ids of [[billedElsewhere.id], [theirs.id], [free.id, theirs.id]]) {
      const res = await owner.client.put(`/api/invoices/${draft.id}`, { timeEntryIds: ids });
      expect(res.statusCode, res.body).toBe(409);
    }
    expect(await snapshot(t.db)).toBe(before);
    // Time is in the workspace's currency (USD); a euro draft cannot bill it.
    const euros = await newDraft(client.id, { currency: 'EUR' });
    const before2 = await snapshot(t.db);
    const inEuros = await owner.client.put(`/api/invoices/${euros.id}`, {
      timeEntryIds: [free.id],
    });
    expect(inEuros.statusCode).toBe(409);
    expect(inEuros.json().error).toBe('This time is in USD; this invoice is in EUR');
    expect(await snapshot(t.db)).toBe(before2);
    // As at creation.
    const created = await owner.client.post('/api/invoices', {
      clientId: client.id,
      currency: 'EUR',
      timeEntryIds: [free.id],
    });
    expect(created.statusCode).toBe(409);
    expect(created.json().error).toBe('This time is in USD; this invoice is in EUR');
    expect((await entryOf(free.id)).invoiceId).toBeNull();

    // A workspace that invoices only approved time refuses time outside approved weeks.
    await ok(owner.client.put('/api/settings/business', { invoiceApprovedTimeOnly: true }));
    try {
      const res = await owner.client.put(`/api/invoices/${draft.id}`, { timeEntryIds: [free.id] });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatch(/not in an approved timesheet/);
    } finally {
      await ok(owner.client.put('/api/settings/business', { invoiceApprovedTimeOnly: false }));
    }
    await ok(owner.client.put(`/api/invoices/${draft.id}`, { timeEntryIds: [free.id] }));
    expect((await entryOf(free.id)).invoiceId).toBe(draft.id);
  });

  it('refuses adding time to an issued invoice', async () => {
    const client = await newClient();
    const project = await newProject(client.id, 'Issued');
    const entry = await logTime(project.id, '1', '2026-11-02');
    const draft = await newDraft(client.id);
    await ok(owner.client.post(`/api/invoices/${draft.id}/issue`));
    const res = await owner.client.put(`/api/invoices/${draft.id}`, { timeEntryIds: [entry.id] });
    expect(res.statusCode).toBe(409);
    expect((await entryOf(entry.id)).invoiceId).toBeNull();
  });

  it("never reaches another workspace's invoices or time", async () => {
    const client = await newClient();
    const project = await newProject(client.id, 'Ours');
    const entry = await logTime(project.id, '1', '2026-11-02');
    const draft = await newDraft(client.id);
    // Their draft, our entry: 404 either way, and our entry stays unbilled.
    const theirClient = await ok(
      other.client.post('/api/clients', { name: 'Theirs', email: 'ap@theirs.example' }),
      201,
    );
    const theirDraft = await ok(
      other.client.post('/api/invoices', { clientId: theirClient.id, amount: 5 }),
      201,
    );
    expect(
      (await other.client.put(`/api/invoices/${draft.id}`, { timeEntryIds: [entry.id] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await other.client.put(`/api/invoices/${theirDraft.id}`, { timeEntryIds: [entry.id] }))
        .statusCode,
    ).toBe(404);
    expect((await entryOf(entry.id)).invoiceId).toBeNull();
  });
});
