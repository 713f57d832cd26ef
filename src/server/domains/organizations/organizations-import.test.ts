import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../../tests/support/responses.ts';
import {
  autoMap,
  buildBatches,
  importBatches,
  parseCsvRecords,
  guessMapping,
} from '../../../client/features/contacts/import-mapping.ts';
import { ORGANIZATION_IMPORT } from '../../../client/features/organizations/organization-import-mapping.ts';
import { IMPORT_BATCH_SIZE, type ImportResult } from '../../../shared/import.schema.ts';
import {
  useTestApp,
  signUp,
  signUpWithWorkspace,
  type ApiClient,
} from '../../../../tests/support/test-app.ts';

/*
 * Issue 19 §4: organizations have a CSV import of the contacts import's shape, and their
 * export survives a round trip through it (organizations first, then their contacts).
 */

const t = useTestApp();

/** Sends a file as the import dialogs do: parsed, mapped by its headings, in batches. */
async function importFile(
  client: ApiClient,
  path: '/api/organizations/import' | '/api/contacts/import',
  csv: string,
): Promise<ImportResult> {
  const [headers, ...data] = await parseCsvRecords(csv);
  const batches =
    path === '/api/organizations/import'
      ? importBatches(
          ORGANIZATION_IMPORT,
          data,
          guessMapping(ORGANIZATION_IMPORT, headers!),
          2,
          IMPORT_BATCH_SIZE,
        )
      : buildBatches(data, autoMap(headers!), 2, IMPORT_BATCH_SIZE);
  const importId = createHash('sha256').update(csv).digest('hex');
  const total: ImportResult = { created: 0, skipped: [], rejected: [] };
  for (const batch of batches) {
    const answer: ImportResult = await ok(await client.post(path, { ...batch, importId }));
    expect(answer.warnings).toBeUndefined();
    total.created += answer.created;
    total.skipped.push(...answer.skipped);
    total.rejected.push(...answer.rejected);
  }
  return total;
}

/** The export without the creation dates (its last column). */
const withoutDates = (csv: string) =>
  csv.replace(/,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\r\n/g, '\r\n');

function organizationsIn(workspaceId: number) {
  return t.db
    .selectFrom('organizations')
    .select(['name', 'email', 'phone', 'website', 'industry', 'address', 'notes'])
    .where('workspaceId', '=', workspaceId)
    .orderBy('name')
    .execute();
}

describe('an organizations export imported into another workspace', () => {
  it('gives back the same organizations, people counts and file', async () => {
    const owner = await signUp(t.app, { fullName: 'Zoë Owner' });
    const source = (await ok(await owner.client.post('/api/workspaces', { name: 'Orgs A' }), 201))
      .id;
    const organizations = [
      {
        name: 'Société Générale',
        email: 'contact@socgen.example.fr',
        phone: '+33 1 42 14 20 00',
        website: 'https://socgen.example.fr',
        industry: 'Banque',
        address: 'Tour Société Générale\n29 bd Haussmann, Paris',
        notes: 'Said "call in June", then; =maybe',
      },
      { name: '=HYPERLINK("http://evil.example")', phone: '-', notes: '-1+2' },
      { name: 'Acme, Inc.', industry: '+Manufacturing', phone: '+1 (555) 010-0100' },
      { name: 'Müller & Söhne GmbH', website: 'müller.example.de', notes: "'=already" },
    ];
    for (const values of organizations) {
      await ok(await owner.client.post('/api/organizations', values), 201);
    }
    // People of two of them: the People column counts them on both sides.
    const people = [
      { fullName: 'Jürgen Weiß', organization: 'Société Générale' },
      { fullName: 'Léa Martin', organization: 'Société Générale' },
      { fullName: 'Wile E. Coyote', organization: 'Acme, Inc.' },
    ];
    await ok(await owner.client.post('/api/contacts/import', { rows: people }));
    const orgsFile = (await owner.client.get('/api/organizations/export')).body;
    const contactsFile = (await owner.client.get('/api/contacts/export')).body;
    expect(orgsFile.startsWith('\uFEFFName,Email,Phone,Website,Industry,People,')).toBe(true);
    expect(orgsFile.indexOf('\uFEFF', 1)).toBe(-1);
    expect(orgsFile).toContain(',+33 1 42 14 20 00,');
    expect(orgsFile).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(orgsFile).toContain(`"'+Manufacturing"`);

    const target = (await ok(await owner.client.post('/api/workspaces', { name: 'Orgs B' }), 201))
      .id;
    expect(await importFile(owner.client, '/api/organizations/import', orgsFile)).toEqual({
      created: organizations.length,
      skipped: [],
      rejected: [],
    });
    expect(await importFile(owner.client, '/api/contacts/import', contactsFile)).toEqual({
      created: people.length,
      skipped: [],
      rejected: [],
    });
    expect(await organizationsIn(target)).toEqual(await organizationsIn(source));
    const again = (await owner.client.get('/api/organizations/export')).body;
    expect(withoutDates(again)).toBe(withoutDates(orgsFile));
    expect(withoutDates(again)).toContain(',Banque,2,');

    // The same file again creates nothing.
    const twice = await importFile(owner.client, '/api/organizations/import', orgsFile);
    expect(twice.created).toBe(0);
    expect(twice.skipped).toHaveLength(organizations.length);
  });
});

