import { describe, expect, it } from 'vitest';
import { joinAs, useTwoWorkspaces, snapshot } from '../../../../tests/support/test-app.ts';

const { t, owner, other } = useTwoWorkspaces('Contacts Co', 'Elsewhere Ltd');

async function createOrg(client = owner.client, name = 'Globex') {
  const res = await client.post('/api/organizations', { name });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; name: string };
}

describe('persons', () => {
  it('creates a contact (201) with its organization and assignee, and lists it', async () => {
    const org = await createOrg();
    const res = await owner.client.post('/api/persons', {
      fullName: 'Marie Curie',
      email: 'marie@radium.fr',
      phone: '+33 1 23 45 67',
      jobTitle: 'Chemist',
      companyId: org.id,
      assignedUserId: owner.user.id,
      notes: 'Met at the conference',
    });
    expect(res.statusCode).toBe(201);
    const person = res.json();
    expect(person).toEqual({
      id: expect.any(Number),
      fullName: 'Marie Curie',
      email: 'marie@radium.fr',
      phone: '+33 1 23 45 67',
      jobTitle: 'Chemist',
      companyId: org.id,
      company: { id: org.id, name: 'Globex' },
      assignedUserId: owner.user.id,
      status: 'active',
      notes: 'Met at the conference',
      lastContact: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const list = await owner.client.get('/api/persons');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(person);
    expect(list.headers['x-total-count']).toBe(String(list.json().length));
  });

  it('stores empty email and phone as null and validates names and emails', async () => {
    const ok = await owner.client.post('/api/persons', {
      fullName: 'No Details',
      email: '',
      phone: '',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ email: null, phone: null });
    const cases: [unknown, string][] = [
      [{}, 'Full name is required'],
      [{ fullName: '  ' }, 'Full name is required'],
      [{ fullName: 'x'.repeat(101) }, 'Full name must be less than 100 characters'],
      [{ fullName: 'Bad Email', email: 'not-an-email' }, 'Invalid email'],
      [{ fullName: 'Bad Id', companyId: 'abc' }, 'Invalid id'],
      [{ fullName: 'Bad Type', assignedUserId: { $gt: 0 } }, 'Invalid id'],
    ];
    for (const [body, message] of cases) {
      const res = await owner.client.post('/api/persons', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(message);
    }
  });

  it('searches name, email and phone on the server, pages, and counts', async () => {
    for (let i = 0; i < 12; i++) {
      await owner.client.post('/api/persons', {
        fullName: `Search Person ${i}`,
        email: `search${i}@findme.io`,
        phone: `555-01${String(i).padStart(2, '0')}`,
      });
    }
    const byName = await owner.client.get('/api/persons?search=search%20person');
    expect(byName.json()).toHaveLength(12);
    const byEmail = await owner.client.get('/api/persons?search=SEARCH3@FINDME');
    expect(byEmail.json().map((p: { fullName: string }) => p.fullName)).toEqual([
      'Search Person 3',
    ]);
    const byPhone = await owner.client.get('/api/persons?search=555-0107');
    expect(byPhone.json().map((p: { fullName: string }) => p.fullName)).toEqual([
      'Search Person 7',
    ]);
    const literal = await owner.client.get('/api/persons?search=%25');
    expect(literal.json()).toEqual([]);

    const page = await owner.client.get('/api/persons?search=Search%20Person&limit=5&offset=10');
    expect(page.json()).toHaveLength(2);
    expect(page.headers['x-total-count']).toBe('12');
    const rpc = await owner.client.trpc('contacts.list', 'query', {
      search: 'Search Person',
      limit: 5,
    });
    expect(rpc.json().result.data.total).toBe(12);
    expect(rpc.json().result.data.items).toHaveLength(5);
    expect((await owner.client.get('/api/persons?limit=0')).statusCode).toBe(400);
    expect((await owner.client.get('/api/persons?limit=abc')).statusCode).toBe(400);
  });

  it('updates one field (the assignee dropdown) or all, and deletes', async () => {
    const created = (
      await owner.client.post('/api/persons', { fullName: 'Edit Me', email: 'edit@me.io' })
    ).json();
    const assigned = await owner.client.put(`/api/persons/${created.id}`, {
      assignedUserId: owner.user.id,
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toMatchObject({
      fullName: 'Edit Me',
      email: 'edit@me.io',
      assignedUserId: owner.user.id,
    });
    const unassigned = await owner.client.put(`/api/persons/${created.id}`, {
      assignedUserId: null,
    });
    expect(unassigned.json().assignedUserId).toBeNull();
    const edited = await owner.client.put(`/api/persons/${created.id}`, {
      fullName: 'Edited',
      phone: '123',
    });
    expect(edited.json()).toMatchObject({ fullName: 'Edited', phone: '123', email: 'edit@me.io' });

    const del = await owner.client.delete(`/api/persons/${created.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true });
    expect((await owner.client.delete(`/api/persons/${created.id}`)).statusCode).toBe(404);
    expect(
      (await owner.client.put(`/api/persons/${created.id}`, { fullName: 'Ghost' })).statusCode,
    ).toBe(404);
  });

  it('refuses ids from another workspace with 404 and changes nothing there', async () => {
    const theirOrg = await createOrg(other.client, 'Their Org');
    const theirPerson = (
      await other.client.post('/api/persons', { fullName: 'Their Person' })
    ).json();
    const before = await snapshot(t.db);
    const attempts = [
      owner.client.post('/api/persons', { fullName: 'Sneaky', companyId: theirOrg.id }),
      owner.client.post('/api/persons', { fullName: 'Sneaky', assignedUserId: other.user.id }),
      owner.client.put(`/api/persons/${theirPerson.id}`, { fullName: 'Hijacked' }),
      owner.client.delete(`/api/persons/${theirPerson.id}`),
      owner.client.put(`/api/organizations/${theirOrg.id}`, { name: 'Hijacked' }),
      owner.client.delete(`/api/organizations/${theirOrg.id}`),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode, res.body).toBe(404);
    expect(await snapshot(t.db)).toBe(before);
    const mine = (await owner.client.get('/api/persons')).json() as { fullName: string }[];
    expect(mine.map((p) => p.fullName)).not.toContain('Their Person');
    const companies = (await owner.client.get('/api/companies')).json() as { name: string }[];
    expect(companies.map((c) => c.name)).not.toContain('Their Org');
  });

  it('refuses an assignee who is not an active member', async () => {
    const member = await joinAs(t, owner.workspace.id, 'collaborator');
    await t.db
      .updateTable('userWorkspaces')
      .set({ isActive: false })
      .where('userId', '=', member.user.id)
      .execute();
    const res = await owner.client.post('/api/persons', {
      fullName: 'X',
      assignedUserId: member.user.id,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('tags', () => {
  it('creates tags, attaches and detaches them; the with-tags list shows them', async () => {
    const person = (await owner.client.post('/api/persons', { fullName: 'Tagged Person' })).json();
    const vip = await owner.client.post('/api/tags', { name: 'VIP', color: 'purple' });
    expect(vip.statusCode).toBe(201);
    expect(vip.json()).toEqual({ id: expect.any(Number), name: 'VIP', color: 'purple' });
    const lead = (await owner.client.post('/api/tags', { name: 'Lead' })).json();
    expect(lead.color).toBe('blue');
    expect((await owner.client.post('/api/tags', { name: 'VIP' })).statusCode).toBe(409);
    expect((await owner.client.post('/api/tags', { name: ' ' })).json().error).toBe(
      'Tag name is required',
    );
    expect((await owner.client.post('/api/tags', { name: 'Pink', color: 'pink' })).statusCode).toBe(
      400,
    );

    const tags = (await owner.client.get('/api/tags')).json();
    expect(tags.map((t: { name: string }) => t.name)).toEqual(['Lead', 'VIP']);

    expect(
      (await owner.client.post(`/api/contacts/${person.id}/tags/${vip.json().id}`)).json(),
    ).toEqual({ success: true });
    expect(
      (await owner.client.post(`/api/contacts/${person.id}/tags/${vip.json().id}`)).statusCode,
    ).toBe(200);
    await owner.client.post(`/api/contacts/${person.id}/tags/${lead.id}`);
    const withTags = (await owner.client.get('/api/contacts/with-tags?search=Tagged')).json();
    expect(withTags).toHaveLength(1);
    expect(withTags[0].tags).toEqual([
      { id: lead.id, name: 'Lead', color: 'blue' },
      { id: vip.json().id, name: 'VIP', color: 'purple' },
    ]);
    await owner.client.delete(`/api/contacts/${person.id}/tags/${lead.id}`);
    const after = (await owner.client.get('/api/contacts/with-tags?search=Tagged')).json();
    expect(after[0].tags.map((t: { name: string }) => t.name)).toEqual(['VIP']);
    expect((await owner.client.get('/api/persons?search=Tagged')).json()[0].tags).toBeUndefined();
  });

  it("cannot use another workspace's tags or contacts", async () => {
    const mine = (await owner.client.post('/api/persons', { fullName: 'Mine' })).json();
    const theirTag = (await other.client.post('/api/tags', { name: 'Theirs' })).json();
    const theirPerson = (await other.client.post('/api/persons', { fullName: 'Theirs' })).json();
    const myTag = (await owner.client.post('/api/tags', { name: 'Own tag' })).json();
    expect(
      (await owner.client.post(`/api/contacts/${mine.id}/tags/${theirTag.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await owner.client.post(`/api/contacts/${theirPerson.id}/tags/${myTag.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await owner.client.get('/api/tags')).json().map((t: { name: string }) => t.name),
    ).not.toContain('Theirs');
  });
});

describe('import and export', () => {
  it('imports a batch: creates, skips duplicates by email, rejects bad rows, links organizations by name', async () => {
    await owner.client.post('/api/persons', { fullName: 'Already Here', email: 'taken@import.io' });
    await createOrg(owner.client, 'Initech');
    const res = await owner.client.post('/api/contacts/import', {
      firstRowNumber: 2,
      rows: [
        {
          fullName: 'Peter Gibbons',
          email: 'peter@initech.com',
          organization: 'initech',
          jobTitle: 'Engineer',
        },
        { fullName: 'Samir N', email: 'SAMIR@initech.com', organization: 'Initech' },
        { fullName: '', email: 'noname@initech.com' },
        { fullName: 'Bad Email', email: 'nope' },
        { fullName: 'Dup Peter', email: 'Peter@Initech.com' },
        { fullName: 'Taken', email: 'taken@import.io' },
        { fullName: 'Milton', organization: 'Chotchkies' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      created: 3,
      skipped: [
        { row: 6, reason: 'Same email as row 2' },
        { row: 7, reason: 'A contact with this email already exists' },
      ],
      rejected: [
        { row: 4, reason: 'Full name is required' },
        { row: 5, reason: 'Invalid email "nope"' },
      ],
    });
    const people = (await owner.client.get('/api/persons?search=initech.com')).json();
    expect(people.map((p: { company: { name: string } }) => p.company.name).sort()).toEqual([
      'Initech',
      'Initech',
    ]);
    const orgs = (await owner.client.get('/api/organizations?search=initech')).json();
    expect(orgs).toHaveLength(1);
    expect(orgs[0].peopleCount).toBe(2);
    expect((await owner.client.get('/api/organizations?search=Chotchkies')).json()).toHaveLength(1);
  });

  it('refuses oversized batches', async () => {
    const rows = Array.from({ length: 1001 }, (_, i) => ({ fullName: `P${i}` }));
    const res = await owner.client.post('/api/contacts/import', { rows });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Send at most 1000 rows at a time');
  });

  it('exports contacts and organizations as CSV, with formulas defused', async () => {
    await owner.client.post('/api/persons', {
      fullName: '=HYPERLINK("http://evil")',
      email: 'csv@export.io',
    });
    const res = await owner.client.get('/api/contacts/export?search=csv@export.io');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="contacts.csv"');
    const [header, row] = res.body.trim().split(/\r?\n/);
    expect(header).toBe('Name,Email,Phone,Job Title,Organization,Assigned To,Tags,Notes,Created');
    expect(row).toMatch(/^"'=HYPERLINK\(""http:\/\/evil""\)",csv@export.io,/);
    const orgs = await owner.client.get('/api/organizations/export');
    // A byte-order mark first, so that Excel reads the file as UTF-8.
    expect(orgs.body.split(/\r?\n/)[0]).toBe(
      '\uFEFFName,Email,Phone,Website,Industry,People,Address,Notes,Created',
    );
    expect(orgs.body).not.toContain('Their Org');
  });
});
