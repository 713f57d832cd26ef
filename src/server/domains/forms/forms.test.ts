import { describe, expect, it } from 'vitest';
import {
  ApiClient,
  joinAs,
  snapshot,
  useSmtpSink,
  useTwoWorkspaces,
} from '../../../../tests/support/test-app.ts';
import { issueFormToken } from './form-token.ts';

/* Issue 44, part 1: lead forms on the server, their public side and what a submission makes. */

const sink = useSmtpSink();
const { t, owner, other } = useTwoWorkspaces('Form Studio', 'Other Form Studio', () => ({
  smtpUrl: sink.url,
}));

interface Form {
  id: number;
  name: string;
  slug: string;
  published: boolean;
  fields: { key: string; type: string; label: string; required: boolean; mapTo?: string }[];
  deal: {
    stageId: number;
    value: string | null;
    assigneeId: number | null;
    tags: string[];
  } | null;
  publicSlug: string;
  publicUrl: string;
  submissionCount: number;
  allowIndexing: boolean;
}

async function ok<T = any>(
  request: Promise<{ statusCode: number; body: string; json(): unknown }>,
  status = 200,
) {
  const res = await request;
  expect(res.statusCode, res.body).toBe(status);
  return (res.body ? res.json() : undefined) as T;
}

const CONTACT_FIELDS = [
  { key: 'name', type: 'text', label: 'Your name', required: true, mapTo: 'contact.fullName' },
  { key: 'email', type: 'email', label: 'Email', required: true, mapTo: 'contact.email' },
  { key: 'phone', type: 'phone', label: 'Phone', mapTo: 'contact.phone' },
  { key: 'company', type: 'text', label: 'Company', mapTo: 'organization.name' },
  { key: 'topic', type: 'select', label: 'Topic', options: ['Design', 'Build'] },
  { key: 'extras', type: 'multiselect', label: 'Extras', options: ['SEO', 'Copy'] },
  { key: 'message', type: 'textarea', label: 'Message' },
  {
    key: 'agree',
    type: 'consent',
    label: 'I agree to be contacted about my enquiry',
    required: true,
  },
  { key: 'utm_source', type: 'hidden', label: 'Source' },
];

let formCounter = 0;
function newForm(client: ApiClient, body: object = {}) {
  formCounter += 1;
  return ok<Form>(
    client.post('/api/forms', {
      name: `Contact us ${formCounter}`,
      published: true,
      fields: CONTACT_FIELDS,
      ...body,
    }),
    201,
  );
}

/** A token as the public page would have got it `ageSeconds` ago. */
function tokenFor(formId: number, ageSeconds = 10) {
  return issueFormToken(
    t.app.services.config.sessionSecret,
    formId,
    Date.now() - ageSeconds * 1000,
  );
}

let addressCounter = 0;
/** A new visitor address per call unless one is given: the rate limit counts per address. */
const nextAddress = () => `198.51.100.${(addressCounter += 1) % 250}`;

