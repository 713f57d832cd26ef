/*
 * Small contract defects of the outside review (issue 15, items 7 and 9): what a script or
 * a browser sends that the server must refuse, or must not misread.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ApiClient,
  createTestApp,
  signUp,
  signUpWithWorkspace,
  snapshot,
  type TestApp,
} from '../support/test-app.ts';

let t: TestApp;
/** The first account of the database: the platform administrator. */
let admin: Awaited<ReturnType<typeof signUpWithWorkspace>>;
let owner: Awaited<ReturnType<typeof signUpWithWorkspace>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpWithWorkspace(t.app, 'Platform Desk');
  owner = await signUpWithWorkspace(t.app, 'Contract Studio');
});
afterAll(() => t.close());

async function created<T = { id: number }>(
  client: ApiClient,
  url: string,
  body: unknown,
): Promise<T> {
  const res = await client.post(url, body);
  expect(res.statusCode, `${url} ${res.body}`).toBe(201);
  return res.json() as T;
}

async function newPerson(fullName = 'Grace Hopper') {
  return created<{ id: number; fullName: string }>(owner.client, '/api/persons', { fullName });
}

describe('tRPC batches', () => {
  it('answers a batch of ten queries with ten results', async () => {
    const procedures = [
      'contacts.list',
      'organizations.list',
      'leads.list',
      'stages.list',
      'projects.list',
      'clients.list',
      'time.list',
      'invoices.list',
      'proposals.list',
      'tags.list',
    ];
    const path = procedures.join(',');
    // Fastify's default limit on a path parameter is 100 characters; this one is longer.
    expect(path.length).toBeGreaterThan(100);
    const input = encodeURIComponent(JSON.stringify({}));
    const res = await owner.client.get(`/trpc/${path}?batch=1&input=${input}`);
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json() as { result?: { data: unknown } }[];
    expect(results).toHaveLength(10);
    for (const result of results) expect(result.result).toHaveProperty('data');
  });
});

