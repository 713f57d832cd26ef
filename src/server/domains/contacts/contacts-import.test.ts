import { describe, expect, it } from 'vitest';
import {
  useTestApp,
  signUpWithWorkspace,
  type ApiClient,
} from '../../../../tests/support/test-app.ts';

/*
 * Issue 15 §8: importing the same file again (a retry after a failure, a double click, a
 * script run twice) skips the rows it already created, those without an email included.
 */

const t = useTestApp();

const ALREADY = 'Already imported from this file';

/** A file's rows: half of them without an email, one without a name. */
function fileRows(tag: string) {
  return [
    { fullName: `${tag} Ada`, email: `ada.${tag.toLowerCase()}@engines.co.uk` },
    { fullName: `${tag} Babbage` },
    { fullName: `${tag} Babbage` },
    { fullName: '', email: `nobody.${tag.toLowerCase()}@engines.co.uk` },
    { fullName: `${tag} Lovelace`, organization: `${tag} Engines` },
  ];
}

function importBatch(client: ApiClient, body: Record<string, unknown>) {
  return client.post('/api/contacts/import', { firstRowNumber: 2, ...body });
}

async function namesIn(workspaceId: number, tag: string) {
  const rows = await t.db
    .selectFrom('persons')
    .select('fullName')
    .where('workspaceId', '=', workspaceId)
    .where('fullName', 'like', `${tag} %`)
    .orderBy('fullName')
    .execute();
  return rows.map((row) => row.fullName);
}

describe('POST /api/contacts/import with an importId', () => {
  it('creates nothing when the same batch comes again, and reports every row it created as skipped', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Import Twice Ltd');
    const body = { importId: 'a'.repeat(64), rows: fileRows('Twice') };
    const first = await importBatch(owner.client, body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      created: 4,
      skipped: [],
      rejected: [{ row: 5, reason: 'Full name is required' }],
    });

    const second = await importBatch(owner.client, body);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({
      created: 0,
      skipped: [2, 3, 4, 6].map((row) => ({ row, reason: ALREADY })),
      rejected: [{ row: 5, reason: 'Full name is required' }],
    });
    expect(await namesIn(owner.workspace.id, 'Twice')).toEqual([
      'Twice Ada',
      'Twice Babbage',
      'Twice Babbage',
      'Twice Lovelace',
    ]);
    const organizations = await t.db
      .selectFrom('organizations')
      .select('id')
      .where('workspaceId', '=', owner.workspace.id)
      .execute();
    expect(organizations).toHaveLength(1);
  });

  it('creates each row once when two sends of one batch run at the same time', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Import Race Ltd');
    const body = { importId: 'race-file.csv:2026', rows: fileRows('Race') };
    const answers = await Promise.all([
      importBatch(owner.client, body),
      importBatch(owner.client, body),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const created = answers.map((answer) => (answer.json() as { created: number }).created);
    expect(created.sort()).toEqual([0, 4]);
    expect(await namesIn(owner.workspace.id, 'Race')).toEqual([
      'Race Ada',
      'Race Babbage',
      'Race Babbage',
      'Race Lovelace',
    ]);
  });

  it('brings back a deleted contact when the file is imported again', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Import Again Ltd');
    const body = { importId: 'again', rows: fileRows('Again') };
    expect((await importBatch(owner.client, body)).json().created).toBe(4);
    const babbage = await t.db
      .selectFrom('persons')
      .select('id')
      .where('workspaceId', '=', owner.workspace.id)
      .where('fullName', '=', 'Again Babbage')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect((await owner.client.delete(`/api/persons/${babbage.id}`)).statusCode).toBe(200);

    const again = await importBatch(owner.client, body);
    expect(again.json()).toEqual({
      created: 1,
      skipped: [2, 4, 6].map((row) => ({ row, reason: ALREADY })),
      rejected: [{ row: 5, reason: 'Full name is required' }],
    });
    expect(await namesIn(owner.workspace.id, 'Again')).toHaveLength(4);
  });

  it('creates again under another importId, and as before without one', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Import Other File Ltd');
    const rows = fileRows('Other');
    expect((await importBatch(owner.client, { importId: 'file-1', rows })).json().created).toBe(4);
    // A different file: rows without an email are new contacts; the email is known.
    const other = await importBatch(owner.client, { importId: 'file-2', rows });
    expect(other.json()).toEqual({
      created: 3,
      skipped: [{ row: 2, reason: 'A contact with this email already exists' }],
      rejected: [{ row: 5, reason: 'Full name is required' }],
    });
    const unnamed = await importBatch(owner.client, { rows });
    expect(unnamed.json().created).toBe(3);
    expect(await namesIn(owner.workspace.id, 'Other')).toHaveLength(10);
  });

  it('is not affected by the same importId in another workspace', async () => {
    const first = await signUpWithWorkspace(t.app, 'Import First Ltd');
    const second = await signUpWithWorkspace(t.app, 'Import Second Ltd');
    const body = { importId: 'shared-name', rows: fileRows('Shared') };
    expect((await importBatch(first.client, body)).json().created).toBe(4);
    const elsewhere = await importBatch(second.client, body);
    expect(elsewhere.json()).toEqual({
      created: 4,
      skipped: [],
      rejected: [{ row: 5, reason: 'Full name is required' }],
    });
    expect(await namesIn(first.workspace.id, 'Shared')).toHaveLength(4);
    expect(await namesIn(second.workspace.id, 'Shared')).toHaveLength(4);
  });

  it('refuses an importId that is not up to 100 letters, digits, dots, colons, dashes or underscores', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Import Id Ltd');
    for (const importId of ['', 'a'.repeat(101), 'two words', 'ümlaut', "x'; drop table"]) {
      const res = await importBatch(owner.client, { importId, rows: fileRows('Refused') });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].path).toBe('importId');
    }
    expect(await namesIn(owner.workspace.id, 'Refused')).toEqual([]);
  });
});

describe('POST /api/contacts/import and the name rules of the forms', () => {
  it('rejects rows whose contact or organization name holds a line break or control character', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Import Names Ltd');
    const res = await importBatch(owner.client, {
      rows: [
        { fullName: 'Names Ada\r\nBcc: victim@example.com' },
        { fullName: 'Names Grace', organization: 'Evil\u0007 Corp' },
        { fullName: 'Names Tab\there' },
        { fullName: 'Names Clean', organization: 'Clean Engines' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      created: 1,
      skipped: [],
      rejected: [
        { row: 2, reason: 'Full name must not contain line breaks or control characters' },
        {
          row: 3,
          reason: 'Organization name must not contain line breaks or control characters',
        },
        { row: 4, reason: 'Full name must not contain line breaks or control characters' },
      ],
    });
    expect(await namesIn(owner.workspace.id, 'Names')).toEqual(['Names Clean']);
  });
});