function submit(
  form: Pick<Form, 'id' | 'publicSlug'>,
  answers: Record<string, unknown>,
  options: {
    ip?: string;
    token?: string;
    hp?: string;
    payload?: string;
    contentType?: string;
  } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/public/forms/${form.publicSlug}/submissions`,
    remoteAddress: options.ip ?? nextAddress(),
    headers: {
      'content-type': options.contentType ?? 'application/json',
      referer: 'https://example.com/contact?utm_source=newsletter',
    },
    payload:
      options.payload ??
      JSON.stringify({
        answers,
        _token: options.token ?? tokenFor(form.id),
        _hp: options.hp ?? '',
      }),
  });
}

const answersOf = (email: string, extra: object = {}) => ({
  name: 'Ada Lovelace',
  email,
  agree: true,
  ...extra,
});

async function personsWithEmail(workspaceId: number, email: string) {
  return t.db
    .selectFrom('persons')
    .select(['id', 'fullName', 'phone', 'companyId'])
    .where('workspaceId', '=', workspaceId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .execute();
}

describe('forms', () => {
  it('creates, reads, lists, changes and deletes a form, with its public address', async () => {
    const made = await newForm(owner.client, { name: 'Contact us', slug: undefined });
    expect(made).toMatchObject({
      name: 'Contact us',
      slug: 'contact-us',
      published: true,
      publicSlug: `${owner.workspace.id}-contact-us`,
      allowIndexing: false,
      deal: null,
      submissionCount: 0,
    });
    expect(made.publicUrl).toMatch(new RegExp(`/f/${owner.workspace.id}-contact-us$`));
    expect(made.fields[2]).toMatchObject({ key: 'phone', required: false });

    // A second form of the same name gets a slug of its own.
    const twin = await newForm(owner.client, { name: 'Contact us' });
    expect(twin.slug).toBe('contact-us-2');

    expect(await ok<Form>(owner.client.get(`/api/forms/${made.id}`))).toEqual(made);
    const list = await owner.client.get('/api/forms?search=contact%20us');
    expect(list.statusCode).toBe(200);
    expect(Number(list.headers['x-total-count'])).toBeGreaterThanOrEqual(2);

    // Only what is sent changes.
    const renamed = await ok<Form>(
      owner.client.put(`/api/forms/${made.id}`, { name: 'Say hello', thankYouMessage: 'Thanks!' }),
    );
    expect(renamed).toMatchObject({ name: 'Say hello', slug: 'contact-us', published: true });
    expect(renamed.fields).toEqual(made.fields);

    await ok(owner.client.put(`/api/forms/${twin.id}`, { slug: 'contact-us' }), 409);

    await ok(owner.client.delete(`/api/forms/${twin.id}`));
    await ok(owner.client.get(`/api/forms/${twin.id}`), 404);
  });

  it('refuses forms that break the field rules, each with its field named', async () => {
    const cases: [object, string][] = [
      [
        {
          fields: [
            { key: 'a', type: 'text', label: 'A' },
            { key: 'A', type: 'text', label: 'B' },
          ],
        },
        'fields.1.key',
      ],
      [{ fields: [{ key: 'a', type: 'select', label: 'A' }] }, 'fields.0.options'],
      [{ fields: [{ key: 'a', type: 'text', label: 'A', options: ['x'] }] }, 'fields.0.options'],
      [
        { fields: [{ key: 'a', type: 'text', label: 'A', mapTo: 'contact.email' }] },
        'fields.0.mapTo',
      ],
      [
        {
          fields: [
            { key: 'a', type: 'email', label: 'A', mapTo: 'contact.email' },
            { key: 'b', type: 'email', label: 'B', mapTo: 'contact.email' },
          ],
        },
        'fields.1.mapTo',
      ],
      [{ published: true, fields: [{ key: 'a', type: 'email', label: 'A' }] }, 'fields'],
      [{ fields: [{ key: '1bad', type: 'text', label: 'A' }] }, 'fields.0.key'],
      [{ fields: [{ key: 'a', type: 'colour', label: 'A' }] }, 'fields.0.type'],
      [{ redirectUrl: 'javascript:alert(1)' }, 'redirectUrl'],
    ];
    for (const [body, path] of cases) {
      const res = await owner.client.post('/api/forms', { name: 'Bad', published: false, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
    // A published form cannot lose its email mapping.
    const form = await newForm(owner.client);
    const res = await owner.client.put(`/api/forms/${form.id}`, {
      fields: [{ key: 'name', type: 'text', label: 'Name' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/email field mapped/);
    // Unpublished, it may.
    await ok(
      owner.client.put(`/api/forms/${form.id}`, {
        published: false,
        fields: [{ key: 'name', type: 'text', label: 'Name' }],
      }),
    );
  });

  it('shows a published form to anyone, with a token and without its mapping, never indexed by default', async () => {
    const form = await newForm(owner.client);
    const res = await t.app.inject({ method: 'GET', url: `/api/public/forms/${form.publicSlug}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    const page = res.json();
    expect(page.name).toBe(form.name);
    expect(page.token).toMatch(new RegExp(`^${form.id}\\.\\d+\\.`));
    expect(page.fields).toHaveLength(CONTACT_FIELDS.length);
    expect(JSON.stringify(page.fields)).not.toContain('mapTo');

    await ok(owner.client.put(`/api/forms/${form.id}`, { allowIndexing: true }));
    const indexed = await t.app.inject({
      method: 'GET',
      url: `/api/public/forms/${form.publicSlug}`,
    });
    expect(indexed.headers['x-robots-tag']).toBeUndefined();
  });

  it('answers 404 for an unpublished, unknown, malformed or other workspace’s slug', async () => {
    const hidden = await newForm(owner.client, { published: false });
    const theirs = await newForm(other.client, { slug: `only-theirs-${Date.now()}` });
    const slugs = [
      hidden.publicSlug,
      `${owner.workspace.id}-no-such-form`,
      'contact-us',
      `0-${hidden.slug}`,
      `${owner.workspace.id}-${theirs.slug}`,
      `99999999-${theirs.slug}`,
    ];
    for (const slug of slugs) {
      const read = await t.app.inject({ method: 'GET', url: `/api/public/forms/${slug}` });
      expect(read.statusCode, slug).toBe(404);
      const before = await snapshot(t.db);
      const sent = await submit({ id: theirs.id, publicSlug: slug }, answersOf('x@example.com'));
      expect(sent.statusCode, slug).toBe(404);
      expect(await snapshot(t.db)).toBe(before);
    }
  });

  it('makes one contact for one email, whatever its case, and records every submission', async () => {
    const form = await newForm(owner.client);
    const email = `Grace.${Date.now()}@Example.com`;
    const first = await submit(
      form,
      answersOf(email, { company: 'Analytical Engines', topic: 'Design', extras: ['SEO'] }),
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ message: 'Thank you! We received your message.' });
    const second = await submit(
      form,
      answersOf(email.toLowerCase(), {
        name: 'Grace Hopper',
        phone: '+44 20 7946 0958',
        company: 'analytical engines',
      }),
    );
    expect(second.statusCode, second.body).toBe(201);

    const persons = await personsWithEmail(owner.workspace.id, email);
    expect(persons).toHaveLength(1);
    // The name the contact was made with stays (a visitor never overwrites the workspace's
    // record); the phone it lacked is filled in.
    expect(persons[0]).toMatchObject({ fullName: 'Ada Lovelace', phone: '+44 20 7946 0958' });
    const orgs = await t.db
      .selectFrom('organizations')
      .select('id')
      .where('workspaceId', '=', owner.workspace.id)
      .where('name', 'ilike', 'analytical engines')
      .execute();
    expect(orgs).toHaveLength(1);
    expect(persons[0]!.companyId).toBe(orgs[0]!.id);

    const list = await owner.client.get(`/api/forms/${form.id}/submissions`);
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('2');
    const [newest, oldest] = list.json();
    expect(oldest).toMatchObject({
      personId: persons[0]!.id,
      answers: { name: 'Ada Lovelace', topic: 'Design', extras: ['SEO'], agree: true },
      consentText: 'I agree to be contacted about my enquiry',
      pageUrl: 'https://example.com/contact?utm_source=newsletter',
      leadId: null,
    });
    // The contact keeps its name; what the visitor typed stays in the submission.
    expect(newest.personName).toBe('Ada Lovelace');
    expect(newest.answers.name).toBe('Grace Hopper');

    // The contact's submissions, from the contact's side.
    const mine = await owner.client.get(`/api/forms/submissions?personId=${persons[0]!.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toHaveLength(2);
    expect((await ok<Form>(owner.client.get(`/api/forms/${form.id}`))).submissionCount).toBe(2);

    // Search looks in the answers (the contact's name, Ada Lovelace, is on both).
    const found = await owner.client.get(`/api/forms/${form.id}/submissions?search=hopper`);
    expect(found.headers['x-total-count']).toBe('1');
  });

  it('makes one contact when ten submissions with one email arrive at once', async () => {
    const form = await newForm(owner.client);
    const email = `rush-${Date.now()}@example.com`;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        submit(form, answersOf(email, { name: `Visitor ${i}` })),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(await personsWithEmail(owner.workspace.id, email)).toHaveLength(1);
    const count = await t.db
      .selectFrom('formSubmissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspaceId', '=', owner.workspace.id)
      .where('formId', '=', form.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(10);
  });

  it('opens a deal in the form’s stage for its assignee, who is notified', async () => {
    const stages = await ok<{ id: number; key: string }[]>(owner.client.get('/api/stages'));
    const stage = stages.find((s) => s.key === 'contacted')!;
    const assignee = await joinAs(t, owner.workspace.id, 'collaborator');
    // The deal's tags: one the workspace has (found whatever its case), one it gets.
    await ok(owner.client.post('/api/tags', { name: 'Inbound' }), 201);
    await ok(other.client.post('/api/tags', { name: 'Website' }), 201);
    const form = await newForm(owner.client, {
      deal: {
        stageId: stage.id,
        value: '1500',
        assigneeId: assignee.user.id,
        tags: ['inbound', 'Website'],
      },
      redirectUrl: 'https://example.com/thanks',
    });
    expect(form.deal).toEqual({
      stageId: stage.id,
      value: '1500.00',
      assigneeId: assignee.user.id,
      tags: ['inbound', 'Website'],
    });
    // Another change keeps the deal's tags.
    expect(
      (await ok<Form>(owner.client.put(`/api/forms/${form.id}`, { name: 'Renamed' }))).deal,
    ).toMatchObject({ tags: ['inbound', 'Website'] });
    const email = `deal-${Date.now()}@example.com`;
    const res = await submit(form, answersOf(email));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ redirectUrl: 'https://example.com/thanks' });

    const [person] = await personsWithEmail(owner.workspace.id, email);
    const lead = await t.db
      .selectFrom('leads')
      .select(['stage', 'value', 'assignedUserId', 'personId', 'dealName'])
      .where('workspaceId', '=', owner.workspace.id)
      .where('personId', '=', person!.id)
      .executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ stage: 'contacted', assignedUserId: assignee.user.id });
    expect(Number(lead.value)).toBe(1500);
    const deals = await ok<{ personId: number; tags: string[] }[]>(
      owner.client.get(`/api/leads?search=${encodeURIComponent(email)}`),
    );
    expect(deals.map((d) => d.tags)).toEqual([['Inbound', 'Website']]);
    // The new tag is this workspace's; the other workspace's "Website" is left alone.
    const tagRows = await t.db
      .selectFrom('dealTags as dt')
      .innerJoin('tags as tg', 'tg.id', 'dt.tagId')
      .select(['tg.workspaceId'])
      .where('dt.workspaceId', '=', owner.workspace.id)
      .where('tg.name', '=', 'Website')
      .execute();
    expect(tagRows.length).toBeGreaterThan(0);
    expect(tagRows.every((r) => r.workspaceId === owner.workspace.id)).toBe(true);
    const notes = await ok<{ kind: string; title: string }[]>(
      assignee.client.get('/api/notifications'),
    );
    expect(notes.some((n) => n.kind === 'form_submitted' && n.title.includes('Ada Lovelace'))).toBe(
      true,
    );
  });

  it('emails the visitor the form’s autoresponder, once, with their name', async () => {
    const form = await newForm(owner.client, {
      autoresponder: { subject: 'Thanks, {{name}}', body: 'Hello {{name}}, we will reply soon.' },
    });
    const email = `auto-${Date.now()}@example.com`;
    await ok(submit(form, answersOf(email)), 201);
    const mail = await sink.waitFor(email, { match: /we will reply soon/ });
    expect(mail.subject).toBe('Thanks, Ada Lovelace');
    expect(mail.text).toContain('Hello Ada Lovelace, we will reply soon.');
    expect(mail.text).toContain('Form Studio');
    // A form without one sends nothing.
    const quiet = await newForm(owner.client);
    const silent = `quiet-${Date.now()}@example.com`;
    await ok(submit(quiet, answersOf(silent)), 201);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sink.mails.filter((m) => m.to.includes(silent))).toHaveLength(0);
  });

  it('takes a form-encoded submission as a browser form posts it', async () => {
    const form = await newForm(owner.client);
    const email = `posted-${Date.now()}@example.com`;
    const body = new URLSearchParams([
      ['answers[name]', 'Posted Person'],
      ['answers[email]', email],
      ['answers[agree]', 'on'],
      ['answers[extras]', 'SEO'],
      ['answers[extras]', 'Copy'],
      ['answers[utm_source]', 'flyer'],
      ['_token', tokenFor(form.id)],
      ['_hp', ''],
    ]).toString();
    const res = await submit(
      form,
      {},
      {
        payload: body,
        contentType: 'application/x-www-form-urlencoded',
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    const [person] = await personsWithEmail(owner.workspace.id, email);
    expect(person?.fullName).toBe('Posted Person');
    const [row] = await ok<{ answers: object }[]>(
      owner.client.get(`/api/forms/${form.id}/submissions`),
    );
    expect(row!.answers).toEqual({
      name: 'Posted Person',
      email,
      agree: true,
      extras: ['SEO', 'Copy'],
      utm_source: 'flyer',
    });

    // Form-encoded bodies are for this route only.
    const elsewhere = await owner.client.request('POST', '/api/forms', undefined, {
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': String(Buffer.byteLength('name=x')),
    });
    expect(elsewhere.statusCode).toBe(415);
  });

  it('refuses spam and bad submissions, writing nothing', async () => {
    const form = await newForm(owner.client);
    const email = `spam-${Date.now()}@example.com`;
    const forged = `${form.id}.${Math.floor(Date.now() / 1000) - 60}.${'A'.repeat(43)}`;
    const otherForm = await newForm(owner.client);
    const check = async (
      label: string,
      send: () => Promise<{ statusCode: number; body: string; json(): any }>,
      status: number,
      path?: string,
    ) => {
      const before = await snapshot(t.db);
      const res = await send();
      expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
      expect(res.json().error, label).toBeTruthy();
      if (path) {
        expect(
          res.json().details?.map((d: { path: string }) => d.path),
          label,
        ).toContain(path);
      }
      expect(await snapshot(t.db), label).toBe(before);
    };
    await check(
      'honeypot',
      () => submit(form, answersOf(email), { hp: 'http://spam.example' }),
      400,
    );
    await check(
      'fresh token',
      () => submit(form, answersOf(email), { token: tokenFor(form.id, 0) }),
      400,
    );
    await check('forged token', () => submit(form, answersOf(email), { token: forged }), 400);
    await check(
      'expired token',
      () => submit(form, answersOf(email), { token: tokenFor(form.id, 25 * 3600) }),
      400,
    );
    await check(
      'another form’s token',
      () => submit(form, answersOf(email), { token: tokenFor(otherForm.id) }),
      400,
    );
    await check('no token', () => submit(form, answersOf(email), { token: '' }), 400);
    await check(
      'oversized body',
      () => submit(form, answersOf(email, { message: 'x'.repeat(70 * 1024) })),
      413,
    );
    await check(
      'overlong answer',
      () => submit(form, answersOf(email, { message: 'x'.repeat(5001) })),
      422,
      'answers.message',
    );
    await check('bad email', () => submit(form, answersOf('not-an-email')), 422, 'answers.email');
    await check(
      'missing consent',
      () => submit(form, answersOf(email, { agree: false })),
      422,
      'answers.agree',
    );
    await check(
      'unknown choice',
      () => submit(form, answersOf(email, { topic: 'Gardening' })),
      422,
      'answers.topic',
    );
    await check('missing name', () => submit(form, { email, agree: true }), 422, 'answers.name');
    expect(await personsWithEmail(owner.workspace.id, email)).toHaveLength(0);
  });

  it('limits one address to five submissions a minute per form', async () => {
    const form = await newForm(owner.client);
    const ip = '203.0.113.77';
    for (let i = 0; i < 5; i += 1) {
      const res = await submit(form, answersOf(`limit-${i}-${Date.now()}@example.com`), { ip });
      expect(res.statusCode, res.body).toBe(201);
    }
    const before = await snapshot(t.db);
    const refused = await submit(form, answersOf(`limit-x-${Date.now()}@example.com`), { ip });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await snapshot(t.db)).toBe(before);
    // Another address, or another form, is counted apart.
    const elsewhere = await newForm(owner.client);
    expect(
      (await submit(elsewhere, answersOf(`limit-y-${Date.now()}@example.com`), { ip })).statusCode,
    ).toBe(201);
  });

  it('exports a form’s submissions as CSV, one column per field, formulas defused', async () => {
    const form = await newForm(owner.client);
    const email = `csv-${Date.now()}@example.com`;
    await ok(
      submit(
        form,
        answersOf(email, { message: '=HYPERLINK("http://evil")', extras: ['SEO', 'Copy'] }),
      ),
      201,
    );
    const res = await owner.client.get(`/api/forms/${form.id}/submissions/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Submitted at,Your name,Email,Phone,Company,Topic,Extras,Message,I agree to be contacted about my enquiry,Source,Page URL,Contact',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("'=HYPERLINK");
    expect(lines[1]).toContain('SEO; Copy');
    expect(lines[1]).toContain(email);
  });

  it('keeps each workspace’s forms and submissions to itself', async () => {
    const form = await newForm(owner.client);
    await ok(submit(form, answersOf(`tenant-${Date.now()}@example.com`)), 201);
    const [person] = await t.db
      .selectFrom('formSubmissions')
      .select('personId')
      .where('formId', '=', form.id)
      .execute();
    const before = await snapshot(t.db);
    await ok(other.client.get(`/api/forms/${form.id}`), 404);
    await ok(other.client.put(`/api/forms/${form.id}`, { name: 'Mine now' }), 404);
    await ok(other.client.delete(`/api/forms/${form.id}`), 404);
    await ok(other.client.get(`/api/forms/${form.id}/submissions`), 404);
    await ok(other.client.get(`/api/forms/${form.id}/submissions/export`), 404);
    await ok(other.client.get(`/api/forms/submissions?personId=${person!.personId}`), 404);
    expect(await snapshot(t.db)).toBe(before);
    // Another workspace's stage or member cannot be a form's deal.
    const stages = await ok<{ id: number }[]>(owner.client.get('/api/stages'));
    await ok(
      other.client.post('/api/forms', {
        name: 'Smuggled',
        fields: [],
        deal: { stageId: stages[0]!.id },
      }),
      404,
    );
    const theirStages = await ok<{ id: number }[]>(other.client.get('/api/stages'));
    await ok(
      other.client.post('/api/forms', {
        name: 'Smuggled assignee',
        fields: [],
        deal: { stageId: theirStages[0]!.id, assigneeId: owner.user.id },
      }),
      404,
    );
    const list = await other.client.get('/api/forms');
    expect(list.body).not.toContain(form.name);
  });

  it('lets every member of the workspace manage forms, and nobody outside it', async () => {
    const collaborator = await joinAs(t, owner.workspace.id, 'collaborator');
    const made = await newForm(collaborator.client);
    await ok(owner.client.get(`/api/forms/${made.id}`));
    await ok(collaborator.client.delete(`/api/forms/${made.id}`));
    const anonymous = new ApiClient(t.app);
    await ok(anonymous.get('/api/forms'), 401);
  });
});
