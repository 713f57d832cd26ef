import { describe, expect, it } from 'vitest';
import { ApiClient, joinAs, useTwoWorkspaces } from '../../../../tests/support/test-app.ts';

/* Issue 40, items 1 and 2: the services catalogue, and lines copied from its services. */

const { t, owner, other } = useTwoWorkspaces('Service Studio', 'Other Service Studio');

interface Service {
  id: number;
  name: string;
  description: string | null;
  unit: string;
  unitPrice: string;
  currency: string;
  taxRate: string;
  category: string | null;
  archived: boolean;
  usedOn: number;
}

interface Line {
  id: number;
  serviceId: number | null;
  description: string;
  quantity: string;
  unit: string | null;
  unitPrice: string;
  taxRate: string;
  amount: string;
}

async function ok<T = unknown>(
  request: Promise<{ statusCode: number; body: string; json(): unknown }>,
  status = 200,
) {
  const res = await request;
  expect(res.statusCode, res.body).toBe(status);
  return (res.body ? res.json() : undefined) as T;
}

const newService = (client: ApiClient, body: object) =>
  ok<Service>(client.post('/api/services', { unitPrice: '100', ...body }), 201);

async function newClient(client: ApiClient, currency = 'EUR') {
  return ok<{ id: number }>(
    client.post('/api/clients', {
      name: `Client ${Math.random()}`,
      email: 'ap@client.example',
      currency,
    }),
    201,
  );
}

async function storedServiceIds(table: 'invoiceLines' | 'estimateLines', ids: number[]) {
  const rows = await t.db
    .selectFrom(table)
    .select(['id', 'serviceId'])
    .where('id', 'in', ids)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.serviceId);
}

