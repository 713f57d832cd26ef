import { describe, expect, it } from 'vitest';
import { useTestApp, signUpWithWorkspace, useOwner } from '../../../../tests/support/test-app.ts';

const t = useTestApp();
const owner = useOwner(t, 'Org Keepers');

describe('organizations', () => {
  it('creates (201), lists with people counts, searches by name and pages', async () => {
    const res = await owner.client.post('/api/organizations', {
      name: 'Umbrella Corp',
      email: 'info@umbrella.com',
      phone: '555',
      website: 'https://umbrella.com',
      industry: 'Pharma',
    });
    expect(res.statusCode).toBe(201);
    const org = res.json();
    expect(org).toEqual({
      id: expect.any(Number),
      name: 'Umbrella Corp',
      email: 'info@umbrella.com',
      phone: '555',
      website: 'https://umbrella.com',
      address: null,
      industry: 'Pharma',
      status: 'active',
      notes: null,
      createdAt: expect.any(String),
      peopleCount: 0,
    });
    await owner.client.post('/api/persons', { fullName: 'Alice', companyId: org.id });
    await owner.client.post('/api/persons', { fullName: 'Bob', companyId: org.id });
    const list = (await owner.client.get('/api/organizations?search=UMBRELLA')).json();
    expect(list).toEqual([{ ...org, peopleCount: 2 }]);

    for (const name of ['Beta', 'Alpha', 'Gamma'])
      await owner.client.post('/api/organizations', { name });
    const page = await owner.client.get('/api/organizations?limit=2&offset=1');
    expect(page.json().map((o: { name: string }) => o.name)).toEqual(['Beta', 'Gamma']);
    expect(page.headers['x-total-count']).toBe('4');
    expect((await owner.client.get('/api/companies')).json()).toEqual([
      { id: expect.any(Number), name: 'Alpha' },
      { id: expect.any(Number), name: 'Beta' },
      { id: expect.any(Number), name: 'Gamma' },
      { id: org.id, name: 'Umbrella Corp' },
    ]);
  });

  it('validates the name and email', async () => {
    const cases: [unknown, string][] = [
      [{}, 'Organization name is required'],
      [{ name: '' }, 'Organization name is required'],
      [{ name: 'Ok', email: 'bad' }, 'Invalid email'],
      [{ name: 'x'.repeat(201) }, 'Organization name must be less than 200 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await owner.client.post('/api/organizations', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect(
      (await owner.client.post('/api/organizations', { name: 'Blank Email', email: '' })).json()
        .email,
    ).toBeNull();
  });

  it('renames, and deleting keeps its people without the link', async () => {
    const org = (await owner.client.post('/api/organizations', { name: 'Short Lived' })).json();
    const person = (
      await owner.client.post('/api/persons', { fullName: 'Survivor', companyId: org.id })
    ).json();
    const renamed = await owner.client.put(`/api/organizations/${org.id}`, { name: 'Renamed' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: org.id, name: 'Renamed', peopleCount: 1 });
    expect((await owner.client.put(`/api/organizations/${org.id}`, { name: '' })).statusCode).toBe(
      400,
    );

    const del = await owner.client.delete(`/api/organizations/${org.id}`);
    expect(del.json()).toEqual({ success: true });
    const survivor = (await owner.client.get('/api/persons?search=Survivor')).json();
    expect(survivor).toEqual([
      expect.objectContaining({ id: person.id, companyId: null, company: null }),
    ]);
    expect((await owner.client.delete(`/api/organizations/${org.id}`)).statusCode).toBe(404);
  });
});

describe('organizations list order', () => {
  it('is by name, either way whatever the case, or by how many people each has', async () => {
    const sorter = await signUpWithWorkspace(t.app, 'Sorters');
    const people: Record<string, number> = { 'beta Labs': 3, 'Alpha Works': 1, 'Gamma Co': 2 };
    for (const [name, count] of Object.entries(people)) {
      const org = (await sorter.client.post('/api/organizations', { name })).json();
      for (let i = 0; i < count; i++)
        await sorter.client.post('/api/persons', { fullName: `${name} ${i}`, companyId: org.id });
    }
    const names = async (query: string) => {
      const res = await sorter.client.get(`/api/organizations?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { name: string }[]).map((o) => o.name);
    };
    expect(await names('')).toEqual(['Alpha Works', 'beta Labs', 'Gamma Co']);
    expect(await names('sort=-name')).toEqual(['Gamma Co', 'beta Labs', 'Alpha Works']);
    expect(await names('sort=-peopleCount')).toEqual(['beta Labs', 'Gamma Co', 'Alpha Works']);
    expect(await names('sort=peopleCount&limit=2')).toEqual(['Alpha Works', 'Gamma Co']);
    expect(await names('sort=peopleCount&limit=2&offset=2')).toEqual(['beta Labs']);
    expect((await sorter.client.get('/api/organizations?sort=email')).statusCode).toBe(400);
  });
});
