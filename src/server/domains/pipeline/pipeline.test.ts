import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoWorkspaces, joinAs, snapshot } from '../../../../tests/support/test-app.ts';

const { t, owner, other } = useTwoWorkspaces('Deal Makers', 'Competitor');
let person: { id: number };
let org: { id: number };
/** A contact for deals whose person is not what a test is about (SPEC §5: every deal has one). */
let contact: { id: number };
let theirContact: { id: number };

beforeAll(async () => {
  org = (await owner.client.post('/api/organizations', { name: 'Wayne Enterprises' })).json();
  person = (
    await owner.client.post('/api/persons', {
      fullName: 'Bruce Wayne',
      email: 'bruce@wayne.com',
      companyId: org.id,
    })
  ).json();
  contact = (await owner.client.post('/api/persons', { fullName: 'Selina Kyle' })).json();
  theirContact = (await other.client.post('/api/persons', { fullName: 'Oswald' })).json();
});

describe('stages', () => {
  it('lists the six default stages in order', async () => {
    const stages = (await owner.client.get('/api/stages')).json();
    expect(stages.map((s: { key: string }) => s.key)).toEqual([
      'new',
      'contacted',
      'meeting_scheduled',
      'proposal_sent',
      'won',
      'lost',
    ]);
    expect(stages[0]).toEqual({
      id: expect.any(Number),
      key: 'new',
      label: 'New',
      color: 'gray',
      sortOrder: 0,
      isSystemStage: true,
      createdAt: expect.any(String),
    });
  });

  it('adds a stage at the end with a key from its label, and refuses blanks and duplicates', async () => {
    const res = await owner.client.post('/api/stages', { label: 'Due  Diligence' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      key: 'due_diligence',
      label: 'Due  Diligence',
      sortOrder: 6,
      isSystemStage: false,
    });
    expect((await owner.client.post('/api/stages', { key: 'x', label: '  ' })).json().error).toBe(
      'Stage name is required',
    );
    const dup = await owner.client.post('/api/stages', { label: 'due diligence' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe('A stage with this name already exists');
  });

  it('renames a stage but never a system stage; a blank label is refused', async () => {
    const stages = (await owner.client.get('/api/stages')).json();
    const contacted = stages.find((s: { key: string }) => s.key === 'contacted');
    const renamed = await owner.client.put(`/api/stages/${contacted.id}`, { label: 'Reached Out' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ key: 'contacted', label: 'Reached Out' });
    expect(
      (await owner.client.put(`/api/stages/${contacted.id}`, { label: '' })).json().error,
    ).toBe('Stage label is required');
    const won = stages.find((s: { key: string }) => s.key === 'won');
    const res = await owner.client.put(`/api/stages/${won.id}`, { label: 'Closed' });
    expect(res.statusCode).toBe(403);
    expect((await owner.client.delete(`/api/stages/${won.id}`)).statusCode).toBe(403);
  });

  it('refuses to delete a stage holding deals (409 with the SPEC message), deletes it once empty', async () => {
    const stage = (await owner.client.post('/api/stages', { label: 'Short Lived' })).json();
    const lead = (
      await owner.client.post('/api/leads', {
        dealName: 'Blocker',
        personId: contact.id,
        stage: stage.key,
      })
    ).json();
    const refused = await owner.client.delete(`/api/stages/${stage.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'This stage contains 1 opportunity(ies). Move them first.',
    });
    await owner.client.put(`/api/leads/${lead.id}`, { stage: 'new' });
    expect((await owner.client.delete(`/api/stages/${stage.id}`)).json()).toEqual({
      success: true,
    });
    expect((await owner.client.delete(`/api/stages/${stage.id}`)).statusCode).toBe(404);
  });

  it('saves a new order, and refuses an order that is not the whole pipeline', async () => {
    const stages = (await owner.client.get('/api/stages')).json() as { id: number }[];
    const reversed = stages.map((s) => s.id).reverse();
    const res = await owner.client.put('/api/stages/reorder', { ids: reversed });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((s: { id: number }) => s.id)).toEqual(reversed);
    expect((await owner.client.get('/api/stages')).json().map((s: { id: number }) => s.id)).toEqual(
      reversed,
    );
    for (const ids of [
      reversed.slice(1),
      [...reversed, reversed[0]],
      [...reversed.slice(1), 999999],
    ]) {
      expect((await owner.client.put('/api/stages/reorder', { ids })).statusCode).toBe(400);
    }
    const theirs = (await other.client.get('/api/stages')).json() as { id: number }[];
    const before = await snapshot(t.db);
    expect(
      (await owner.client.put('/api/stages/reorder', { ids: theirs.map((s) => s.id) })).statusCode,
    ).toBe(400);
    expect(await snapshot(t.db)).toBe(before);
  });
});

describe('leads', () => {
  it('creates a deal (201) with defaults and embedded person, company and owner', async () => {
    const res = await owner.client.post('/api/leads', {
      dealName: 'Batmobile fleet',
      personId: person.id,
      companyId: org.id,
      assignedUserId: owner.user.id,
      value: 125000.5,
      probability: 60,
      closeDate: '2027-01-31',
      description: 'Ten units',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      dealName: 'Batmobile fleet',
      stage: 'new',
      value: '125000.50',
      description: 'Ten units',
      probability: 60,
      closeDate: '2027-01-31',
      lastContact: null,
      createdAt: expect.any(String),
      personId: person.id,
      companyId: org.id,
      assignedUserId: owner.user.id,
      person: { fullName: 'Bruce Wayne', email: 'bruce@wayne.com' },
      company: { name: 'Wayne Enterprises' },
      owner: { fullName: 'Test User', isActive: true },
      tags: [],
    });
    const minimal = (
      await owner.client.post('/api/leads', { dealName: 'Tiny', personId: contact.id, value: '0' })
    ).json();
    expect(minimal).toMatchObject({
      value: '0.00',
      probability: 0,
      stage: 'new',
      person: { fullName: 'Selina Kyle', email: null },
      company: null,
      owner: null,
    });
  });

  it('moves a deal with {stage} alone and refuses unknown stage keys with 400', async () => {
    const lead = (
      await owner.client.post('/api/leads', { dealName: 'Mover', personId: person.id })
    ).json();
    const moved = await owner.client.put(`/api/leads/${lead.id}`, { stage: 'proposal_sent' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      stage: 'proposal_sent',
      dealName: 'Mover',
      personId: person.id,
    });
    const bad = await owner.client.put(`/api/leads/${lead.id}`, { stage: 'nowhere' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Unknown stage "nowhere"');
    const theirStageKeyOnly = await owner.client.post('/api/leads', {
      dealName: 'X',
      personId: contact.id,
      stage: 'due_diligence',
    });
    expect(theirStageKeyOnly.statusCode).toBe(201);
    const unknownToThem = await other.client.post('/api/leads', {
      dealName: 'X',
      personId: theirContact.id,
      stage: 'due_diligence',
    });
    expect(unknownToThem.statusCode).toBe(400);
    expect(unknownToThem.json().error).toBe('Unknown stage "due_diligence"');
  });

  it('tags a deal by name with the workspace’s tags, creating the missing ones, never another workspace’s', async () => {
    const theirs = (await other.client.post('/api/tags', { name: 'Retainer' })).json();
    const priority = (await owner.client.post('/api/tags', { name: 'Priority' })).json();
    const created = await owner.client.post('/api/leads', {
      dealName: 'Tagged',
      personId: contact.id,
      tags: ['priority', 'Retainer', ' Retainer '],
    });
    expect(created.statusCode, created.body).toBe(201);
    const lead = created.json();
    // An existing tag is found whatever its case; a missing one is made in this workspace.
    expect(lead.tags).toEqual(['Priority', 'Retainer']);
    const rows = await t.db
      .selectFrom('dealTags')
      .select(['workspaceId', 'tagId'])
      .where('dealId', '=', lead.id)
      .orderBy('tagId')
      .execute();
    const ours = (await owner.client.get('/api/tags')).json() as { id: number; name: string }[];
    const ourRetainer = ours.find((tag) => tag.name === 'Retainer')!;
    expect(ourRetainer.id).not.toBe(theirs.id);
    expect(rows).toEqual(
      [priority.id, ourRetainer.id]
        .sort((a, b) => a - b)
        .map((tagId) => ({ workspaceId: owner.workspace.id, tagId })),
    );

    const listed = (await owner.client.get('/api/leads?search=Tagged')).json();
    expect(listed.find((l: { id: number }) => l.id === lead.id).tags).toEqual([
      'Priority',
      'Retainer',
    ]);
    // Left out, the tags stay; sent, they are the deal's tags from then on.
    const moved = (await owner.client.put(`/api/leads/${lead.id}`, { stage: 'won' })).json();
    expect(moved.tags).toEqual(['Priority', 'Retainer']);
    const retagged = await owner.client.put(`/api/leads/${lead.id}`, { tags: ['Retainer'] });
    expect(retagged.json().tags).toEqual(['Retainer']);
    expect((await owner.client.put(`/api/leads/${lead.id}`, { tags: [] })).json().tags).toEqual([]);
    const tooMany = await owner.client.put(`/api/leads/${lead.id}`, {
      tags: Array.from({ length: 21 }, (_, i) => `Tag ${i}`),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toBe('A deal has at most 20 tags');

    // The database refuses another workspace's tag even when the application forgets to check.
    await expect(
      t.db
        .insertInto('dealTags')
        .values({ workspaceId: owner.workspace.id, dealId: lead.id, tagId: theirs.id })
        .execute(),
    ).rejects.toThrow();
    expect((await other.client.get('/api/tags')).json()).toEqual([theirs]);
  });

  it('validates probability, value, dates and names', async () => {
    const personId = contact.id;
    const cases: [unknown, string][] = [
      [{}, 'Deal name is required'],
      [{ dealName: 'P' }, 'Person assignment is required'],
      [{ dealName: 'P', personId, probability: 101 }, 'Number must be less than or equal to 100'],
      [{ dealName: 'P', personId, probability: -1 }, 'Number must be greater than or equal to 0'],
      [{ dealName: 'P', personId, probability: 5.5 }, 'Probability must be a whole number'],
      [{ dealName: 'P', personId, value: -5 }, 'Number must be greater than or equal to 0'],
      [{ dealName: 'P', personId, value: 'lots' }, 'Enter an amount like 1200.50'],
      [{ dealName: 'P', personId, value: 1e12 }, 'Amount must be at most 99,999,999.99'],
      [{ dealName: 'P', personId, closeDate: '31/01/2027' }, 'Invalid date'],
    ];
    for (const [body, message] of cases) {
      const res = await owner.client.post('/api/leads', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(message);
    }
  });

  it('searches deal name, person name and email, and company name, case-insensitively', async () => {
    const names = async (search: string) =>
      (
        (await owner.client.get(`/api/leads?search=${encodeURIComponent(search)}`)).json() as {
          dealName: string;
        }[]
      )
        .map((l) => l.dealName)
        .sort();
    expect(await names('BATMOBILE')).toEqual(['Batmobile fleet']);
    expect(await names('bruce@')).toEqual(['Batmobile fleet', 'Mover']);
    expect(await names('wayne enter')).toEqual(['Batmobile fleet']);
  });

  it("refuses another workspace's ids with 404 and leaves them untouched", async () => {
    const theirPerson = (await other.client.post('/api/persons', { fullName: 'Joker' })).json();
    const theirLead = (
      await other.client.post('/api/leads', { dealName: 'Their Deal', personId: theirContact.id })
    ).json();
    const mine = (
      await owner.client.post('/api/leads', { dealName: 'Mine', personId: contact.id })
    ).json();
    const before = await snapshot(t.db);
    const attempts = await Promise.all([
      owner.client.post('/api/leads', { dealName: 'Spy', personId: theirPerson.id }),
      owner.client.put(`/api/leads/${mine.id}`, { assignedUserId: other.user.id }),
      owner.client.put(`/api/leads/${theirLead.id}`, { stage: 'won' }),
      owner.client.delete(`/api/leads/${theirLead.id}`),
    ]);
    for (const res of attempts) expect(res.statusCode, res.body).toBe(404);
    expect(await snapshot(t.db)).toBe(before);
    expect((await owner.client.get('/api/leads')).body).not.toContain('Their Deal');
  });

  it('shows a deactivated owner as inactive, and deletes deals', async () => {
    const member = await joinAs(t, owner.workspace.id, 'collaborator');
    const lead = (
      await owner.client.post('/api/leads', {
        dealName: 'Owned',
        personId: contact.id,
        assignedUserId: member.user.id,
      })
    ).json();
    expect(lead.owner).toEqual({ fullName: 'Test User', isActive: true });
    await t.db
      .updateTable('userWorkspaces')
      .set({ isActive: false })
      .where('userId', '=', member.user.id)
      .execute();
    const after = (await owner.client.get('/api/leads?search=Owned')).json();
    expect(after[0].owner).toEqual({ fullName: 'Test User', isActive: false });
    expect((await owner.client.delete(`/api/leads/${lead.id}`)).json()).toEqual({ success: true });
    expect((await owner.client.delete(`/api/leads/${lead.id}`)).statusCode).toBe(404);
  });

  it('deleting the contact or organization keeps the deal without the link', async () => {
    const p = (await owner.client.post('/api/persons', { fullName: 'Temp Contact' })).json();
    const o = (await owner.client.post('/api/organizations', { name: 'Temp Org' })).json();
    const lead = (
      await owner.client.post('/api/leads', { dealName: 'Linked', personId: p.id, companyId: o.id })
    ).json();
    await owner.client.delete(`/api/persons/${p.id}`);
    await owner.client.delete(`/api/organizations/${o.id}`);
    const [after] = (await owner.client.get('/api/leads?search=Linked')).json();
    expect(after).toMatchObject({
      id: lead.id,
      personId: null,
      companyId: null,
      person: null,
      company: null,
    });
  });
});