describe('ids', () => {
  it('refuses every non-canonical spelling of an id in a path and touches no row', async () => {
    const person = await newPerson('Ada Canonical');
    const id = person.id;
    const spellings = [
      `0x${id.toString(16)}`,
      `+${id}`,
      `%20${id}`,
      `${id}%20`,
      `${id}e0`,
      `0${id}`,
      `${id}.0`,
      `-${id}`,
      '0',
      '2147483648',
      '99999999999999999999',
    ];
    const before = await snapshot(t.db);
    for (const spelling of spellings) {
      const put = await owner.client.put(`/api/persons/${spelling}`, { fullName: 'Changed' });
      expect([400, 404], `PUT ${spelling}: ${put.body}`).toContain(put.statusCode);
      const del = await owner.client.delete(`/api/persons/${spelling}`);
      expect([400, 404], `DELETE ${spelling}: ${del.body}`).toContain(del.statusCode);
      const tag = await owner.client.post(`/api/contacts/${spelling}/tags/${spelling}`);
      expect([400, 404], `tag ${spelling}: ${tag.body}`).toContain(tag.statusCode);
    }
    expect(await snapshot(t.db)).toBe(before);
    // The canonical spelling still names the row.
    const put = await owner.client.put(`/api/persons/${id}`, { fullName: 'Ada Changed' });
    expect(put.statusCode).toBe(200);
    expect(put.json().fullName).toBe('Ada Changed');
  });

  it('refuses ids in a body that are not JSON integers or canonical digit strings', async () => {
    const person = await newPerson('Bea Body');
    const before = await snapshot(t.db);
    for (const id of [
      true,
      `${person.id}e0`,
      ` ${person.id}`,
      person.id + 0.5,
      [person.id],
      null,
    ]) {
      const res = await owner.client.trpc('contacts.update', 'mutation', { id, fullName: 'X' });
      expect(res.statusCode, JSON.stringify(id)).toBe(400);
    }
    // A company id of `true` was read as company 1.
    const res = await owner.client.post('/api/persons', { fullName: 'C', companyId: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Invalid id');
    expect(await snapshot(t.db)).toBe(before);
    // A JSON number and a digit string both name the row.
    for (const id of [person.id, String(person.id)]) {
      const ok = await owner.client.trpc('contacts.update', 'mutation', { id, fullName: 'Bea' });
      expect(ok.statusCode).toBe(200);
    }
  });
});

describe('request bodies', () => {
  it('answers a JSON null body on a create or an update with 400 and changes nothing', async () => {
    const person = await newPerson('Nell Null');
    const project = await created(owner.client, '/api/projects', {
      name: 'Null Project',
      budgetType: 'time',
      budgetLimit: 10,
      hourlyRate: 100,
    });
    const before = await snapshot(t.db);
    for (const [method, url] of [
      ['PUT', `/api/persons/${person.id}`],
      ['PUT', `/api/projects/${project.id}`],
      ['POST', '/api/persons'],
      ['PUT', '/api/account/profile'],
      ['POST', '/api/auth/logout'],
    ] as const) {
      const res = await owner.client.request(method, url, null);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json()).toEqual({ error: 'The request body must be a JSON object' });
    }
    for (const body of [[], 'text', 7, true]) {
      const res = await owner.client.put(`/api/persons/${person.id}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'The request body must be a JSON object' });
    }
    expect(await snapshot(t.db)).toBe(before);
  });

  it('still accepts an empty body where a route takes none', async () => {
    const account = await signUpWithWorkspace(t.app, 'Empty Body Works');
    const res = await account.client.request(
      'POST',
      `/api/workspaces/${account.workspace.id}/switch`,
    );
    expect(res.statusCode).toBe(200);
    expect((await account.client.request('POST', '/api/auth/logout')).statusCode).toBe(200);
  });
});

describe('the server enforces the forms’ rules', () => {
  it('refuses a deal without a person (SPEC §5) and creates nothing', async () => {
    const before = await snapshot(t.db);
    for (const body of [{ dealName: 'Lonely Deal' }, { dealName: 'Lonely Deal', personId: null }]) {
      const res = await owner.client.post('/api/leads', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Person assignment is required');
    }
    expect(await snapshot(t.db)).toBe(before);
    const person = await newPerson('Deal Person');
    const lead = await created<{ personId: number }>(owner.client, '/api/leads', {
      dealName: 'Paired Deal',
      personId: person.id,
    });
    expect(lead.personId).toBe(person.id);
  });

  it('gives a project with only a name and a client the SPEC §9 defaults', async () => {
    const client = await created(owner.client, '/api/clients', {
      name: 'Default Client',
      email: 'default.client@example.com',
    });
    const project = await created(owner.client, '/api/projects', {
      name: 'Defaults',
      clientId: client.id,
    });
    expect(project).toMatchObject({
      name: 'Defaults',
      clientId: client.id,
      status: 'active',
      budgetType: 'time',
      budgetLimit: '0.00',
      hourlyRate: '120.00',
    });
  });
});

/** The row with this id in a list answer (a plain array). */
async function rowOf(client: ApiClient, url: string, id: number) {
  const res = await client.get(url);
  expect(res.statusCode).toBe(200);
  const row = (res.json() as { id: number }[]).find((r) => r.id === id);
  expect(row, `${url} has ${id}`).toBeDefined();
  return row as Record<string, unknown>;
}

/**
 * A PUT of one field changes that field alone: every other field reads back as before.
 * `ignore` lists fields the server recomputes on any write.
 */
async function expectPartialUpdate(
  list: string,
  item: string,
  id: number,
  change: Record<string, unknown>,
  ignore: string[] = [],
) {
  const before = await rowOf(owner.client, list, id);
  const res = await owner.client.put(`${item}/${id}`, change);
  expect(res.statusCode, res.body).toBe(200);
  const after = await rowOf(owner.client, list, id);
  const rest = (row: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(row).filter(([key]) => !(key in change) && !ignore.includes(key)),
    );
  expect(rest(after)).toEqual(rest(before));
  for (const [key, value] of Object.entries(change)) expect(after[key]).toEqual(value);
}

describe('partial updates change only the fields they send', () => {
  let organizationId: number;
  let clientId: number;
  let personId: number;

  beforeAll(async () => {
    organizationId = (
      await created(owner.client, '/api/organizations', {
        name: 'Partial Org',
        email: 'org@partial.example.com',
        phone: '+1 555 0100',
        website: 'https://partial.example.com',
        address: '1 Main St',
        industry: 'Shipping',
        status: 'customer',
        notes: 'Line one\nLine two',
      })
    ).id;
    clientId = (
      await created(owner.client, '/api/clients', {
        name: 'Partial Client',
        email: 'client@partial.example.com',
        company: 'Partial Ltd',
        phone: '555',
        status: 'active',
        hourlyRate: 95,
      })
    ).id;
    personId = (
      await created(owner.client, '/api/persons', {
        fullName: 'Partial Person',
        email: 'person@partial.example.com',
        phone: '555 0101',
        jobTitle: 'Buyer',
        companyId: organizationId,
        assignedUserId: owner.user.id,
        status: 'customer',
        notes: 'Met at the fair',
        lastContact: '2026-01-02T03:04:05.000Z',
      })
    ).id;
  });

  it('persons', async () => {
    await expectPartialUpdate('/api/persons?limit=500', '/api/persons', personId, {
      fullName: 'Partial Renamed',
    });
  });

  it('organizations', async () => {
    await expectPartialUpdate(
      '/api/organizations?limit=500',
      '/api/organizations',
      organizationId,
      { phone: '+1 555 0199' },
    );
  });

  it('clients', async () => {
    await expectPartialUpdate('/api/clients', '/api/clients', clientId, { name: 'Renamed' });
  });

  it('projects keep their status, budget and rate', async () => {
    const project = await created(owner.client, '/api/projects', {
      name: 'Paused Project',
      description: 'On hold',
      clientId,
      status: 'paused',
      budgetType: 'budget',
      budgetLimit: 5000,
      hourlyRate: 80,
      assignedUserId: owner.user.id,
    });
    await expectPartialUpdate('/api/projects', '/api/projects', project.id, {
      name: 'Still Paused',
    });
  });

  it('time entries keep being timer entries', async () => {
    const project = await created(owner.client, '/api/projects', {
      name: 'Timed Project',
      budgetType: 'time',
      budgetLimit: 100,
      hourlyRate: 100,
    });
    const entry = await created<{ id: number; isTimer: boolean }>(
      owner.client,
      '/api/time-entries',
      {
        projectId: project.id,
        description: 'Timed',
        hours: 1.5,
        date: '2026-01-05',
        isTimer: true,
      },
    );
    expect(entry.isTimer).toBe(true);
    await expectPartialUpdate('/api/time-entries', '/api/time-entries', entry.id, {
      description: 'Described later',
    });
  });

  it('leads', async () => {
    const lead = await created(owner.client, '/api/leads', {
      dealName: 'Partial Deal',
      personId,
      companyId: organizationId,
      assignedUserId: owner.user.id,
      stage: 'contacted',
      value: 1234.5,
      description: 'Big one',
      probability: 70,
      closeDate: '2026-06-30',
    });
    await expectPartialUpdate('/api/leads', '/api/leads', lead.id, { dealName: 'Renamed Deal' });
    await expectPartialUpdate('/api/leads', '/api/leads', lead.id, { stage: 'won' });
  });

  it('invoices', async () => {
    const invoice = await created(owner.client, '/api/invoices', {
      clientId,
      invoiceNumber: 'INV-PARTIAL',
      amount: 250,
      dueDate: '2099-02-01',
    });
    // Sending issues the draft: it is dated and its balance opens (issue 18).
    await expectPartialUpdate('/api/invoices', '/api/invoices', invoice.id, { status: 'sent' }, [
      'issueDate',
      'issuedAt',
      'balance',
    ]);
  });

  it('proposals', async () => {
    const proposal = await created(owner.client, '/api/proposals', {
      title: 'Partial Proposal',
      clientName: 'Partial Client',
      description: 'Scope',
      amount: 999,
      dueDate: '2026-03-01',
    });
    await expectPartialUpdate('/api/proposals', '/api/proposals', proposal.id, {
      title: 'Renamed Proposal',
    });
    await expectPartialUpdate('/api/proposals', '/api/proposals', proposal.id, {
      status: 'sent',
    });
  });

  it('stages', async () => {
    const stage = await created(owner.client, '/api/stages', { label: 'Partial', color: 'teal' });
    await expectPartialUpdate('/api/stages', '/api/stages', stage.id, { label: 'Renamed' });
  });

  it('the account profile keeps its phone when a script leaves it out', async () => {
    const person = await signUp(t.app);
    const saved = {
      firstName: 'Phone',
      lastName: 'Keeper',
      email: person.email,
      phone: '+44 20 7946 0958',
    };
    expect((await person.client.put('/api/account/profile', saved)).statusCode).toBe(200);
    const { phone: _left, ...withoutPhone } = saved;
    const res = await person.client.put('/api/account/profile', {
      ...withoutPhone,
      firstName: 'Renamed',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Renamed', phone: '+44 20 7946 0958' });
    // Sent empty, it is cleared.
    const cleared = await person.client.put('/api/account/profile', { ...saved, phone: '' });
    expect(cleared.json().phone).toBeNull();
  });

  it('no update schema fills in a field the request did not send', async () => {
    const modules = import.meta.glob<Record<string, unknown>>('../../src/shared/*.schema.ts', {
      eager: true,
    });
    const updates = Object.entries(modules).flatMap(([file, exports]) =>
      Object.entries(exports)
        .filter(([name, value]) => /UpdateSchema$/.test(name) && value instanceof z.ZodObject)
        .map(([name, value]) => [`${file} ${name}`, value as z.ZodObject] as const),
    );
    expect(updates.length).toBeGreaterThanOrEqual(7);
    for (const [name, schema] of updates) {
      for (const [key, field] of Object.entries(schema.shape)) {
        const absent = (field as z.ZodType).safeParse(undefined);
        // Either the field is required, or its absence stays an absence.
        if (absent.success) expect(absent.data, `${name}.${key}`).toBeUndefined();
      }
    }
  });
});

describe('names refuse control characters', () => {
  const controls = ['\n', '\r', '\t', '\u0000', '\u001b', '\u007f', '\u0085', '\u009b'];
  const bad = (c: string) => `Evil${c}Bcc: victim@example.com`;

  /** Each call with a bad name answers 400 with a message about it, and changes nothing. */
  async function expectRefused(
    send: (name: string) => Promise<{ statusCode: number; json(): any }>,
    message: RegExp,
  ) {
    const before = await snapshot(t.db);
    for (const c of controls) {
      const res = await send(bad(c));
      expect(res.statusCode, JSON.stringify(c)).toBe(400);
      // NUL is refused for every text before any schema runs (src/server/trpc/init.ts).
      expect(res.json().error).toMatch(c === '\u0000' ? /NUL/ : message);
    }
    expect(await snapshot(t.db)).toBe(before);
  }
  const controlMessage = /must not contain line breaks or control characters$/;

  it('user names: sign-up, profile, admin edit and create', async () => {
    const anonymous = new ApiClient(t.app);
    await expectRefused(
      (name) =>
        anonymous.post('/api/auth/signup', {
          fullName: name,
          email: `ctl-${Math.random().toString(36).slice(2)}@example.com`,
          password: 'secret-password-1',
        }),
      controlMessage,
    );
    const profile = { lastName: 'Lovelace', email: owner.email, phone: null };
    await expectRefused(
      (name) => owner.client.put('/api/account/profile', { ...profile, firstName: name }),
      /^First name must not contain/,
    );
    await expectRefused(
      (name) =>
        owner.client.put('/api/account/profile', { ...profile, firstName: 'Ada', lastName: name }),
      /^Last name must not contain/,
    );
    const target = await signUp(t.app, { fullName: 'Edited User' });
    await expectRefused(
      (name) =>
        admin.client.put(`/api/admin/users/${target.user.id}`, {
          fullName: name,
          email: target.email,
          isActive: true,
        }),
      controlMessage,
    );
    await expectRefused(
      (name) =>
        admin.client.post('/api/admin/all-users', {
          fullName: name,
          email: `made-${Math.random().toString(36).slice(2)}@example.com`,
        }),
      controlMessage,
    );
  });

  it('workspace names: create and settings', async () => {
    await expectRefused((name) => owner.client.post('/api/workspaces', { name }), controlMessage);
    await expectRefused(
      (name) => owner.client.put(`/api/workspaces/${owner.workspace.id}`, { name }),
      controlMessage,
    );
  });

  it('invitee, contact, organization, client, tag, stage, project and deal names', async () => {
    const person = await newPerson('Clean Name');
    const stage = await created(owner.client, '/api/stages', { label: 'Clean Stage' });
    const sends: [string, (name: string) => Promise<{ statusCode: number; json(): any }>][] = [
      [
        'invite',
        (name) =>
          owner.client.post('/api/admin/invite', {
            email: `invitee-${Math.random().toString(36).slice(2)}@example.com`,
            fullName: name,
          }),
      ],
      ['person', (name) => owner.client.post('/api/persons', { fullName: name })],
      [
        'person update',
        (name) => owner.client.put(`/api/persons/${person.id}`, { fullName: name }),
      ],
      ['organization', (name) => owner.client.post('/api/organizations', { name })],
      ['client', (name) => owner.client.post('/api/clients', { name, email: 'c@example.com' })],
      ['tag', (name) => owner.client.post('/api/tags', { name })],
      ['stage', (name) => owner.client.post('/api/stages', { label: name })],
      ['stage update', (name) => owner.client.put(`/api/stages/${stage.id}`, { label: name })],
      [
        'project',
        (name) =>
          owner.client.post('/api/projects', {
            name,
            budgetType: 'time',
            budgetLimit: 0,
            hourlyRate: 100,
          }),
      ],
      ['deal', (name) => owner.client.post('/api/leads', { dealName: name, personId: person.id })],
      [
        'proposal',
        (name) =>
          owner.client.post('/api/proposals', {
            title: name,
            clientName: 'Client',
            description: 'Scope',
            amount: 1,
          }),
      ],
    ];
    for (const [what, send] of sends) {
      await expectRefused(send, controlMessage).catch((error: Error) => {
        throw new Error(`${what}: ${error.message}`);
      });
    }
  });

  it('keeps accepting names in any script, and line breaks in notes and descriptions', async () => {
    for (const fullName of ['Zoë Ångström-Núñez', '李雷', 'Ólafur Arnalds', "D'Arcy O'Neil"]) {
      const person = await newPerson(fullName);
      expect(person.fullName).toBe(fullName);
    }
    const notes = 'First line\nSecond line\r\n\tIndented';
    const person = await created<{ notes: string }>(owner.client, '/api/persons', {
      fullName: 'Multi Line',
      notes,
    });
    expect(person.notes).toBe(notes);
    const project = await created<{ description: string }>(owner.client, '/api/projects', {
      name: 'Described',
      description: 'One\nTwo',
      budgetType: 'time',
      budgetLimit: 0,
      hourlyRate: 100,
    });
    expect(project.description).toBe('One\nTwo');
  });
});
