import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../../tests/support/responses.ts';
import {
  autoMap,
  buildBatches,
  parseCsvRecords,
} from '../../../client/features/contacts/import-mapping.ts';
import { IMPORT_BATCH_SIZE, type ImportResult } from '../../../shared/contacts.schema.ts';
import { useTestApp, signUp, type ApiClient } from '../../../../tests/support/test-app.ts';

/*
 * Issue 19 §4: a contacts export survives a round trip. Exported, imported into another
 * workspace as the import dialog does it, and exported again, the contacts are the same
 * (fields, organization, tags, assignee) and so is the file, byte for byte, apart from the
 * creation dates and the order (the export lists the newest first, and the import creates
 * the file's rows from the top).
 */

const t = useTestApp();

type Account = Awaited<ReturnType<typeof signUp>>;

async function newWorkspace(owner: Account, name: string): Promise<number> {
  // Creating a workspace makes it the owner's current one.
  return (await ok(await owner.client.post('/api/workspaces', { name }), 201)).id;
}

async function addMember(workspaceId: number, account: Account, isActive = true) {
  await t.db
    .insertInto('userWorkspaces')
    .values({ workspaceId, userId: account.user.id, role: 'collaborator', isActive })
    .execute();
}

/** Sends a CSV file's rows as the import dialog does: parsed, mapped, cut into batches. */
async function importAsTheDialog(client: ApiClient, csv: string): Promise<ImportResult> {
  const [headers, ...data] = await parseCsvRecords(csv);
  const batches = buildBatches(data, autoMap(headers!), 2, IMPORT_BATCH_SIZE);
  const importId = createHash('sha256').update(csv).digest('hex');
  const total: ImportResult = { created: 0, skipped: [], rejected: [], warnings: [] };
  for (const batch of batches) {
    const answer: ImportResult = await ok(
      await client.post('/api/contacts/import', { ...batch, importId }),
    );
    total.created += answer.created;
    total.skipped.push(...answer.skipped);
    total.rejected.push(...answer.rejected);
    total.warnings!.push(...(answer.warnings ?? []));
  }
  return total;
}

/** The export's records as written, without their creation date (always the last cell). */
function recordsWithoutDates(csv: string) {
  const end = csv.indexOf('\r\n') + 2;
  const records = csv.slice(end).split(/,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\r\n/);
  expect(records.pop()).toBe('');
  return { heading: csv.slice(0, end), records };
}

/** Every contact of the current workspace as the API shows it, by name. */
async function contactsOf(client: ApiClient) {
  const contacts: any[] = await ok(await client.get('/api/contacts/with-tags?limit=200'));
  return contacts
    .map((c) => ({
      fullName: c.fullName,
      email: c.email,
      phone: c.phone,
      jobTitle: c.jobTitle,
      notes: c.notes,
      organization: c.company?.name ?? null,
      assignedUserId: c.assignedUserId,
      tags: c.tags.map((tag: { name: string }) => tag.name).sort(),
    }))
    .sort((a, b) => a.fullName.localeCompare(b.fullName));
}

