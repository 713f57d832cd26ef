import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { nextCode } from '../support/totp.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshTarget, type Target } from '../support/target.ts';
import {
  ApiClient,
  createTestApp,
  signUp,
  uniqueEmail,
  type TestApp,
} from '../support/test-app.ts';
import { fileUpload, tinyPng } from '../support/uploads.ts';
import { FakeStripe, signature } from '../support/fake-stripe.ts';
import { issueFormToken } from '../../src/server/domains/forms/form-token.ts';
import { decideProposal } from '../../src/server/domains/estimates/acceptance.service.ts';
import { dateIn } from '../../src/server/domains/scheduling/slots.ts';

/*
 * The OpenAPI document against the server: every documented operation is called for real
 * in a seeded workspace, and each answer's status must be documented for it, and its body
 * (and headers) must match the documented response, JSON bodies by JSON Schema 2020-12
 * (OpenAPI 3.1's dialect). Anonymous and read-only-token calls check the refusals the same
 * way. An operation added without a call here fails the last test.
 */

type Json = Record<string, any>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let t: TestApp;
let doc: Json;
/** Platform administrator (the first account) and owner of the seeded workspace. */
let admin: Awaited<ReturnType<typeof signUp>>;
/** A collaborator of the seeded workspace, whom the team calls act on. */
let mate: Awaited<ReturnType<typeof signUp>>;
/** An account with a workspace of its own, for calls that end sessions or delete. */
let spare: Awaited<ReturnType<typeof signUp>>;
let target: Target;
/** Operations answered with their documented success. */
const succeeded = new Set<string>();

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();

/** Stripe for the online payment calls, on loopback. */
let fakeStripe: FakeStripe;

beforeAll(async () => {
  fakeStripe = await new FakeStripe().start();
  t = await createTestApp({ stripeApiBase: fakeStripe.url });
  admin = await signUp(t.app, { fullName: 'Tour Admin' });
  mate = await signUp(t.app, { fullName: 'Tour Mate' });
  spare = await signUp(t.app, { fullName: 'Tour Spare' });
  target = await freshTarget(t.db, {
    label: 'Tour',
    members: [
      { userId: admin.user.id, role: 'owner', client: admin.client },
      { userId: mate.user.id, role: 'collaborator' },
    ],
    ownerUserId: admin.user.id,
    collaboratorUserId: mate.user.id,
  });
  const res = await new ApiClient(t.app).get('/api/openapi.json');
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => {
  await t.close();
  await fakeStripe.stop();
});

/** Every `METHOD /path` the document lists. */
function documentedOperations(): string[] {
  return Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    Object.keys(item as Json).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

function operation(key: string): Json {
  const [method, path] = key.split(' ') as [string, string];
  const op = doc.paths[path]?.[method.toLowerCase()];
  expect(op, `${key} is documented`).toBeDefined();
  return op;
}

/** A part of the document with its `#/components/…` references replaced by what they name. */
function resolved(value: unknown): any {
  if (Array.isArray(value)) return value.map(resolved);
  if (typeof value !== 'object' || value === null) return value;
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    const target = ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<any>((node, key) => node?.[key], doc);
    expect(target, `${ref} resolves`).toBeDefined();
    return resolved(target);
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolved(v)]));
}

function validator(schema: Json): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(key, validate);
  }
  return validate;
}