describe('POST /api/organizations/import', () => {
  it('holds rows to the form rules, and skips names the workspace or the file already has', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Org Rules Ltd');
    await ok(await owner.client.post('/api/organizations', { name: 'Initech' }), 201);
    const res = await owner.client.post('/api/organizations/import', {
      firstRowNumber: 2,
      rows: [
        { name: 'Globex', email: 'HELLO@globex.example.com', phone: ' +1 555 0100 ' },
        { name: 'INITECH' },
        { name: 'globex' },
        { email: 'nameless@example.com' },
        { name: 'Bad Email', email: 'not-an-email' },
        { name: 'Evil\u0007 Corp' },
        { name: 'Long Address', address: 'x'.repeat(501) },
        { name: '\uFEFFMarked' },
        { name: 'Umbrella', website: 'umbrella.example.com', notes: 'Line\nbreaks, fine' },
      ],
    });
    expect(await ok(res)).toEqual({
      created: 3,
      skipped: [
        { row: 3, reason: 'An organization with this name already exists' },
        { row: 4, reason: 'Same name as row 2' },
      ],
      rejected: [
        { row: 5, reason: 'Organization name is required' },
        { row: 6, reason: 'Invalid email' },
        { row: 7, reason: 'Organization name must not contain line breaks or control characters' },
        { row: 8, reason: 'Address must be less than 500 characters' },
      ],
    });
    const list = await ok(await owner.client.get('/api/organizations'));
    expect(list.map((o: { name: string }) => o.name)).toEqual([
      'Globex',
      'Initech',
      'Marked',
      'Umbrella',
    ]);
    expect(list[0]).toMatchObject({ email: 'HELLO@globex.example.com', phone: '+1 555 0100' });
  });

  it('creates each name once when two sends of a batch run at the same time', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Org Race Ltd');
    const body = { importId: 'race', rows: [{ name: 'Race One' }, { name: 'Race Two' }] };
    const answers = await Promise.all([
      owner.client.post('/api/organizations/import', body),
      owner.client.post('/api/organizations/import', body),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json().created).sort()).toEqual([0, 2]);
    expect(await ok(await owner.client.get('/api/organizations'))).toHaveLength(2);
  });

  it('refuses more than 1000 rows, and is not affected by another workspace', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Org Limits Ltd');
    const rows = Array.from({ length: 1001 }, (_, i) => ({ name: `Org ${i}` }));
    const refused = await owner.client.post('/api/organizations/import', { rows });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('Send at most 1000 rows at a time');

    const other = await signUpWithWorkspace(t.app, 'Org Other Ltd');
    await ok(await other.client.post('/api/organizations', { name: 'Shared Name' }), 201);
    const mine = await owner.client.post('/api/organizations/import', {
      rows: [{ name: 'Shared Name' }],
    });
    expect((await ok(mine)).created).toBe(1);
  });
});