describe('a contacts export imported into another workspace', () => {
  it('gives back the same contacts and the same file', async () => {
    const owner = await signUp(t.app, { fullName: 'Léa Dupont' });
    const jurgen = await signUp(t.app, { fullName: 'Jürgen Müller' });
    const source = await newWorkspace(owner, 'Round Trip Source');
    await addMember(source, jurgen);

    const organization = async (name: string) =>
      (await ok(await owner.client.post('/api/organizations', { name }), 201)).id as number;
    const tag = async (name: string) =>
      (await ok(await owner.client.post('/api/tags', { name }), 201)).id as number;
    const societe = await organization('Société Générale');
    const acme = await organization('Acme, Inc.');
    const tags = {
      cle: await tag('Clé'),
      vip: await tag('VIP'),
      hot: await tag('-hot'),
      partner: await tag('Partner "gold"'),
    };
    const contacts = [
      {
        fullName: 'Jürgen Weiß',
        email: 'juergen.weiss@example.de',
        phone: '+33 6 12 34 56 78',
        jobTitle: 'Directeur général',
        companyId: societe,
        assignedUserId: jurgen.user.id,
        notes: 'Met at "Salon", Paris\nCall back, then email; maybe',
        tags: [tags.cle, tags.vip],
      },
      {
        fullName: '=HYPERLINK("http://evil.example","click")',
        phone: '+1 (555) 010-0100',
        notes: '-1+2',
        companyId: acme,
        assignedUserId: owner.user.id,
        tags: [tags.hot],
      },
      { fullName: 'Léa Martin', phone: '-', jobTitle: '+SUM(A1)', notes: "'=already quoted" },
      {
        fullName: "Seán O'Brien, Jr.",
        email: 'sean@example.ie',
        phone: '-12.5',
        jobTitle: '@handle',
        notes: 'a;=cmd;+44 20 7946 0958',
        tags: [tags.partner, tags.vip, tags.cle],
      },
    ];
    for (const { tags: tagIds = [], ...values } of contacts) {
      const person = await ok(await owner.client.post('/api/persons', values), 201);
      for (const tagId of tagIds) {
        await ok(await owner.client.post(`/api/contacts/${person.id}/tags/${tagId}`));
      }
    }
    const before = await contactsOf(owner.client);
    const first = (await owner.client.get('/api/contacts/export')).body;

    // One byte-order mark, at the start; numbers as they are; formulas defused.
    expect(first.startsWith('\uFEFFName,Email,Phone,')).toBe(true);
    expect(first.indexOf('\uFEFF', 1)).toBe(-1);
    expect(first).toContain(',+33 6 12 34 56 78,');
    expect(first).toContain(',+1 (555) 010-0100,');
    expect(first).toContain(',-12.5,');
    expect(first).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(first).toContain(`"'+SUM(A1)"`);
    expect(first).toContain(',Jürgen Müller,"Clé, VIP",');
    expect(first).toContain('"Clé, Partner ""gold"", VIP",');

    // A workspace of the same people, without a contact, tag or organization.
    const target = await newWorkspace(owner, 'Round Trip Target');
    await addMember(target, jurgen);
    const imported = await importAsTheDialog(owner.client, first);
    expect(imported).toEqual({
      created: contacts.length,
      skipped: [],
      rejected: [],
      warnings: [],
    });

    expect(await contactsOf(owner.client)).toEqual(before);
    const second = (await owner.client.get('/api/contacts/export')).body;
    const a = recordsWithoutDates(first);
    const b = recordsWithoutDates(second);
    expect(b.heading).toBe(a.heading);
    expect(b.records).toHaveLength(contacts.length);
    expect(b.records.toReversed()).toEqual(a.records);

    // Sending the file again creates nothing, tags included.
    const again = await importAsTheDialog(owner.client, first);
    expect(again.created).toBe(0);
    expect(again.skipped).toHaveLength(contacts.length);
    const targetTags = await ok(await owner.client.get('/api/tags'));
    expect(targetTags.map((t: { name: string }) => t.name).sort()).toEqual(
      ['-hot', 'Clé', 'Partner "gold"', 'VIP'].sort(),
    );
  });
});