/** The answer's status is documented for the operation, and its headers and body match. */
function expectDocumented(key: string, res: LightMyRequestResponse) {
  const where = `${key} → ${res.statusCode}`;
  const documented = operation(key).responses[String(res.statusCode)];
  expect(documented, `${where} is not documented: ${res.body.slice(0, 300)}`).toBeDefined();
  const response = resolved(documented);
  for (const [name, header] of Object.entries((response.headers ?? {}) as Json)) {
    const value = res.headers[name.toLowerCase()];
    expect(value, `${where}: header ${name}`).toBeDefined();
    if (header.schema?.type === 'integer')
      expect(String(value), `${where}: ${name}`).toMatch(/^\d+$/);
  }
  if (!response.content) {
    expect(res.body, `${where}: a body where none is documented`).toBe('');
    return;
  }
  const mediaType = String(res.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  const content = response.content[mediaType];
  expect(
    content,
    `${where}: ${mediaType} is not among ${Object.keys(response.content).join(', ')}`,
  ).toBeDefined();
  if (mediaType === 'application/json') {
    const validate = validator(content.schema);
    const valid = validate(res.json());
    expect(valid ? [] : validate.errors, `${where}: ${res.body.slice(0, 500)}`).toEqual([]);
  } else {
    expect(res.rawPayload.length, `${where}: an empty ${mediaType}`).toBeGreaterThan(0);
  }
}

interface Call {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  /** A multipart upload of a small PNG in this field, instead of a JSON body. */
  upload?: string;
  /** The uploaded file, when not the small PNG. */
  file?: { name: string; type: string; data: Buffer };
  headers?: Record<string, string>;
  /** The status expected: the operation's documented success unless given. */
  status?: number;
}

function urlOf(path: string, call: Call): string {
  let url = path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = call.params?.[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  if (call.query) {
    url += `?${new URLSearchParams(Object.entries(call.query).map(([k, v]) => [k, String(v)]))}`;
  }
  return url;
}

/** Sends one documented operation as described. */
async function request(client: ApiClient, key: string, call: Call = {}) {
  const [method, path] = key.split(' ') as [Method, string];
  const url = urlOf(path, call);
  if (!call.upload) return client.request(method, url, call.body, call.headers);
  const file = call.file ?? { name: 'tour.png', type: 'image/png', data: tinyPng('tour') };
  const upload = fileUpload(call.upload, file.name, file.type, file.data);
  return t.app.inject({
    method,
    url,
    payload: upload.payload,
    headers: {
      ...upload.headers,
      ...(client.cookie ? { cookie: client.cookie } : {}),
      ...call.headers,
    },
  });
}

/** Sends one documented operation and checks the answer against the document. */
async function send(client: ApiClient, key: string, call: Call = {}) {
  const op = operation(key);
  const res = await request(client, key, call);
  const success = Number(Object.keys(op.responses).find((status) => status.startsWith('2')));
  expect(res.statusCode, `${key}: ${res.body.slice(0, 300)}`).toBe(call.status ?? success);
  expectDocumented(key, res);
  if (res.statusCode === success) succeeded.add(key);
  return res;
}

/** The JSON answer of a successful call. */
async function json<T = any>(client: ApiClient, key: string, call: Call = {}): Promise<T> {
  return (await send(client, key, call)).json() as T;
}

const id = (value: number | string) => ({ id: value });

describe('every documented operation answers as documented', () => {
  it('auth', async () => {
    const newcomer = new ApiClient(t.app);
    await send(newcomer, 'POST /api/auth/signup', {
      body: { fullName: 'Tour Newcomer', email: uniqueEmail('tour'), password: 'correct-horse-9' },
    });
    await send(admin.client, 'GET /api/auth/me');
    // A second session of the admin: signed in, then ended from the first one.
    const second = new ApiClient(t.app);
    await send(second, 'POST /api/auth/login', {
      body: { email: admin.email, password: admin.password },
    });
    const sessions = await json<{ id: string; isCurrent: boolean }[]>(
      admin.client,
      'GET /api/account/sessions',
    );
    const other = sessions.find((s) => !s.isCurrent)!;
    await send(admin.client, 'DELETE /api/account/sessions/{id}', { params: id(other.id) });
    await send(second, 'POST /api/auth/logout');
  });

  it('password reset, and a deactivated account signing in', async () => {
    const forgetful = await signUp(t.app, { fullName: 'Tour Forgetful' });
    const anonymous = new ApiClient(t.app);
    // An email no account has (an account's link would replace the token stored below).
    await send(anonymous, 'POST /api/auth/forgot-password', {
      body: { email: uniqueEmail('tour-nobody') },
    });
    // The emailed token is never answered: one of the test's own, stored as the server does.
    const token = 'tour-reset-token-'.padEnd(43, 'x');
    await t.db
      .insertInto('passwordResetTokens')
      .values({
        userId: forgetful.user.id,
        tokenHash: createHash('sha256').update(token).digest('hex'),
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .execute();
    const body = { token, password: 'Fresh-horse-42' };
    await send(anonymous, 'POST /api/auth/reset-password', { body });
    await send(anonymous, 'POST /api/auth/reset-password', { body, status: 400 });
    await t.db
      .updateTable('users')
      .set({ isActive: false })
      .where('id', '=', forgetful.user.id)
      .execute();
    await send(anonymous, 'POST /api/auth/login', {
      body: { email: forgetful.email, password: 'Fresh-horse-42' },
      status: 403,
    });
  });

  it('account', async () => {
    const c = admin.client;
    await send(c, 'GET /api/account/profile');
    await send(c, 'PUT /api/account/profile', {
      body: { firstName: 'Tour', lastName: 'Admin', email: admin.email },
    });
    await send(c, 'PUT /api/account/preferences', {
      body: {
        timezone: 'Europe/Paris',
        dateFormat: 'YYYY-MM-DD',
        timeFormat: '24h',
        language: 'fr',
      },
    });
    await send(c, 'PUT /api/account/notifications', {
      body: {
        emailNotifications: false,
        pushNotifications: true,
        taskReminders: true,
        projectUpdates: false,
        teamInvites: true,
        securityAlerts: true,
      },
    });
    await send(c, 'POST /api/account/upload-photo', { upload: 'profileImage' });
    await send(c, 'DELETE /api/account/remove-photo');
    const token = await json<{ id: number }>(c, 'POST /api/account/tokens', {
      body: { name: 'Tour token', scope: 'read' },
    });
    await send(c, 'GET /api/account/tokens');
    await send(c, 'DELETE /api/account/tokens/{id}', { params: id(token.id) });
  });

  // Three authenticator codes, each good once: the third may wait for the next 30 s step.
  it('two-factor sign-in', async () => {
    const holder = await signUp(t.app, { fullName: 'Tour Two-Factor' });
    const c = holder.client;
    await send(c, 'GET /api/account/two-factor');
    const { secret } = await json<{ secret: string }>(c, 'POST /api/account/two-factor/setup');
    await send(c, 'POST /api/account/two-factor/enable', {
      body: { code: await nextCode(secret) },
    });
    await send(c, 'POST /api/account/two-factor/setup', { status: 409 });
    const device = new ApiClient(t.app);
    const pending = await json(device, 'POST /api/auth/login', {
      body: { email: holder.email, password: holder.password },
    });
    expect(pending).toEqual({ twoFactorRequired: true });
    await send(device, 'POST /api/auth/login/two-factor', {
      body: { code: '000000' },
      status: 401,
    });
    await send(device, 'POST /api/auth/login/two-factor', {
      body: { code: await nextCode(secret) },
    });
    await send(c, 'POST /api/account/two-factor/disable', {
      body: { password: holder.password, code: await nextCode(secret) },
    });
    await send(admin.client, 'DELETE /api/admin/users/{id}/two-factor', {
      params: id(holder.user.id),
    });
  }, 90_000);

  it('background jobs', async () => {
    await send(admin.client, 'GET /api/admin/jobs');
    await send(admin.client, 'POST /api/admin/jobs/{id}/retry', {
      params: { id: '00000000-0000-4000-8000-000000000000' },
      body: { queue: 'housekeeping' },
      status: 404,
    });
    // The target holds a housekeeping job that failed for good.
    await send(admin.client, 'POST /api/admin/jobs/{id}/retry', {
      params: { id: target.failedJobId },
      body: { queue: 'housekeeping' },
    });
  });

  it('workspaces', async () => {
    const c = spare.client;
    const own = await json<{ id: number }>(c, 'POST /api/workspaces', {
      body: { name: 'Tour Spare Studio' },
    });
    await send(c, 'GET /api/user/workspaces');
    await send(c, 'GET /api/workspaces/current');
    await send(c, 'GET /api/workspaces/current/usage');
    await send(c, 'GET /api/workspaces/current/settings');
    await send(c, 'PUT /api/workspaces/current/settings', { body: { timezone: 'Europe/Paris' } });
    await send(c, 'PUT /api/workspaces/{id}', {
      params: id(own.id),
      body: { name: 'Tour Spare Renamed', description: 'Renamed on the tour' },
    });
    await send(c, 'DELETE /api/workspaces/{id}', { params: id(own.id) });
    await send(c, 'POST /api/workspaces/{id}/reactivate', { params: id(own.id) });
    await send(c, 'POST /api/workspaces/{id}/switch', { params: id(own.id) });
    await send(c, 'POST /api/upload/workspace-logo', { upload: 'logo' });
    // Calls that end the spare's other sessions and change its password come last.
    await send(c, 'DELETE /api/account/sessions/all');
    await send(c, 'PUT /api/account/password', {
      body: {
        currentPassword: spare.password,
        newPassword: 'NewPassw0rd',
        confirmPassword: 'NewPassw0rd',
      },
    });
  });

  it('files', async () => {
    const { logoUrl } = await json<{ logoUrl: string }>(
      admin.client,
      'POST /api/upload/workspace-logo',
      { upload: 'logo' },
    );
    await send(admin.client, 'GET /api/files/{key}', {
      params: { key: logoUrl.split('/').pop()! },
    });
  });

  it('team and invitations', async () => {
    const c = admin.client;
    // The mate works in the workspace, to be told below that their access was removed.
    expect(
      (await mate.client.post(`/api/workspaces/${target.workspaceId}/switch`)).statusCode,
    ).toBe(200);
    await send(c, 'GET /api/admin/users');
    await send(c, 'PUT /api/team/members/{id}/capacity', {
      params: id(mate.user.id),
      body: { capacityHours: 32 },
    });
    await send(c, 'GET /api/resourcing', { query: { from: '2026-11-04', weeks: '4' } });
    await send(c, 'GET /api/reports/income', { query: { groupBy: 'project' } });
    await send(c, 'GET /api/reports/income/export', { query: { from: '2026-01-01' } });
    await send(c, 'GET /api/reports/profitability', { query: { groupBy: 'client' } });
    await send(c, 'GET /api/reports/profitability/export');
    await send(c, 'GET /api/reports/utilisation', {
      query: { from: '2026-11-02', to: '2026-11-08' },
    });
    await send(c, 'GET /api/reports/utilisation/export');
    await send(c, 'GET /api/reports/income', {
      query: { from: '2026-02-01', to: '2026-01-01' },
      status: 400,
    });
    await send(c, 'PUT /api/admin/users/{id}/role', {
      params: id(mate.user.id),
      body: { role: 'project_manager' },
    });
    await send(c, 'PUT /api/admin/users/{id}/deactivate', { params: id(mate.user.id) });
    await send(c, 'DELETE /api/admin/users/{id}', { params: id(mate.user.id) });
    await send(mate.client, 'GET /api/workspaces/current', { status: 403 });
    await send(c, 'GET /api/team/export');
    const invited = await json<{ inviteUrl: string }>(c, 'POST /api/admin/invite', {
      body: { email: uniqueEmail('invitee'), fullName: 'Tour Invitee', role: 'collaborator' },
    });
    const token = invited.inviteUrl.split('/').pop()!;
    const invitee = new ApiClient(t.app);
    await send(invitee, 'GET /api/invite/{token}', { params: { token } });
    await send(invitee, 'POST /api/invite/{token}/accept', {
      params: { token },
      body: { password: 'secret123' },
    });
    const pendingEmail = uniqueEmail('pending');
    await send(c, 'POST /api/admin/invite', {
      body: { email: pendingEmail, fullName: 'Tour Pending', role: 'collaborator' },
    });
    const pending = await json<{ id: number; email: string }[]>(c, 'GET /api/team/invitations');
    const pendingId = pending.find((i) => i.email === pendingEmail.toLowerCase())!.id;
    await send(c, 'POST /api/team/invitations/{id}/resend', { params: id(pendingId) });
    await send(c, 'POST /api/team/invitations/{id}/resend', {
      params: id(pendingId),
      body: { sendEmail: false },
    });
    await send(c, 'DELETE /api/team/invitations/{id}', { params: id(pendingId) });
    await send(c, 'DELETE /api/team/invitations/{id}', { params: id(pendingId), status: 404 });
  });

  it('contacts and tags', async () => {
    const c = admin.client;
    await send(c, 'GET /api/persons');
    const person = await json<{ id: number }>(c, 'POST /api/persons', {
      body: { fullName: 'Tour Person', email: 'tour.person@example.com' },
    });
    await send(c, 'PUT /api/persons/{id}', { params: id(person.id), body: { jobTitle: 'Buyer' } });
    await send(c, 'GET /api/contacts/with-tags', { query: { search: 'Tour' } });
    await send(c, 'GET /api/contacts/export');
    await send(c, 'POST /api/contacts/import', {
      body: { rows: [{ fullName: 'Tour Imported', email: 'tour.imported@example.com' }] },
    });
    await send(c, 'POST /api/contacts/bulk', {
      body: { action: 'tag', ids: [person.id], tagId: target.tagId },
    });
    const tag = await json<{ id: number }>(c, 'POST /api/tags', { body: { name: 'Tour tag' } });
    await send(c, 'GET /api/tags');
    const both = { id: person.id, tagId: tag.id };
    await send(c, 'POST /api/contacts/{id}/tags/{tagId}', { params: both });
    await send(c, 'DELETE /api/contacts/{id}/tags/{tagId}', { params: both });
    await send(c, 'DELETE /api/persons/{id}', { params: id(person.id) });
  });

  it('organizations', async () => {
    const c = admin.client;
    await send(c, 'GET /api/organizations', { query: { limit: 10 } });
    const org = await json<{ id: number }>(c, 'POST /api/organizations', {
      body: { name: 'Tour Org' },
    });
    await send(c, 'PUT /api/organizations/{id}', {
      params: id(org.id),
      body: { phone: '555 0100' },
    });
    await send(c, 'GET /api/companies');
    await send(c, 'GET /api/organizations/export');
    await send(c, 'POST /api/organizations/import', {
      body: { rows: [{ name: 'Tour Imported Org' }] },
    });
    await send(c, 'DELETE /api/organizations/{id}', { params: id(org.id) });
  });

  it('pipeline', async () => {
    const c = admin.client;
    await send(c, 'GET /api/leads');
    const lead = await json<{ id: number }>(c, 'POST /api/leads', {
      body: { dealName: 'Tour Deal', personId: target.personId, value: 1200 },
    });
    await send(c, 'PUT /api/leads/{id}', { params: id(lead.id), body: { stage: 'won' } });
    await send(c, 'DELETE /api/leads/{id}', { params: id(lead.id) });
    const stage = await json<{ id: number }>(c, 'POST /api/stages', { body: { label: 'Tour' } });
    const stages = await json<{ id: number }[]>(c, 'GET /api/stages');
    await send(c, 'PUT /api/stages/reorder', { body: { ids: stages.map((s) => s.id).reverse() } });
    await send(c, 'PUT /api/stages/{id}', { params: id(stage.id), body: { label: 'Tour again' } });
    await send(c, 'DELETE /api/stages/{id}', { params: id(stage.id) });
  });

  it('tasks', async () => {
    const c = admin.client;
    await send(c, 'GET /api/tasks', { query: { projectId: target.projectId, due: 'none' } });
    const task = await json<{ id: number }>(c, 'POST /api/tasks', {
      body: { title: 'Tour Task', projectId: target.projectId, estimateHours: '2.5' },
    });
    await send(c, 'PUT /api/tasks/{id}', { params: id(task.id), body: { dueDate: '2026-12-01' } });
    await send(c, 'POST /api/tasks/{id}/move', {
      params: id(task.id),
      body: { status: 'in_progress' },
    });
    await send(c, 'DELETE /api/tasks/{id}', { params: id(task.id) });
    await send(c, 'GET /api/task-statuses');
    const status = await json<{ id: number }>(c, 'POST /api/task-statuses', {
      body: { label: 'Tour Review', color: 'violet' },
    });
    await send(c, 'PUT /api/task-statuses/{id}', {
      params: id(status.id),
      body: { label: 'Tour Review Again' },
    });
    await send(c, 'DELETE /api/task-statuses/{id}', { params: id(status.id) });
  });

  it('business, clients, projects and proposals', async () => {
    const c = admin.client;
    await send(c, 'GET /api/settings/business');
    await send(c, 'PUT /api/settings/business', { body: { legalName: 'Tour Ltd', taxId: 'T-1' } });
    await send(c, 'GET /api/clients');
    await send(c, 'GET /api/clients/{id}', { params: id(target.clientId) });
    const client = await json<{ id: number }>(c, 'POST /api/clients', {
      body: { name: 'Tour Client', email: 'tour.client@example.com' },
    });
    await send(c, 'PUT /api/clients/{id}', { params: id(client.id), body: { phone: '555' } });
    await send(c, 'DELETE /api/clients/{id}', { params: id(client.id) });
    await send(c, 'GET /api/projects');
    await send(c, 'GET /api/projects/{id}', { params: id(target.projectId) });
    const project = await json<{ id: number }>(c, 'POST /api/projects', {
      body: { name: 'Tour Project', clientId: target.clientId, budgetLimit: 10, hourlyRate: 100 },
    });
    await send(c, 'PUT /api/projects/{id}', { params: id(project.id), body: { name: 'Renamed' } });
    await send(c, 'DELETE /api/projects/{id}', { params: id(project.id) });
    await send(c, 'GET /api/proposals');
    const proposal = await json<{ id: number }>(c, 'POST /api/proposals', {
      body: { title: 'Tour Proposal', clientName: 'Prospect', description: 'Scope', amount: '100' },
    });
    await send(c, 'PUT /api/proposals/{id}', { params: id(proposal.id), body: { status: 'sent' } });
    await send(c, 'POST /api/proposals/{id}/accept', {
      params: id(proposal.id),
      body: { name: 'Tour Client', createProject: false },
    });
    // A decision is recorded through accept or decline, never by a status; a decided
    // proposal is read-only.
    await send(c, 'PUT /api/proposals/{id}', {
      params: id(proposal.id),
      body: { status: 'rejected' },
      status: 400,
    });
    await send(c, 'DELETE /api/proposals/{id}', { params: id(proposal.id), status: 409 });
    const draft = await json<{ id: number }>(c, 'POST /api/proposals', {
      body: { title: 'Tour Draft', clientName: 'Prospect', description: 'Scope', amount: '100' },
    });
    await send(c, 'DELETE /api/proposals/{id}', { params: id(draft.id) });
    const portalAccepted = await json<{ id: number }>(c, 'POST /api/proposals', {
      body: { title: 'Tour Two', clientName: 'Prospect', description: 'Scope', amount: '100' },
    });
    await send(c, 'PUT /api/proposals/{id}', {
      params: id(portalAccepted.id),
      body: { status: 'sent' },
    });
    await send(c, 'POST /api/proposals/{id}/decline', {
      params: id(portalAccepted.id),
      body: { reason: 'Tour' },
    });
    const followed = await json<{ id: number }>(c, 'POST /api/proposals', {
      body: { title: 'Tour Three', clientName: 'Prospect', description: 'Scope', amount: '100' },
    });
    await send(c, 'PUT /api/proposals/{id}', { params: id(followed.id), body: { status: 'sent' } });
    // Accepted in the client portal, where no follow-ups are chosen.
    await decideProposal(t.db, target.workspaceId, followed.id, {
      decision: 'accepted',
      name: 'Tour Client',
      ip: null,
      userAgent: null,
      via: 'portal',
    });
    await send(c, 'POST /api/proposals/{id}/follow-ups', {
      params: id(followed.id),
      body: { createProject: true },
    });
    await send(c, 'GET /api/dashboard/stats');
    await send(c, 'GET /api/dashboard/financial-overview');
    await send(c, 'GET /api/dashboard/financial-overview', {
      query: { from: '2026-01-01', to: '2026-12-31' },
    });
  });

  it('time and the timer', async () => {
    const c = admin.client;
    await send(c, 'GET /api/time-entries');
    const entry = await json<{ id: number }>(c, 'POST /api/time-entries', {
      body: { projectId: target.projectId, hours: 1.5, date: '2026-11-20' },
    });
    await send(c, 'PUT /api/time-entries/{id}', { params: id(entry.id), body: { hours: 2 } });
    await send(c, 'DELETE /api/time-entries/{id}', { params: id(entry.id) });
    expect(await json(c, 'GET /api/timer')).toBeNull();
    await send(c, 'GET /api/time-entries', {
      query: { from: '2026-11-01', to: '2026-11-30', billed: 'false', limit: '10' },
    });
    await send(c, 'POST /api/timer/start', {
      body: { projectId: target.projectId, description: 'Planning' },
    });
    await send(c, 'PUT /api/timer', { body: { description: 'Planning the sprint' } });
    await send(c, 'POST /api/timer/pause');
    expect(await json(c, 'GET /api/timer')).not.toBeNull();
    await send(c, 'POST /api/timer/stop', { body: { date: '2026-11-21' } });
    await send(c, 'POST /api/timer/start', { body: { projectId: target.projectId } });
    await send(c, 'DELETE /api/timer');
  });

  it('expenses, their categories and receipts, billed on an invoice', async () => {
    const c = admin.client;
    await send(c, 'GET /api/expense-categories');
    const category = await json<{ id: number }>(c, 'POST /api/expense-categories', {
      body: { name: 'Tour category' },
    });
    await send(c, 'PUT /api/expense-categories/{id}', {
      params: id(category.id),
      body: { name: 'Tour category renamed' },
    });
    const expense = await json<{ id: number }>(c, 'POST /api/expenses', {
      body: {
        date: '2026-11-20',
        amount: '42.50',
        categoryId: category.id,
        vendor: 'Tour vendor',
        projectId: target.projectId,
        billable: true,
        markupPercent: '10',
      },
    });
    await send(c, 'GET /api/expenses/{id}', { params: id(expense.id) });
    await send(c, 'PUT /api/expenses/{id}', { params: id(expense.id), body: { amount: '40' } });
    await send(c, 'POST /api/expenses/{id}/receipt', { params: id(expense.id), upload: 'receipt' });
    await send(c, 'GET /api/expenses');
    await send(c, 'GET /api/expenses', {
      query: {
        from: '2026-11-01',
        to: '2026-11-30',
        billable: 'true',
        billed: 'false',
        limit: '10',
      },
    });
    await send(c, 'DELETE /api/expenses/{id}/receipt', { params: id(expense.id) });
    // A supplier's e-invoice becomes a draft, confirmed; refused when not one, or twice.
    const einvoice = {
      name: 'supplier.xml',
      type: 'application/xml',
      data: readFileSync(
        path.resolve(import.meta.dirname, '../../../shared/einvoice/ubl/examples/issue116.xml'),
      ),
    };
    const draft = await json<{ id: number }>(c, 'POST /api/expenses/import-einvoice', {
      upload: 'file',
      file: einvoice,
    });
    await send(c, 'POST /api/expenses/import-einvoice', {
      upload: 'file',
      file: einvoice,
      status: 409,
    });
    await send(c, 'POST /api/expenses/import-einvoice', {
      upload: 'file',
      file: { ...einvoice, data: Buffer.from('<Order/>') },
      status: 422,
    });
    await send(c, 'POST /api/expenses/{id}/confirm', { params: id(draft.id) });
    await send(c, 'GET /api/expenses', { query: { draft: 'true' } });
    await send(c, 'GET /api/expenses/export', { query: { billable: 'true' } });
    await send(c, 'POST /api/invoices', {
      body: { clientId: target.clientId, expenseIds: [expense.id] },
    });
    const spare = await json<{ id: number }>(c, 'POST /api/expenses', {
      body: { date: '2026-11-21', amount: '5' },
    });
    await send(c, 'DELETE /api/expenses/{id}', { params: id(spare.id) });
    await send(c, 'DELETE /api/expense-categories/{id}', { params: id(category.id) });
  });

  it('banking: accounts, statement imports, transactions and reconciliation', async () => {
    const c = admin.client;
    const statement = (name: string) => ({
      name,
      type: 'application/octet-stream',
      data: readFileSync(path.resolve(import.meta.dirname, '../fixtures/bank', name)),
    });
    await send(c, 'GET /api/bank-accounts');
    const account = await json<{ id: number }>(c, 'POST /api/bank-accounts', {
      body: { name: 'Tour bank', currency: 'EUR', identifier: 'DE89 3704 0044 0532 0130 00' },
    });
    await send(c, 'GET /api/bank-accounts/{id}', { params: id(account.id) });
    // A CSV without a mapping answers the guess; with the account's saved one it imports.
    await send(c, 'POST /api/bank-accounts/{id}/imports', {
      params: id(account.id),
      upload: 'file',
      file: statement('csv-de-2026-01a.csv'),
    });
    await send(c, 'PUT /api/bank-accounts/{id}', {
      params: id(account.id),
      body: {
        openingBalance: '1000',
        csvMapping: {
          dateColumn: 'Buchungstag',
          dateFormat: 'dd.MM.yyyy',
          debitColumn: 'Soll',
          creditColumn: 'Haben',
          descriptionColumn: 'Verwendungszweck',
          delimiter: ';',
          decimalSeparator: ',',
          hasHeader: true,
          skipRows: 4,
        },
      },
    });
    await send(c, 'POST /api/bank-accounts/{id}/imports', {
      params: id(account.id),
      query: { preview: 'true' },
      upload: 'file',
      file: statement('csv-de-2026-01a.csv'),
    });
    await send(c, 'POST /api/bank-accounts/{id}/imports', {
      params: id(account.id),
      upload: 'file',
      file: statement('camt053-2026-01.xml'),
    });
    await send(c, 'POST /api/bank-accounts/{id}/imports', {
      params: id(account.id),
      upload: 'file',
      file: statement('ofx1-2026-01.ofx'),
      status: 422,
    });
    const rows = await json<{ id: number }[]>(c, 'GET /api/bank-transactions', {
      query: { accountId: account.id, direction: 'in', limit: '5', sort: 'date' },
    });
    await send(c, 'GET /api/bank-transactions/{id}', { params: id(rows[0]!.id) });
    // Matching: suggestions, ignore and back, an expense made, unlinked and linked again.
    await send(c, 'GET /api/bank-transactions/{id}/suggestions', { params: id(rows[0]!.id) });
    await send(c, 'POST /api/bank-transactions/{id}/ignore', { params: id(rows[0]!.id) });
    await send(c, 'POST /api/bank-transactions/{id}/unmatch', { params: id(rows[0]!.id) });
    const [out] = await json<{ id: number }[]>(c, 'GET /api/bank-transactions', {
      query: { accountId: account.id, direction: 'out', limit: '1' },
    });
    const made = await json<{ expenseId: number }>(c, 'POST /api/bank-transactions/{id}/expense', {
      params: id(out!.id),
      body: { vendor: 'Tour vendor' },
      status: 201,
    });
    await send(c, 'POST /api/bank-transactions/{id}/unmatch', { params: id(out!.id) });
    await send(c, 'POST /api/bank-transactions/{id}/match', {
      params: id(out!.id),
      body: { expenseId: made.expenseId },
    });
    await send(c, 'POST /api/bank-transactions/{id}/unmatch', { params: id(out!.id) });
    await send(c, 'POST /api/bank-accounts/{id}/auto-match', { params: id(account.id) });
    // Rules: listed, added, replaced, applied, deleted.
    await send(c, 'GET /api/bank-rules');
    const rule = await json<{ id: number }>(c, 'POST /api/bank-rules', {
      body: {
        name: 'Tour rule',
        conditions: { field: 'any', contains: 'Tour nothing', amountMax: '10' },
        action: { type: 'ignore' },
      },
      status: 201,
    });
    await send(c, 'PUT /api/bank-rules/{id}', {
      params: id(rule.id),
      body: {
        name: 'Tour rule',
        conditions: { field: 'counterparty', contains: 'Tour nothing', direction: 'out' },
        action: { type: 'ignore' },
        enabled: false,
      },
    });
    const second = await json<{ id: number }>(c, 'POST /api/bank-rules', {
      body: {
        name: 'Tour rule 2',
        conditions: { field: 'reference', contains: 'Tour second' },
        action: { type: 'ignore' },
      },
      status: 201,
    });
    // The workspace may hold rules of other steps: every one of them, in reverse.
    const rules = await json<{ id: number }[]>(c, 'GET /api/bank-rules');
    expect(rules.map((r) => r.id)).toContain(second.id);
    await send(c, 'PUT /api/bank-rules/reorder', {
      body: { ids: rules.map((r) => r.id).reverse() },
    });
    await send(c, 'DELETE /api/bank-rules/{id}', { params: id(second.id) });
    await send(c, 'POST /api/bank-rules/apply');
    await send(c, 'DELETE /api/bank-rules/{id}', { params: id(rule.id) });
    await send(c, 'GET /api/bank-transactions/export', { query: { status: 'unmatched' } });
    await send(c, 'GET /api/bank-accounts/{id}/reconciliation', {
      params: id(account.id),
      query: { month: '2026-01' },
    });
    await send(c, 'DELETE /api/bank-accounts/{id}', { params: id(account.id) });
  });

  it('forms: the workspace side, the public page and a submission', async () => {
    const c = admin.client;
    await send(c, 'GET /api/forms');
    const form = await json<{ id: number; publicSlug: string }>(c, 'POST /api/forms', {
      body: {
        name: 'Tour form',
        published: true,
        fields: [
          { key: 'name', type: 'text', label: 'Name', mapTo: 'contact.fullName' },
          { key: 'email', type: 'email', label: 'Email', required: true, mapTo: 'contact.email' },
          { key: 'topic', type: 'select', label: 'Topic', options: ['A', 'B'] },
        ],
        deal: { stageId: target.stageIds[0], value: '100' },
        autoresponder: { subject: 'Thanks {{name}}', body: 'We will be in touch.' },
      },
      status: 201,
    });
    await send(c, 'GET /api/forms/{id}', { params: id(form.id) });
    await send(c, 'PUT /api/forms/{id}', {
      params: id(form.id),
      body: { thankYouMessage: 'Thanks!', redirectUrl: null },
    });
    const guest = new ApiClient(t.app);
    const page = await json<{ token: string }>(guest, 'GET /api/public/forms/{slug}', {
      params: { slug: form.publicSlug },
    });
    expect(page.token).toBeTruthy();
    // The page's own token is too fresh to be taken (3 s): one issued earlier, as a visitor
    // who took their time would send it.
    const token = issueFormToken(t.app.services.config.sessionSecret, form.id, Date.now() - 60_000);
    await send(guest, 'POST /api/public/forms/{slug}/submissions', {
      params: { slug: form.publicSlug },
      body: {
        answers: { name: 'Tour Visitor', email: 'tour.visitor@example.com', topic: 'A' },
        _token: token,
        _hp: '',
      },
    });
    await send(guest, 'POST /api/public/forms/{slug}/submissions', {
      params: { slug: form.publicSlug },
      body: { answers: { email: 'not an email' }, _token: token, _hp: '' },
      status: 422,
    });
    await send(c, 'GET /api/forms/{id}/submissions', {
      params: id(form.id),
      query: { search: 'Tour', limit: '10', offset: '0' },
    });
    await send(c, 'GET /api/forms/submissions', { query: { personId: target.personId } });
    await send(c, 'GET /api/forms/{id}/submissions/export', { params: id(form.id) });
    await send(c, 'DELETE /api/forms/{id}', { params: id(form.id) });
  });

  it('notifications', async () => {
    const c = admin.client;
    await send(c, 'GET /api/notifications');
    await send(c, 'GET /api/notifications', {
      query: { filter: 'mentions', unread: 'true', limit: '5', offset: '0' },
    });
    await send(c, 'GET /api/notifications/unread-count');
    await send(c, 'POST /api/notifications/read', { body: { ids: [target.notificationId] } });
    await send(c, 'POST /api/notifications/read', { body: { all: true } });
  });

  it('rate cards and re-pricing', async () => {
    const c = admin.client;
    await send(c, 'GET /api/rates');
    await send(c, 'GET /api/rates', { query: { projectId: target.projectId } });
    const card = await json<{ id: number }>(c, 'POST /api/rates', {
      body: {
        projectId: target.projectId,
        billableRate: 135,
        costRate: 45,
        effectiveFrom: '2026-02-01',
      },
    });
    await send(c, 'PUT /api/rates/{id}', { params: id(card.id), body: { costRate: 50 } });
    const preview = await json<{ count: number }>(c, 'POST /api/rates/reprice/preview', {
      body: { from: '2026-01-01', projectId: target.projectId },
    });
    expect(preview.count).toBeGreaterThan(0);
    await send(c, 'POST /api/rates/reprice', { body: { from: '2026-01-01' } });
    await send(c, 'DELETE /api/rates/{id}', { params: id(card.id) });
  });

  it('timesheets', async () => {
    const c = admin.client;
    // A member of its own (the team calls removed the collaborator), with a submitted,
    // an approved and another submitted week.
    const worker = await signUp(t.app, { fullName: 'Tour Worker' });
    await t.db
      .insertInto('userWorkspaces')
      .values({ workspaceId: target.workspaceId, userId: worker.user.id, role: 'collaborator' })
      .execute();
    await t.db
      .insertInto('timesheets')
      .values(
        (
          [
            ['2026-11-23', 'submitted'],
            ['2026-11-16', 'approved'],
            ['2026-11-09', 'submitted'],
          ] as const
        ).map(([weekStart, status]) => ({
          workspaceId: target.workspaceId,
          userId: worker.user.id,
          weekStart,
          status,
        })),
      )
      .execute();
    const userId = worker.user.id;
    await send(c, 'GET /api/timesheets', { query: { week: '2026-11-24' } });
    await send(c, 'GET /api/timesheets', { query: { week: '2026-11-24', userId: String(userId) } });
    await send(c, 'GET /api/timesheets/pending');
    await send(c, 'PUT /api/timesheets/cell', {
      body: { date: '2026-11-10', projectId: target.projectId, hours: 2 },
    });
    await send(c, 'POST /api/timesheets/submit', { body: { week: '2026-11-10' } });
    await send(c, 'POST /api/timesheets/approve', { body: { userId, week: '2026-11-23' } });
    await send(c, 'POST /api/timesheets/unlock', { body: { userId, week: '2026-11-16' } });
    await send(c, 'POST /api/timesheets/reject', {
      body: { userId, week: '2026-11-09', comment: 'Friday is missing' },
    });
  });

  it('invoices', async () => {
    const c = admin.client;
    await send(c, 'GET /api/invoices');
    const invoice = await json<{ id: number }>(c, 'POST /api/invoices', {
      body: {
        clientId: target.clientId,
        lines: [{ description: 'Design', quantity: '2', unitPrice: '100' }],
      },
    });
    const params = id(invoice.id);
    await send(c, 'PUT /api/invoices/{id}', { params, body: { dueDate: '2099-01-31' } });
    await send(c, 'POST /api/invoices/{id}/einvoice/validate', { params });
    await send(c, 'POST /api/invoices/{id}/issue', { params });
    await send(c, 'GET /api/invoices/{id}/pdf', { params });
    // Its e-invoice needs both countries and the seller's VAT ID (EN 16931).
    await send(c, 'PUT /api/settings/business', {
      body: { countryCode: 'FR', taxId: 'FR40123456824' },
    });
    const buyer = await json<{ id: number }>(c, 'POST /api/clients', {
      body: { name: 'Nordwind GmbH', email: 'billing@nordwind.example.com', countryCode: 'DE' },
    });
    const einvoiced = await json<{ id: number }>(c, 'POST /api/invoices', {
      body: {
        clientId: buyer.id,
        status: 'sent',
        lines: [{ description: 'Design', quantity: '2', unitPrice: '100', taxRate: '20' }],
      },
    });
    for (const format of ['ubl', 'cii']) {
      await send(c, 'GET /api/invoices/{id}/einvoice', {
        params: id(einvoiced.id),
        query: { format },
      });
    }
    await send(c, 'GET /api/invoices/{id}/pdf', {
      params: id(einvoiced.id),
      query: { format: 'facturx' },
    });
    await send(c, 'POST /api/invoices/{id}/email-preview', {
      params,
      body: { subject: 'Invoice {number}' },
    });
    await send(c, 'POST /api/invoices/{id}/send', { params, body: { body: 'See {portalLink}' } });
    await send(c, 'GET /api/invoices/{id}/emails', { params });
    await send(c, 'GET /api/invoices/{id}/reminders', { params });
    await send(c, 'GET /api/settings/email-templates');
    await send(c, 'PUT /api/settings/email-templates', {
      body: { reminderSubject: 'Reminder: {number}' },
    });
    await send(c, 'GET /api/settings/reminders');
    await send(c, 'PUT /api/settings/reminders', { body: { enabled: true, offsets: [-3, 0, 7] } });
    await send(c, 'POST /api/invoices/{id}/payments', {
      params,
      body: { amount: '10', date: '2026-11-22' },
    });
    const detail = await json<{ payments: { id: number }[] }>(c, 'GET /api/invoices/{id}', {
      params,
    });
    await send(c, 'GET /api/payments');
    await send(c, 'GET /api/payments', {
      query: { from: '2026-11-01', to: '2026-11-30', method: 'bank_transfer', limit: '10' },
    });
    await send(c, 'GET /api/payments/export', { query: { clientId: String(target.clientId) } });
    await send(c, 'DELETE /api/invoices/{id}/payments/{paymentId}', {
      params: { id: invoice.id, paymentId: detail.payments[0]!.id },
    });
    await send(c, 'POST /api/invoices/{id}/void', { params, body: { reason: 'Tour' } });
    await send(c, 'DELETE /api/invoices/{id}', { params: id(target.invoiceId) });
  });

  it('credit notes', async () => {
    const c = admin.client;
    const invoice = await json<{ id: number; lines: { id: number }[] }>(c, 'POST /api/invoices', {
      body: {
        clientId: target.clientId,
        lines: [{ description: 'Design', quantity: '4', unitPrice: '100', taxRate: '20' }],
        status: 'sent',
      },
    });
    const params = id(invoice.id);
    await send(c, 'GET /api/invoices/{id}/creditable', { params });
    const lines = await json<{ lines: { id: number }[] }>(c, 'GET /api/invoices/{id}', { params });
    await send(c, 'POST /api/invoices/{id}/credit-notes', {
      params,
      body: {
        reason: 'Tour by lines',
        lines: [{ invoiceLineId: lines.lines[0]!.id, quantity: '1' }],
      },
    });
    const note = await json<{ id: number }>(c, 'POST /api/invoices/{id}/credit-notes', {
      params,
      body: { reason: 'Tour by amount', amount: '120' },
    });
    await send(c, 'POST /api/invoices/{id}/credit-notes', { params, body: { reason: 'The rest' } });
    await send(c, 'POST /api/invoices/{id}/credit-notes', {
      params,
      body: { reason: 'Too much', amount: '1' },
      status: 409,
    });
    await send(c, 'GET /api/credit-notes');
    await send(c, 'GET /api/credit-notes', {
      query: { search: 'CN-', clientId: String(target.clientId), sort: '-total', limit: '5' },
    });
    await send(c, 'GET /api/credit-notes/{id}', { params: id(note.id) });
    await send(c, 'GET /api/credit-notes/{id}/pdf', { params: id(note.id) });
    await send(c, 'POST /api/credit-notes/{id}/email-preview', { params: id(note.id), body: {} });
    await send(c, 'POST /api/credit-notes/{id}/send', {
      params: id(note.id),
      body: { message: 'Your credit note' },
    });
    await send(c, 'GET /api/credit-notes/{id}/emails', { params: id(note.id) });
    // Its e-invoice: refused while the client has no country, given when the parties have one.
    await send(c, 'GET /api/credit-notes/{id}/einvoice', {
      params: id(note.id),
      query: { format: 'ubl' },
      status: 422,
    });
    await send(c, 'PUT /api/settings/business', {
      body: { countryCode: 'FR', taxId: 'FR40123456824' },
    });
    const buyer = await json<{ id: number }>(c, 'POST /api/clients', {
      body: { name: 'Nordwind GmbH', email: 'billing@nordwind.example.com', countryCode: 'DE' },
    });
    const einvoiced = await json<{ id: number }>(c, 'POST /api/invoices', {
      body: {
        clientId: buyer.id,
        status: 'sent',
        lines: [{ description: 'Design', quantity: '2', unitPrice: '100', taxRate: '20' }],
      },
    });
    const credited = await json<{ id: number }>(c, 'POST /api/invoices/{id}/credit-notes', {
      params: id(einvoiced.id),
      body: { reason: 'Tour e-invoice' },
    });
    for (const format of ['ubl', 'cii']) {
      await send(c, 'GET /api/credit-notes/{id}/einvoice', {
        params: id(credited.id),
        query: { format },
      });
    }
  });

  it('services, and lines copied from them with their unit', async () => {
    const c = admin.client;
    const service = await json<{ id: number }>(c, 'POST /api/services', {
      body: { name: 'Tour workshop', unit: 'day', unitPrice: '750', category: 'Tour' },
    });
    const params = id(service.id);
    await send(c, 'GET /api/services');
    await send(c, 'GET /api/services', { query: { search: 'tour', sort: '-unitPrice' } });
    await send(c, 'GET /api/services/export');
    await send(c, 'GET /api/services/categories');
    await send(c, 'PUT /api/services/{id}', { params, body: { taxRate: '10' } });
    const made = await json<{ id: number }>(c, 'POST /api/invoices', {
      body: {
        clientId: target.clientId,
        lines: [
          { serviceId: service.id, quantity: '2' },
          { description: 'Support', quantity: '1.5', unit: 'hour', unitPrice: '80' },
        ],
      },
    });
    const invoice = await json<{ lines: { serviceId: number | null; unit: string | null }[] }>(
      c,
      'GET /api/invoices/{id}',
      { params: id(made.id) },
    );
    expect(invoice.lines.map((l) => [l.serviceId, l.unit])).toEqual([
      [service.id, 'day'],
      [null, 'hour'],
    ]);
    await send(c, 'GET /api/services/{id}', { params });
    const unused = await json<{ id: number }>(c, 'POST /api/services', {
      body: { name: 'Tour leftover', unitPrice: '1' },
    });
    await send(c, 'DELETE /api/services/{id}', { params: id(unused.id) });
  });

  it('recurring invoices', async () => {
    const c = admin.client;
    await send(c, 'GET /api/recurring-invoices');
    const made = await json<{ id: number }>(c, 'POST /api/recurring-invoices', {
      body: {
        clientId: target.clientId,
        lines: [{ description: 'Retainer', quantity: '1', unitPrice: '500', taxRate: '20' }],
        frequency: 'monthly',
        startDate: '2099-03-31',
        endAfterCount: 12,
        autoSend: false,
      },
    });
    const params = id(made.id);
    await send(c, 'GET /api/recurring-invoices/{id}', { params });
    await send(c, 'PUT /api/recurring-invoices/{id}', { params, body: { status: 'paused' } });
    await send(c, 'DELETE /api/recurring-invoices/{id}', { params });
  });

  it('estimates', async () => {
    const c = admin.client;
    await send(c, 'GET /api/estimates');
    const lines = [{ description: 'Design', quantity: '2', unitPrice: '100', taxRate: '10' }];
    const estimate = await json<{ id: number }>(c, 'POST /api/estimates', {
      body: { clientId: target.clientId, lines },
    });
    const params = id(estimate.id);
    await send(c, 'PUT /api/estimates/{id}', { params, body: { validUntil: '2099-01-31' } });
    await send(c, 'POST /api/estimates/{id}/email-preview', {
      params,
      body: { subject: 'Estimate {number}' },
    });
    await send(c, 'POST /api/estimates/{id}/send', { params, body: { body: 'See {portalLink}' } });
    await send(c, 'GET /api/estimates/{id}/emails', { params });
    await send(c, 'GET /api/estimates/{id}', { params });
    await send(c, 'GET /api/estimates/{id}/pdf', { params });
    await send(c, 'POST /api/estimates/{id}/accept', { params, body: { name: 'Tour Client' } });
    await send(c, 'POST /api/estimates/{id}/convert', { params });
    const declined = await json<{ id: number }>(c, 'POST /api/estimates', {
      body: { clientId: target.clientId, lines, status: 'sent' },
    });
    await send(c, 'POST /api/estimates/{id}/decline', {
      params: id(declined.id),
      body: { reason: 'Tour' },
    });
    await send(c, 'DELETE /api/estimates/{id}', { params: id(target.estimateId) });
  });

  it('scheduling', async () => {
    const c = admin.client;
    const anonymous = new ApiClient(t.app);
    const zone = 'Europe/Berlin';
    await send(c, 'GET /api/availability');
    const weekly = Object.fromEntries(
      ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [
        d,
        [{ start: '09:00', end: '17:00' }],
      ]),
    );
    await send(c, 'PUT /api/availability', {
      body: { timezone: zone, weekly, overrides: [{ date: '2030-01-01', intervals: [] }] },
    });
    const type = await json<{ id: number; publicSlug: string }>(c, 'POST /api/booking-types', {
      body: {
        name: 'Tour call',
        durationMinutes: 30,
        questions: [{ key: 'topic', label: 'Topic' }],
        deal: { stageId: target.stageId, value: '100' },
      },
    });
    await send(c, 'GET /api/booking-types');
    await send(c, 'GET /api/booking-types/{id}', { params: id(type.id) });
    await send(c, 'PUT /api/booking-types/{id}', {
      params: id(type.id),
      body: { bufferAfterMinutes: 10 },
    });
    const date = dateIn(new Date(Date.now() + 9 * 86_400_000), zone);
    const page = await json<{ slots: { start: string }[] }>(
      anonymous,
      'GET /api/public/booking/{slug}',
      {
        params: { slug: type.publicSlug },
        query: { from: date, to: date, timezone: 'America/New_York' },
      },
    );
    const [first, second, third] = page.slots;
    const made = await json<{ manageUrl: string }>(
      anonymous,
      'POST /api/public/booking/{slug}/bookings',
      {
        params: { slug: type.publicSlug },
        body: {
          start: first!.start,
          name: 'Tour Visitor',
          email: 'tour.visitor@example.com',
          timezone: 'America/New_York',
        },
      },
    );
    await send(anonymous, 'POST /api/public/booking/{slug}/bookings', {
      params: { slug: type.publicSlug },
      body: {
        start: first!.start,
        name: 'Tour Racer',
        email: 'tour.racer@example.com',
        timezone: 'UTC',
      },
      status: 409,
    });
    const token = made.manageUrl.split('/book/manage/')[1]!;
    await send(anonymous, 'GET /api/public/bookings/{token}', { params: { token } });
    await send(anonymous, 'POST /api/public/bookings/{token}/reschedule', {
      params: { token },
      body: { start: second!.start },
    });
    await send(anonymous, 'POST /api/public/bookings/{token}/cancel', {
      params: { token },
      body: { reason: 'Tour' },
    });
    const again = await json<{ manageUrl: string }>(
      anonymous,
      'POST /api/public/booking/{slug}/bookings',
      {
        params: { slug: type.publicSlug },
        body: {
          start: first!.start,
          name: 'Tour Visitor',
          email: 'tour.visitor@example.com',
          timezone: 'UTC',
        },
      },
    );
    expect(again.manageUrl).not.toBe(made.manageUrl);
    const bookings = await json<{ id: number; status: string; contactId: number }[]>(
      c,
      'GET /api/bookings',
      { query: { from: date, to: date } },
    );
    const live = bookings.find((b) => b.status === 'booked')!;
    await json(c, 'GET /api/bookings', { query: { contactId: String(live.contactId) } });
    await send(c, 'POST /api/bookings/{id}/reschedule', {
      params: id(live.id),
      body: { start: third!.start },
    });
    await send(c, 'POST /api/bookings/{id}/cancel', {
      params: id(live.id),
      body: { reason: 'Tour' },
    });
    await send(c, 'POST /api/bookings/{id}/cancel', { params: id(live.id), body: {}, status: 409 });
    const feed = await json<{ url: string }>(c, 'POST /api/calendar-feed');
    await send(c, 'GET /api/calendar-feed');
    const feedToken = feed.url.split('/api/calendar-feed/')[1]!.replace(/\.ics$/, '');
    await send(anonymous, 'GET /api/calendar-feed/{token}.ics', { params: { token: feedToken } });
    await send(c, 'DELETE /api/calendar-feed');
    await send(anonymous, 'GET /api/calendar-feed/{token}.ics', {
      params: { token: feedToken },
      status: 404,
    });
    await send(c, 'DELETE /api/booking-types/{id}', { params: id(type.id) });
    await send(anonymous, 'GET /api/public/booking/{slug}', {
      params: { slug: type.publicSlug },
      query: { from: date, to: date, timezone: 'UTC' },
      status: 404,
    });
  });

  it('client portal', async () => {
    const c = admin.client;
    const client = { id: target.clientId };
    await send(c, 'GET /api/portal-links');
    await send(c, 'GET /api/clients/{id}/portal-link', { params: client });
    await send(c, 'DELETE /api/clients/{id}/portal-link', { params: client });
    const { url } = await json<{ url: string }>(c, 'POST /api/clients/{id}/portal-link', {
      params: client,
    });
    const token = url.split('/portal/')[1]!;
    // The workspace's logo, as an upload would leave it.
    const key = 'portaltourlogo0000';
    await t.db
      .insertInto('files')
      .values({
        key,
        data: tinyPng('portal'),
        contentType: 'image/png',
        purpose: 'workspace_logo',
        size: tinyPng('portal').length,
        workspaceId: target.workspaceId,
        ownerUserId: admin.user.id,
      })
      .execute();
    await t.db
      .updateTable('workspaces')
      .set({ logoUrl: `/api/files/${key}` })
      .where('id', '=', target.workspaceId)
      .execute();
    const invoice = await json<{ id: number }>(c, 'POST /api/invoices', {
      body: { clientId: target.clientId, amount: '50', status: 'sent' },
    });
    const lines = [{ description: 'Design', quantity: '1', unitPrice: '100' }];
    const [accepted, declined] = await Promise.all(
      [0, 1].map(() =>
        json<{ id: number }>(c, 'POST /api/estimates', {
          body: { clientId: target.clientId, lines, status: 'sent' },
        }),
      ),
    );
    const proposals = await t.db
      .insertInto('proposals')
      .values(
        [1, 2].map((n) => ({
          workspaceId: target.workspaceId,
          clientId: target.clientId,
          title: `Portal Tour ${n}`,
          clientName: 'Tour Client',
          description: 'Scope',
          amount: '100',
          status: 'sent',
        })),
      )
      .returning('id')
      .execute();
    const guest = new ApiClient(t.app);
    const view = await json(guest, 'GET /api/portal/{token}', { params: { token } });
    expect(view.business.logoUrl).toBe(`/api/portal/${token}/logo`);
    await send(guest, 'GET /api/portal/{token}/logo', { params: { token } });
    await send(guest, 'GET /api/portal/{token}/invoices/{id}', {
      params: { token, id: invoice.id },
    });
    await send(guest, 'GET /api/portal/{token}/invoices/{id}/pdf', {
      params: { token, id: invoice.id },
    });
    const creditNote = await json<{ id: number }>(c, 'POST /api/invoices/{id}/credit-notes', {
      params: { id: invoice.id },
      body: { reason: 'Portal tour', amount: '5' },
    });
    await send(guest, 'GET /api/portal/{token}/credit-notes/{id}/pdf', {
      params: { token, id: creditNote.id },
    });
    // Their e-invoices: the client given a country (and the business one), so they are valid.
    await send(c, 'PUT /api/settings/business', {
      body: { countryCode: 'FR', taxId: 'FR40123456824' },
    });
    await send(c, 'PUT /api/clients/{id}', { params: client, body: { countryCode: 'DE' } });
    const einvoiced = await json<{ id: number }>(c, 'POST /api/invoices', {
      body: {
        clientId: target.clientId,
        status: 'sent',
        lines: [{ description: 'Design', quantity: '2', unitPrice: '100', taxRate: '20' }],
      },
    });
    const einvoicedNote = await json<{ id: number }>(c, 'POST /api/invoices/{id}/credit-notes', {
      params: id(einvoiced.id),
      body: { reason: 'Portal e-invoice' },
    });
    for (const format of ['ubl', 'cii']) {
      await send(guest, 'GET /api/portal/{token}/invoices/{id}/einvoice', {
        params: { token, id: einvoiced.id },
        query: { format },
      });
      await send(guest, 'GET /api/portal/{token}/credit-notes/{id}/einvoice', {
        params: { token, id: einvoicedNote.id },
        query: { format },
      });
    }
    await send(guest, 'GET /api/portal/{token}/estimates/{id}/pdf', {
      params: { token, id: accepted!.id },
    });
    await send(guest, 'POST /api/portal/{token}/proposals/{id}/view', {
      params: { token, id: proposals[0]!.id },
    });
    const name = { name: 'Tour Client' };
    await send(guest, 'POST /api/portal/{token}/estimates/{id}/accept', {
      params: { token, id: accepted!.id },
      body: name,
    });
    await send(guest, 'POST /api/portal/{token}/estimates/{id}/decline', {
      params: { token, id: declined!.id },
      body: { ...name, reason: 'Tour' },
    });
    await send(guest, 'POST /api/portal/{token}/proposals/{id}/accept', {
      params: { token, id: proposals[0]!.id },
      body: name,
    });
    await send(guest, 'POST /api/portal/{token}/proposals/{id}/decline', {
      params: { token, id: proposals[1]!.id },
      body: name,
    });
    // Decided already: the documented conflict.
    await send(guest, 'POST /api/portal/{token}/proposals/{id}/decline', {
      params: { token, id: proposals[1]!.id },
      body: name,
      status: 409,
    });
  });

  it('contract templates and contracts, in the app and the portal', async () => {
    const c = admin.client;
    const templates = await json<{ id: number }[]>(c, 'GET /api/contract-templates');
    await send(c, 'GET /api/contract-templates/{id}', { params: id(templates[0]!.id) });
    const template = await json<{ id: number }>(c, 'POST /api/contract-templates', {
      body: { name: 'Tour Template', body: 'For {{client.name}}, {{contract.fee}}' },
    });
    await send(c, 'PUT /api/contract-templates/{id}', {
      params: id(template.id),
      body: { name: 'Tour Template Again' },
    });
    await send(c, 'POST /api/contract-templates', {
      body: { name: 'Tour Unknown', body: '{{client.nickname}}' },
      status: 400,
    });
    const made = (title: string) =>
      json<{ id: number }>(c, 'POST /api/contracts', {
        body: {
          clientId: target.clientId,
          title,
          templateId: templates[0]!.id,
          fee: '100',
          currency: 'USD',
        },
      });
    const draft = await made('Tour Draft');
    await send(c, 'PUT /api/contracts/{id}', { params: id(draft.id), body: { fee: '120' } });
    await send(c, 'DELETE /api/contracts/{id}', { params: id(draft.id) });
    await send(c, 'DELETE /api/contract-templates/{id}', { params: id(template.id) });
    await send(c, 'GET /api/contracts');
    const contract = await made('Tour Contract');
    const { portalLink } = await json<{ portalLink: string }>(c, 'POST /api/contracts/{id}/send', {
      params: id(contract.id),
      body: {},
    });
    // Sent: its content is locked.
    await send(c, 'PUT /api/contracts/{id}', {
      params: id(contract.id),
      body: { title: 'Changed' },
      status: 409,
    });
    const token = portalLink.split('/portal/')[1]!;
    const guest = new ApiClient(t.app);
    const ids = { token, id: contract.id };
    await send(guest, 'GET /api/portal/{token}/contracts/{id}', { params: ids });
    await send(guest, 'POST /api/portal/{token}/contracts/{id}/sign', {
      params: ids,
      body: { name: 'Tour Client', signature: { typed: 'Tour Client' }, consent: true },
    });
    await send(guest, 'POST /api/portal/{token}/contracts/{id}/decline', {
      params: ids,
      body: { reason: 'Tour' },
      status: 409,
    });
    await send(c, 'POST /api/contracts/{id}/countersign', {
      params: id(contract.id),
      body: { name: 'Tour Owner', signature: { typed: 'Tour Owner' } },
    });
    await send(c, 'GET /api/contracts/{id}', { params: id(contract.id) });
    await send(c, 'GET /api/contracts/{id}/audit', { params: id(contract.id) });
    await send(c, 'GET /api/contracts/{id}/pdf', { params: id(contract.id) });
    await send(guest, 'GET /api/portal/{token}/contracts/{id}/pdf', { params: ids });
    const declined = await made('Tour Declined');
    const again = await json<{ portalLink: string }>(c, 'POST /api/contracts/{id}/send', {
      params: id(declined.id),
      body: { message: 'Please sign' },
    });
    await send(guest, 'POST /api/portal/{token}/contracts/{id}/decline', {
      params: { token: again.portalLink.split('/portal/')[1]!, id: declined.id },
      body: { reason: 'Tour' },
    });
    const revised = await json<{ id: number }>(c, 'POST /api/contracts/{id}/revise', {
      params: id(declined.id),
      body: { fee: '90' },
    });
    await send(c, 'POST /api/contracts/{id}/send', { params: id(revised.id), body: {} });
    await send(c, 'POST /api/contracts/{id}/void', {
      params: id(revised.id),
      body: { reason: 'Tour' },
    });
  });

  it('platform administration', async () => {
    const c = admin.client;
    await send(c, 'GET /api/admin/dashboard');
    await send(c, 'GET /api/admin/all-users', { query: { sort: 'email' } });
    const made = await json<{ user: { id: number; email: string } }>(
      c,
      'POST /api/admin/all-users',
      { body: { fullName: 'Tour Made', email: uniqueEmail('made') } },
    );
    const user = made.user;
    await send(c, 'PUT /api/admin/users/{id}', {
      params: id(user.id),
      body: { fullName: 'Tour Made Again', email: user.email, isActive: true },
    });
    await send(c, 'PUT /api/admin/users/{id}/status', {
      params: id(user.id),
      body: { isActive: false },
    });
    await send(c, 'PUT /api/admin/users/{id}/workspaces/{workspaceId}', {
      params: { id: user.id, workspaceId: target.workspaceId },
      body: { role: 'collaborator' },
    });
    await send(c, 'GET /api/admin/all-workspaces');
    await send(c, 'GET /api/admin/workspaces/{id}', { params: id(target.workspaceId) });
    await send(c, 'GET /api/admin/workspaces/{id}/users', { params: id(target.workspaceId) });
    await send(c, 'PUT /api/admin/workspaces/{id}/status', {
      params: id(target.workspaceId),
      body: { isActive: true },
    });
    await send(c, 'GET /api/admin/all-invitations');
    await send(c, 'POST /api/admin/invitations/{id}/resend', { params: id(target.invitationId) });
    await send(c, 'DELETE /api/admin/invitations/{id}', { params: id(target.invitationId) });
    await send(c, 'GET /api/admin/activity-logs', { query: { limit: 5 } });
    await send(c, 'GET /api/admin/activity-logs/export');
  });

  it('online payment: settings, Pay now in the portal and the Stripe webhook', async () => {
    const c = admin.client;
    const webhookSecret = 'whsec_tourSigningSecret';
    await send(c, 'GET /api/settings/payments');
    // Nothing saved yet: the test answers why, as a success.
    await send(c, 'POST /api/settings/payments/test');
    const settings = await json<{ webhookUrl: string }>(c, 'PUT /api/settings/payments', {
      body: {
        provider: 'stripe',
        publishableKey: 'pk_test_tour',
        secretKey: 'sk_test_tourSecretKey',
        webhookSecret,
        allowPartial: true,
        minimumPartial: '5',
      },
    });
    await send(c, 'POST /api/settings/payments/test');
    const invoice = await json<{ id: number; clientId: number }>(c, 'POST /api/invoices', {
      body: { clientId: target.clientId, amount: '40', currency: 'EUR', status: 'sent' },
    });
    const { url } = await json<{ url: string }>(c, 'POST /api/clients/{id}/portal-link', {
      params: { id: target.clientId },
    });
    const token = url.split('/portal/')[1]!;
    const guest = new ApiClient(t.app);
    const checkout = await json<{ url: string }>(
      guest,
      'POST /api/portal/{token}/invoices/{id}/checkout',
      { params: { token, id: invoice.id }, body: { amount: '10' } },
    );
    const session = fakeStripe.created().find((s) => s.url === checkout.url)!;
    const event = JSON.stringify(
      fakeStripe.event('checkout.session.completed', fakeStripe.pay(session.id)),
    );
    const endpointKey = new URL(settings.webhookUrl).pathname.split('/').at(-1)!;
    await send(guest, 'POST /api/webhooks/stripe/{endpointKey}', {
      params: { endpointKey },
      body: JSON.parse(event),
      headers: { 'stripe-signature': signature(event, webhookSecret) },
    });
    await send(guest, 'POST /api/webhooks/stripe/{endpointKey}', {
      params: { endpointKey },
      body: JSON.parse(event),
      headers: { 'stripe-signature': 't=1,v1=bad' },
      status: 400,
    });
    const events = await json<{ outcome: string }[]>(c, 'GET /api/settings/payments/events');
    expect(events[0]!.outcome).toBe('applied');
    await send(guest, 'GET /api/portal/{token}/invoices/{id}', {
      params: { token, id: invoice.id },
    });
  });

  it('called every documented operation, each answering its documented success', () => {
    expect(documentedOperations().filter((key) => !succeeded.has(key))).toEqual([]);
  });
});

/** Values for any path parameter, for calls that are refused before they look at them. */
const ANY_PARAMS = {
  id: 1,
  tagId: 1,
  paymentId: 1,
  workspaceId: 1,
  token: 'a'.repeat(43),
  key: 'k'.repeat(20),
  endpointKey: 'e'.repeat(32),
  slug: '1-no-such-page',
};

describe('refusals answer as documented', () => {
  it('without credentials: 401 wherever the document asks for them', async () => {
    for (const key of documentedOperations()) {
      const op = operation(key);
      const upload = op.requestBody?.content?.['multipart/form-data'] ? 'file' : undefined;
      const res = await request(new ApiClient(t.app), key, {
        params: ANY_PARAMS,
        ...(upload ? { upload } : {}),
      });
      // Public operations refuse (or take) this empty call in their own documented ways.
      const isPublic = Array.isArray(op.security) && op.security.length === 0;
      if (!isPublic) expect(res.statusCode, `${key}: ${res.body}`).toBe(401);
      expectDocumented(key, res);
    }
  });

  it('with a read-only API token: every change of a signed-in user is 403', async () => {
    const { token } = await json<{ token: string }>(admin.client, 'POST /api/account/tokens', {
      body: { name: 'Tour read-only', scope: 'read' },
    });
    const headers = {
      authorization: `Bearer ${token}`,
      'x-workspace-id': String(target.workspaceId),
    };
    for (const key of documentedOperations()) {
      const op = operation(key);
      if (key.startsWith('GET ')) continue;
      // The document's default security: a session or a token. Public and session-only
      // operations refuse tokens otherwise (or take none), as their own entries say.
      const isDefault = op.security === undefined;
      const upload = op.requestBody?.content?.['multipart/form-data'] ? 'file' : undefined;
      const res = await request(new ApiClient(t.app), key, {
        params: ANY_PARAMS,
        headers,
        ...(upload ? { upload } : {}),
      });
      if (isDefault) expect(res.statusCode, `${key}: ${res.body}`).toBe(403);
      expectDocumented(key, res);
    }
  });
});
