import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  autoMap,
  buildBatches,
  IMPORT_FIELDS,
} from '../../src/client/features/contacts/import-mapping.ts';
import {
  CONTACT_FIELDS,
  ContactFormSchema,
  ImportRowSchema,
  PersonInputSchema,
  PersonSchema,
} from '../../src/shared/contacts.schema.ts';
import { fieldNames, tooLong } from '../../src/shared/fields.ts';
import { callerOf } from '../support/caller.ts';
import { createTestApp, signUpWithWorkspace, type TestApp } from '../support/test-app.ts';

/*
 * Issue 17 §3: a contact's text fields are described once (CONTACT_FIELDS) and every layer
 * follows. This test walks every described field through all of them, so a new entry is
 * proven end to end without a line of test of its own.
 */

const NAMES = fieldNames(CONTACT_FIELDS);
const valueOf = (name: string) =>
  CONTACT_FIELDS[name as keyof typeof CONTACT_FIELDS].input === 'email'
    ? `${name.toLowerCase()}.value@fields.example.com`
    : `Value of ${name}`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe.each(NAMES)('the contact field %s', (name) => {
  const field = CONTACT_FIELDS[name];

  it('has one rule and one message in the API, the form and the import', () => {
    expect(PersonInputSchema.parse({ fullName: 'A', [name]: '' })[name]).toBeNull();
    expect(PersonInputSchema.parse({ fullName: 'A', [name]: ` ${valueOf(name)} ` })[name]).toBe(
      valueOf(name),
    );
    const tooLongValue =
      field.input === 'email' ? `${'a'.repeat(250)}@b.co` : 'x'.repeat(field.max + 1);
    const message = field.input === 'email' ? 'Invalid email' : tooLong(field);
    const api = PersonInputSchema.safeParse({ fullName: 'A', [name]: tooLongValue });
    expect(api.error?.issues[0]?.message).toBe(message);
    const form = ContactFormSchema.safeParse({
      fullName: 'A',
      ...Object.fromEntries(NAMES.map((other) => [other, ''])),
      companyId: '',
      assignedUserId: '',
      [name]: tooLongValue,
    });
    expect(form.error?.issues[0]?.message).toBe(message);
    expect(PersonSchema.shape).toHaveProperty(name);
    expect(ImportRowSchema.shape).toHaveProperty(name);
  });

  it('maps from the import headers other tools write, and carries the cell', () => {
    expect(IMPORT_FIELDS.find((f) => f.value === name)?.label).toBe(field.label);
    for (const header of field.headers) {
      expect(autoMap(['Name', header.toUpperCase()])).toEqual(['fullName', name]);
    }
    const [batch] = buildBatches([['Ada', valueOf(name)]], ['fullName', name], 2, 10);
    expect(batch!.rows[0]).toMatchObject({ fullName: 'Ada', [name]: valueOf(name) });
  });
});

describe('every contact field through the server', () => {
  it('is stored, answered, updated, imported and exported', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Fields Ltd');
    const caller = await callerOf(t, owner, owner.workspace.id);
    const values = Object.fromEntries(NAMES.map((name) => [name, valueOf(name)]));

    const created = await caller.contacts.create({ fullName: 'Grace Hopper', ...values });
    expect(created).toMatchObject(values);
    const page = await caller.contacts.list({ search: 'Grace', limit: 50 });
    expect(page.items[0]).toMatchObject(values);

    for (const name of NAMES) {
      const cleared = await caller.contacts.update({ id: created.id, [name]: '' });
      expect(cleared[name]).toBeNull();
    }

    const imported = await caller.contacts.import({
      rows: [{ fullName: 'Imported Ida', ...values, email: 'ida@fields.example.com' }],
    });
    expect(imported).toEqual({ created: 1, skipped: [], rejected: [] });
    const [ida] = (await caller.contacts.list({ search: 'Imported Ida', limit: 50 })).items;
    expect(ida).toMatchObject({ ...values, email: 'ida@fields.example.com' });

    const res = await owner.client.get('/api/contacts/export');
    const [header, ...rows] = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, '').trimEnd()).data;
    const idaRow = rows.find((row) => row[0] === 'Imported Ida')!;
    for (const name of NAMES) {
      const column = header!.indexOf(CONTACT_FIELDS[name].title);
      expect(column, CONTACT_FIELDS[name].title).toBeGreaterThan(0);
      expect(idaRow[column]).toBe(name === 'email' ? 'ida@fields.example.com' : valueOf(name));
    }
  });
});