describe('the services catalogue', () => {
  it('adds, reads, lists, changes and deletes a service, in the workspace currency by default', async () => {
    const profile = await ok<{ currency: string }>(owner.client.get('/api/settings/business'));
    const made = await newService(owner.client, {
      name: '  Logo design ',
      description: 'Three concepts, two rounds',
      unitPrice: '1200.5',
      taxRate: '20',
      category: 'Design',
    });
    expect(made).toMatchObject({
      name: 'Logo design',
      description: 'Three concepts, two rounds',
      unit: 'item',
      unitPrice: profile.currency === 'JPY' ? '1201' : '1200.50',
      currency: profile.currency,
      taxRate: '20',
      category: 'Design',
      archived: false,
      usedOn: 0,
    });
    expect(await ok(owner.client.get(`/api/services/${made.id}`))).toMatchObject({
      name: 'Logo design',
    });
    const changed = await ok<Service>(
      owner.client.put(`/api/services/${made.id}`, { unit: 'hour', unitPrice: '95' }),
    );
    expect(changed).toMatchObject({ unit: 'hour', description: 'Three concepts, two rounds' });
    expect(changed.unitPrice).toMatch(/^95(\.00)?$/);
    await ok(owner.client.delete(`/api/services/${made.id}`));
    await ok(owner.client.get(`/api/services/${made.id}`), 404);
  });

  it('refuses what is not a service: no name, a long unit, a price with too many decimals', async () => {
    const res = await owner.client.post('/api/services', { name: ' ', unitPrice: '1' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Name is required');
    const unit = await owner.client.post('/api/services', {
      name: 'Long unit',
      unitPrice: '1',
      unit: 'x'.repeat(21),
    });
    expect(unit.statusCode).toBe(400);
    expect(unit.body).toContain('Unit must be at most 20 characters');
    const yen = await owner.client.post('/api/services', {
      name: 'Yen',
      unitPrice: '1.5',
      currency: 'JPY',
    });
    expect(yen.statusCode).toBe(400);
    const free = await newService(owner.client, { name: 'Licence', unit: 'seat' });
    expect(free.unit).toBe('seat');
  });

  it('keeps names unique among active services only (409), whatever their case', async () => {
    const first = await newService(owner.client, { name: 'Hosting' });
    const dup = await owner.client.post('/api/services', { name: 'hosting', unitPrice: '1' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe('An active service with this name already exists');
    await ok(owner.client.put(`/api/services/${first.id}`, { archived: true }));
    const second = await newService(owner.client, { name: 'Hosting' });
    // Bringing the archived one back while an active one holds the name is refused.
    await ok(owner.client.put(`/api/services/${first.id}`, { archived: false }), 409);
    await ok(owner.client.put(`/api/services/${second.id}`, { name: 'HOSTING' }));
    // Another workspace may have the same name.
    await newService(other.client, { name: 'Hosting' });
  });

  it('searches, filters by category and archived state, sorts and pages', async () => {
    const client = (await joinAs(t, owner.workspace.id, 'owner')).client;
    // A workspace of its own, so the counts are this test's.
    const ws = await ok<{ id: number }>(
      client.post('/api/workspaces', { name: 'Sort Studio' }),
      201,
    );
    await ok(client.post(`/api/workspaces/${ws.id}/switch`));
    await newService(client, { name: 'Brand audit', unitPrice: '300', category: 'Strategy' });
    await newService(client, { name: 'Copywriting', unitPrice: '80', category: 'Writing' });
    const old = await newService(client, {
      name: 'Fax setup',
      unitPrice: '5',
      category: 'Writing',
    });
    await ok(client.put(`/api/services/${old.id}`, { archived: true }));
    const names = async (query: string) => {
      const res = await client.get(`/api/services${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return {
        names: (res.json() as Service[]).map((s) => s.name),
        total: res.headers['x-total-count'],
      };
    };
    expect(await names('')).toEqual({ names: ['Brand audit', 'Copywriting'], total: '2' });
    expect((await names('?archived=true')).names).toEqual(['Fax setup']);
    expect((await names('?archived=all')).names).toEqual([
      'Brand audit',
      'Copywriting',
      'Fax setup',
    ]);
    expect((await names('?category=writing&archived=all')).names).toEqual([
      'Copywriting',
      'Fax setup',
    ]);
    expect((await names('?search=copy')).names).toEqual(['Copywriting']);
    expect((await names('?sort=-unitPrice')).names).toEqual(['Brand audit', 'Copywriting']);
    expect((await names('?sort=-name')).names).toEqual(['Copywriting', 'Brand audit']);
    expect(await names('?limit=1&offset=1')).toEqual({ names: ['Copywriting'], total: '2' });
    expect(await ok(client.get('/api/services/categories'))).toEqual(['Strategy', 'Writing']);

    // The export takes the same filters; a formula in a name is defused.
    await newService(client, { name: '=HYPERLINK("x")', unitPrice: '1' });
    const csv = await client.get('/api/services/export?category=Writing&archived=all');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Name,Category,Unit,Unit price,Currency,Tax %,Archived,Description');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^Copywriting,Writing,item,80(\.00)?,[A-Z]{3},0,No,$/);
    expect(lines[2]).toContain('Fax setup,Writing');
    expect(lines[2]).toContain(',Yes,');
    expect((await client.get('/api/services/export')).body).toContain(`"'=HYPERLINK`);
  });

  it('lets members read the catalogue but not change it', async () => {
    const member = await joinAs(t, owner.workspace.id, 'collaborator');
    const s = await newService(owner.client, { name: 'Readable' });
    await ok(member.client.get(`/api/services/${s.id}`));
    await ok(member.client.get('/api/services'));
    await ok(member.client.post('/api/services', { name: 'Nope', unitPrice: '1' }), 403);
    await ok(member.client.put(`/api/services/${s.id}`, { name: 'Nope' }), 403);
    await ok(member.client.delete(`/api/services/${s.id}`), 403);
  });

  it('keeps workspaces apart: another workspace’s service is 404 on every path', async () => {
    const theirs = await newService(other.client, { name: 'Their service', category: 'Theirs' });
    await ok(owner.client.get(`/api/services/${theirs.id}`), 404);
    await ok(owner.client.put(`/api/services/${theirs.id}`, { unitPrice: '1' }), 404);
    await ok(owner.client.delete(`/api/services/${theirs.id}`), 404);
    const list = await ok<Service[]>(owner.client.get('/api/services?archived=all'));
    expect(list.map((s) => s.id)).not.toContain(theirs.id);
    expect((await owner.client.get('/api/services/export?archived=all')).body).not.toContain(
      'Their service',
    );
    // Still theirs, unchanged.
    expect(await ok(other.client.get(`/api/services/${theirs.id}`))).toMatchObject({
      unitPrice: theirs.unitPrice,
    });
  });
});

describe('lines from services', () => {
  it('copies the service into an estimate line; later edits of the service leave the line alone', async () => {
    const client = await newClient(owner.client, 'EUR');
    const service = await newService(owner.client, {
      name: 'Workshop',
      description: 'Half a day, on site',
      unit: 'day',
      unitPrice: '750',
      currency: 'EUR',
      taxRate: '20',
    });
    const made = await ok<{ id: number }>(
      owner.client.post('/api/estimates', {
        clientId: client.id,
        lines: [
          { serviceId: service.id, quantity: '2' },
          { description: 'Travel', quantity: '1', unitPrice: '40' },
        ],
      }),
      201,
    );
    const estimate = await ok<{ id: number; lines: Line[]; total: string }>(
      owner.client.get(`/api/estimates/${made.id}`),
    );
    expect(estimate.lines[0]).toMatchObject({
      description: 'Workshop\nHalf a day, on site',
      quantity: '2.00',
      unitPrice: '750.00',
      taxRate: '20',
      amount: '1500.00',
    });
    expect(estimate.lines[1]).toMatchObject({ description: 'Travel', taxRate: '0' });
    expect(estimate.total).toBe('1840.00');
    expect(
      await storedServiceIds(
        'estimateLines',
        estimate.lines.map((l) => l.id),
      ),
    ).toEqual([service.id, null]);
    expect((await ok<Service>(owner.client.get(`/api/services/${service.id}`))).usedOn).toBe(1);

    await ok(
      owner.client.put(`/api/services/${service.id}`, {
        name: 'Workshop (new)',
        unitPrice: '900',
        taxRate: '10',
      }),
    );
    const again = await ok<{ lines: Line[] }>(owner.client.get(`/api/estimates/${estimate.id}`));
    expect(again.lines[0]).toMatchObject({
      description: 'Workshop\nHalf a day, on site',
      unitPrice: '750.00',
      taxRate: '20',
    });

    // Used: it cannot be deleted (409), it is archived instead; archived, it cannot be
    // newly used (409).
    const del = await owner.client.delete(`/api/services/${service.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().error).toBe('This service is used on 1 document; archive it instead');
    await ok(owner.client.put(`/api/services/${service.id}`, { archived: true }));
    const archived = await owner.client.post('/api/estimates', {
      clientId: client.id,
      lines: [{ serviceId: service.id, quantity: '1' }],
    });
    expect(archived.statusCode).toBe(409);
    expect(archived.json().error).toBe(
      'The service "Workshop (new)" is archived: restore it before putting it on a line',
    );
    await ok(owner.client.get(`/api/services/${service.id}`));
  });

  it('lets the line’s own values win, on invoices and when a draft is edited', async () => {
    const client = await newClient(owner.client, 'EUR');
    const service = await newService(owner.client, {
      name: 'Retainer',
      unitPrice: '2000',
      currency: 'EUR',
      taxRate: '19',
    });
    const made = await ok<{ id: number }>(
      owner.client.post('/api/invoices', {
        clientId: client.id,
        lines: [
          {
            serviceId: service.id,
            description: 'Retainer, November',
            quantity: '1',
            unitPrice: '1500',
          },
        ],
      }),
      201,
    );
    const invoice = await ok<{ id: number; lines: Line[] }>(
      owner.client.get(`/api/invoices/${made.id}`),
    );
    expect(invoice.lines[0]).toMatchObject({
      description: 'Retainer, November',
      unitPrice: '1500.00',
      taxRate: '19',
    });
    // Edited: a kept line and a new one from the service, with its own tax rate.
    await ok(
      owner.client.put(`/api/invoices/${invoice.id}`, {
        lines: [
          {
            id: invoice.lines[0]!.id,
            description: 'Retainer, November',
            quantity: '1',
            unitPrice: '1500',
            taxRate: '19',
          },
          { serviceId: service.id, quantity: '1', taxRate: '0' },
        ],
      }),
    );
    const edited = await ok<{ lines: Line[] }>(owner.client.get(`/api/invoices/${invoice.id}`));
    expect(edited.lines[1]).toMatchObject({
      description: 'Retainer',
      unitPrice: '2000.00',
      taxRate: '0',
    });
    expect(
      await storedServiceIds(
        'invoiceLines',
        edited.lines.map((l) => l.id),
      ),
    ).toEqual([service.id, service.id]);
    expect((await ok<Service>(owner.client.get(`/api/services/${service.id}`))).usedOn).toBe(1);
  });

  it('refuses a service in another currency (409) unless the line gives its own price', async () => {
    const client = await newClient(owner.client, 'EUR');
    const dollars = await newService(owner.client, {
      name: 'US support',
      unitPrice: '120',
      currency: 'USD',
      taxRate: '5',
    });
    const refused = await owner.client.post('/api/invoices', {
      clientId: client.id,
      lines: [{ serviceId: dollars.id, quantity: '1' }],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      'The service "US support" is priced in USD, not EUR: give the line its own unit price',
    );
    const pricedMade = await ok<{ id: number }>(
      owner.client.post('/api/estimates', {
        clientId: client.id,
        lines: [{ serviceId: dollars.id, quantity: '1', unitPrice: '110' }],
      }),
      201,
    );
    const priced = await ok<{ lines: Line[]; currency: string }>(
      owner.client.get(`/api/estimates/${pricedMade.id}`),
    );
    expect(priced.currency).toBe('EUR');
    expect(priced.lines[0]).toMatchObject({
      description: 'US support',
      unitPrice: '110.00',
      taxRate: '5',
    });
  });

  it('copies services into recurring invoices', async () => {
    const client = await newClient(owner.client, 'EUR');
    const service = await newService(owner.client, {
      name: 'Monthly care',
      unit: 'month',
      unitPrice: '300',
      currency: 'EUR',
      taxRate: '20',
    });
    const recurring = await ok<{ id: number; lines: Omit<Line, 'id' | 'amount'>[] }>(
      owner.client.post('/api/recurring-invoices', {
        clientId: client.id,
        currency: 'EUR',
        lines: [{ serviceId: service.id, quantity: '1' }],
        frequency: 'monthly',
        startDate: '2027-01-01',
        autoSend: false,
      }),
      201,
    );
    expect(recurring.lines[0]).toMatchObject({
      description: 'Monthly care',
      unitPrice: '300.00',
      taxRate: '20',
    });
    const stored = await t.db
      .selectFrom('recurringInvoiceLines')
      .select('serviceId')
      .where('recurringInvoiceId', '=', recurring.id)
      .execute();
    expect(stored).toEqual([{ serviceId: service.id }]);
    await ok(owner.client.delete(`/api/services/${service.id}`), 409);
  });

  it('never copies another workspace’s service (404), and a line without a service still needs its values', async () => {
    const client = await newClient(owner.client, 'EUR');
    const theirs = await newService(other.client, {
      name: 'Their secret service',
      unitPrice: '999',
      currency: 'EUR',
    });
    for (const path of ['/api/estimates', '/api/invoices']) {
      const res = await owner.client.post(path, {
        clientId: client.id,
        lines: [{ serviceId: theirs.id, quantity: '1' }],
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Service not found');
      expect(res.body).not.toContain('Their secret service');
    }
    const bare = await owner.client.post('/api/estimates', {
      clientId: client.id,
      lines: [{ quantity: '1' }],
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.body).toContain('Description is required');
    expect((await ok<Service>(other.client.get(`/api/services/${theirs.id}`))).usedOn).toBe(0);
  });

  it('copies the service’s unit unless the line gives its own, and keeps it when the service changes', async () => {
    const client = await newClient(owner.client, 'EUR');
    const service = await newService(owner.client, {
      name: 'Coaching',
      unit: 'session',
      unitPrice: '90',
      currency: 'EUR',
    });
    const made = await ok<{ id: number }>(
      owner.client.post('/api/invoices', {
        clientId: client.id,
        lines: [
          { serviceId: service.id, quantity: '3' },
          { serviceId: service.id, quantity: '2', unit: '  day  ' },
          { serviceId: service.id, quantity: '1', unit: '' },
          { description: 'Printing', quantity: '10', unitPrice: '1.5', unit: 'page' },
          { description: 'Travel', quantity: '1', unitPrice: '40' },
        ],
      }),
      201,
    );
    const invoice = await ok<{ id: number; lines: Line[] }>(
      owner.client.get(`/api/invoices/${made.id}`),
    );
    expect(invoice.lines.map((l) => [l.serviceId, l.unit])).toEqual([
      [service.id, 'session'],
      [service.id, 'day'],
      [service.id, null],
      [null, 'page'],
      [null, null],
    ]);

    await ok(owner.client.put(`/api/services/${service.id}`, { unit: 'hour', unitPrice: '100' }));
    const again = await ok<{ lines: Line[] }>(owner.client.get(`/api/invoices/${made.id}`));
    expect(again.lines[0]).toMatchObject({ unit: 'session', unitPrice: '90.00' });

    // An edit that leaves a line's unit out leaves it without one, as its other values.
    const [first, ...rest] = again.lines;
    await ok(
      owner.client.put(`/api/invoices/${made.id}`, {
        lines: [
          { id: first!.id, description: first!.description, quantity: '3', unitPrice: '90' },
          ...rest.map((l) => ({
            id: l.id,
            description: l.description,
            quantity: l.quantity,
            unit: l.unit,
            unitPrice: l.unitPrice,
          })),
        ],
      }),
    );
    const edited = await ok<{ lines: Line[] }>(owner.client.get(`/api/invoices/${made.id}`));
    expect(edited.lines.map((l) => l.unit)).toEqual([null, 'day', null, 'page', null]);

    const tooLong = await owner.client.post('/api/invoices', {
      clientId: client.id,
      lines: [{ description: 'X', quantity: '1', unitPrice: '1', unit: 'x'.repeat(21) }],
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('Unit must be at most 20 characters');
  });

  it('carries the unit from an estimate to its invoice, and into recurring invoices', async () => {
    const client = await newClient(owner.client, 'EUR');
    const service = await newService(owner.client, {
      name: 'Sprint',
      unit: 'week',
      unitPrice: '4000',
      currency: 'EUR',
    });
    const estimate = await ok<{ id: number; lines: Line[] }>(
      owner.client.post('/api/estimates', {
        clientId: client.id,
        lines: [
          { serviceId: service.id, quantity: '2' },
          { description: 'Setup', quantity: '1', unitPrice: '200' },
        ],
      }),
      201,
    );
    await ok(owner.client.post(`/api/estimates/${estimate.id}/send`, {}));
    const converted = await ok<{ id: number }>(
      owner.client.post(`/api/estimates/${estimate.id}/convert`, {}),
      201,
    );
    const invoice = await ok<{ lines: Line[] }>(owner.client.get(`/api/invoices/${converted.id}`));
    expect(invoice.lines.map((l) => [l.serviceId, l.unit])).toEqual([
      [service.id, 'week'],
      [null, null],
    ]);

    const recurring = await ok<{ id: number; lines: Omit<Line, 'id' | 'amount'>[] }>(
      owner.client.post('/api/recurring-invoices', {
        clientId: client.id,
        currency: 'EUR',
        lines: [
          { serviceId: service.id, quantity: '1' },
          { description: 'Hosting', quantity: '1', unitPrice: '20', unit: 'month' },
        ],
        frequency: 'monthly',
        startDate: '2027-01-01',
        autoSend: false,
      }),
      201,
    );
    expect(recurring.lines.map((l) => [l.serviceId, l.unit])).toEqual([
      [service.id, 'week'],
      [null, 'month'],
    ]);
  });
});