describe('POST /api/contacts/import with tags and an assignee', () => {
  it('finds members by email or full name, only active members of this workspace', async () => {
    const owner = await signUp(t.app, { fullName: 'Ada Owner' });
    const grace = await signUp(t.app, { fullName: 'Grace Member' });
    const twinA = await signUp(t.app, { fullName: 'Sam Twin' });
    const twinB = await signUp(t.app, { fullName: 'Sam Twin' });
    const gone = await signUp(t.app, { fullName: 'Gone Member' });
    const stranger = await signUp(t.app, { fullName: 'Other Workspace' });
    await newWorkspace(stranger, 'Stranger Studio');
    const workspace = await newWorkspace(owner, 'Assignee Studio');
    for (const member of [grace, twinA, twinB]) await addMember(workspace, member);
    await addMember(workspace, gone, false);

    const res = await owner.client.post('/api/contacts/import', {
      firstRowNumber: 2,
      rows: [
        { fullName: 'By Email', assignee: grace.email.toUpperCase() },
        { fullName: 'By Name', assignee: '  grace   MEMBER ' },
        { fullName: 'Owner Too', assignee: 'Ada Owner' },
        { fullName: 'Twice Named', assignee: 'Sam Twin' },
        { fullName: 'Twin By Email', assignee: twinB.email },
        { fullName: 'Inactive', assignee: gone.email },
        { fullName: 'Elsewhere', assignee: stranger.email },
        { fullName: 'Elsewhere By Name', assignee: 'Other Workspace' },
        { fullName: 'Nobody', assignee: '' },
      ],
    });
    const answer = await ok(res);
    const notMember = (who: string) =>
      `Assignee "${who}" is not an active member of this workspace; left unassigned`;
    expect(answer).toEqual({
      created: 9,
      skipped: [],
      rejected: [],
      warnings: [
        {
          row: 5,
          reason: 'Assignee "Sam Twin" names 2 members (give their email); left unassigned',
        },
        { row: 7, reason: notMember(gone.email) },
        { row: 8, reason: notMember(stranger.email) },
        { row: 9, reason: notMember('Other Workspace') },
      ],
    });
    const rows = await t.db
      .selectFrom('persons')
      .select(['fullName', 'assignedUserId'])
      .where('workspaceId', '=', workspace)
      .execute();
    const assigned = Object.fromEntries(rows.map((r) => [r.fullName, r.assignedUserId]));
    expect(assigned).toEqual({
      'By Email': grace.user.id,
      'By Name': grace.user.id,
      'Owner Too': owner.user.id,
      'Twice Named': null,
      'Twin By Email': twinB.user.id,
      Inactive: null,
      Elsewhere: null,
      'Elsewhere By Name': null,
      Nobody: null,
    });
  });

  it('finds tags by name, creates the missing ones once, and reports names that cannot be', async () => {
    const owner = await signUp(t.app);
    const workspace = await newWorkspace(owner, 'Tag Studio');
    const vip = await ok(await owner.client.post('/api/tags', { name: 'VIP', color: 'red' }), 201);
    const long = 'x'.repeat(51);
    const res = await owner.client.post('/api/contacts/import', {
      importId: 'tags-file',
      rows: [
        { fullName: 'Comma', tags: 'vip, Lead,  ,Lead' },
        { fullName: 'Semicolon', tags: 'Lead;Partner' },
        { fullName: 'Too Long', tags: `Lead, ${long}` },
        { fullName: '\uFEFFMarked', tags: 'VIP' },
        { fullName: 'Many', tags: Array.from({ length: 52 }, (_, i) => `t${i}`).join(',') },
      ],
    });
    expect(await ok(res)).toEqual({
      created: 5,
      skipped: [],
      rejected: [],
      warnings: [
        { row: 3, reason: `Tag "${long}" left out: Tag name must be less than 50 characters` },
        { row: 5, reason: 'Only the first 50 tags were imported' },
      ],
    });
    const tags: { id: number; name: string; color: string }[] = await ok(
      await owner.client.get('/api/tags'),
    );
    expect(tags.filter((tag) => !/^t\d+$/.test(tag.name))).toEqual([
      { id: expect.any(Number), name: 'Lead', color: 'blue' },
      { id: expect.any(Number), name: 'Partner', color: 'blue' },
      { id: vip.id, name: 'VIP', color: 'red' },
    ]);
    expect(tags).toHaveLength(53);
    const people: { fullName: string; tags: { name: string }[] }[] = await ok(
      await owner.client.get('/api/contacts/with-tags'),
    );
    const tagsOf = Object.fromEntries(
      people.map((p) => [p.fullName, p.tags.map((tag) => tag.name)]),
    );
    expect(tagsOf).toMatchObject({
      Comma: ['Lead', 'VIP'],
      Semicolon: ['Lead', 'Partner'],
      'Too Long': ['Lead'],
      // A byte-order mark before the first cell is no part of the name.
      Marked: ['VIP'],
    });
    expect(tagsOf.Many).toHaveLength(50);

    // The same file again creates neither contacts nor tags.
    const again = await ok(
      await owner.client.post('/api/contacts/import', {
        importId: 'tags-file',
        rows: [{ fullName: 'Comma', tags: 'vip, Lead, Brand New' }],
      }),
    );
    expect(again.created).toBe(0);
    expect(await ok(await owner.client.get('/api/tags'))).toHaveLength(53);
    const stored = await t.db
      .selectFrom('contactTags')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspaceId', '=', workspace)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(2 + 2 + 1 + 1 + 50);
  });
});
