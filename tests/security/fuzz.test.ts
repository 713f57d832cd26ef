import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestRoute } from '../../src/server/plugins/rest-adapter.ts';
import { restRoutes } from '../../src/server/rest-routes.ts';
import { appRouter } from '../../src/server/trpc/router.ts';
import { accessMatrix, type Target } from '../server/access-matrix.ts';
import { freshTarget } from '../support/target.ts';
import { ApiClient, createTestApp, signUp, snapshot, type TestApp } from '../support/test-app.ts';
import {
  checkBatch,
  checkRefusal,
  malformedUpload,
  garbageParams,
  inputFields,
  malformedInput,
  rawBodies,
  rawQueries,
  toQueryString,
  type FieldSchema,
  type RawRequest,
} from './fuzz-inputs.ts';
import { useFuzzSeed } from '../support/fuzz-seed.ts';
import { multipartBody, PNG_HEAD } from '../support/uploads.ts';

/*
 * Every REST path and every tRPC procedure gets malformed input: generated (fast-check)
 * wrong, missing and extra fields, then raw bodies and query strings no JSON encoder would
 * write. Each refusal must be a 4xx with the documented body, leak nothing, and leave the
 * database as it was. A 2xx is accepted (the generated input happened to be valid) and is
 * not checked further.
 */

/** Generated inputs per route or procedure, on top of its raw cases. */
const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 25);
useFuzzSeed('fuzz.test.ts');

let t: TestApp;
/** Signed-in owner of the target workspace; the first account, so a platform admin too. */
let owner: { client: ApiClient; email: string; password: string; userId: number };
let collaboratorUserId = 0;
let target: Target;
const stats = { routes: 0, procedures: 0, inputs: 0, serverErrors: 0, accepted: 0 };

interface FuzzTarget {
  name: string;
  trpc: boolean;
  method: RawRequest['method'];
  /** Path with `{param}` placeholders. */
  path: string;
  procedure: string;
  params: string[];
  /** Fields of the procedure input with their JSON Schema, path params excluded for REST. */
  fields: Record<string, FieldSchema>;
  anonymous: boolean;
}

const procedures = appRouter._def.procedures as unknown as Record<
  string,
  { _def: { type: 'query' | 'mutation'; inputs: unknown[] } }
>;

function isPublic(procedure: string): boolean {
  return accessMatrix[procedure]?.access === 'public';
}

const trpcTargets: FuzzTarget[] = Object.entries(procedures).map(([procedure, proc]) => ({
  name: `tRPC ${procedure}`,
  trpc: true,
  method: proc._def.type === 'query' ? 'GET' : 'POST',
  path: `/trpc/${procedure}`,
  procedure,
  params: [],
  fields: inputFields(proc._def.inputs[0]),
  anonymous: isPublic(procedure),
}));

const restTargets: FuzzTarget[] = (restRoutes as RestRoute[]).map((route) => {
  const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  return {
    name: `${route.method} ${route.path}`,
    trpc: false,
    method: route.method,
    path: route.path,
    procedure: route.procedure,
    params,
    fields: Object.fromEntries(
      Object.entries(inputFields(procedures[route.procedure]!._def.inputs[0])).filter(
        ([name]) => !params.includes(name),
      ),
    ),
    anonymous: isPublic(route.procedure),
  };
});

beforeAll(async () => {
  t = await createTestApp();
  const account = await signUp(t.app, { fullName: 'Fuzz Owner' });
  owner = { ...account, userId: account.user.id };
  await t.db.updateTable('users').set({ isAdmin: true }).where('id', '=', owner.userId).execute();
  collaboratorUserId = (await signUp(t.app, { fullName: 'Fuzz Collaborator' })).user.id;
  target = await newTarget();
});

afterAll(async () => {
  console.log(
    `fuzz: ${stats.routes} routes, ${stats.procedures} procedures, ${stats.inputs} inputs, ` +
      `${stats.serverErrors} 5xx (${stats.accepted} inputs happened to be valid)`,
  );
  await t?.close();
});

/**
 * A workspace of the owner with one row of each kind, current for the owner. A fuzzed call
 * may have ended the owner's session, deactivated them or changed their email (an admin call
 * naming user 1): they are restored and sign in again.
 */
async function newTarget(): Promise<Target> {
  const me = await owner.client.get('/api/auth/me');
  if (me.statusCode !== 200) {
    await t.db
      .updateTable('users')
      .set({ isActive: true, isAdmin: true, email: owner.email })
      .where('id', '=', owner.userId)
      .execute();
    owner.client.cookie = undefined;
    const login = await owner.client.post('/api/auth/login', {
      email: owner.email,
      password: owner.password,
    });
    expect(login.statusCode, login.body).toBe(200);
  }
  return freshTarget(t.db, {
    label: 'Fuzz Target',
    members: [
      { userId: owner.userId, role: 'owner', client: owner.client },
      { userId: collaboratorUserId, role: 'collaborator' },
    ],
    ownerUserId: owner.userId,
    collaboratorUserId,
  });
}

/** Sends one request, as the owner unless anonymous; keeps the owner's cookie current. */
async function send(req: RawRequest, anonymous: boolean): Promise<LightMyRequestResponse> {
  const res = await t.app.inject({
    method: req.method,
    url: req.url,
    headers: {
      ...req.headers,
      ...(!anonymous && owner.client.cookie ? { cookie: owner.client.cookie } : {}),
    },
    ...(req.payload !== undefined ? { payload: req.payload } : {}),
  });
  if (!anonymous) {
    const setCookie = res.cookies.findLast((c) => c.name === 'keel.sid');
    if (setCookie)
      owner.client.cookie = setCookie.value ? `keel.sid=${setCookie.value}` : undefined;
  }
  return res;
}

/** The valid input of a procedure (from the access matrix), naming the target's rows. */
function validInput(procedure: string): Record<string, unknown> {
  const input = accessMatrix[procedure]?.input?.(target, { email: owner.email });
  return typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
}

/** The URL of a target with each path parameter replaced. */
function urlOf(ft: FuzzTarget, params: Record<string, string>): string {
  return ft.path.replace(/\{(\w+)\}/g, (_m, name: string) => params[name] ?? '1');
}

function paramsArbitrary(ft: FuzzTarget, valid: Record<string, unknown>) {
  return fc.record(
    Object.fromEntries(
      ft.params.map((name) => [
        name,
        fc.oneof(fc.constant(String(valid[name] ?? '1')), fc.constantFrom(...garbageParams)),
      ]),
    ) as Record<string, fc.Arbitrary<string>>,
  );
}

/** A generated input as the request this target's transport makes of it. */
function requestOf(ft: FuzzTarget, params: Record<string, string>, input: unknown): RawRequest {
  const url = urlOf(ft, params);
  if (ft.method === 'GET' || ft.method === 'DELETE') {
    const query = ft.trpc
      ? input === undefined
        ? ''
        : `?input=${encodeURIComponent(JSON.stringify(input) ?? '')}`
      : toQueryString(input);
    return { method: ft.method, url: url + query, headers: {}, label: 'generated' };
  }
  return {
    method: ft.method,
    url,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(input) ?? '',
    label: 'generated',
  };
}

/** The raw requests (deterministic) for a target: bad bodies, or bad query strings. */
function rawRequests(ft: FuzzTarget, params: Record<string, string>): RawRequest[] {
  const url = urlOf(ft, params);
  const field = Object.keys(ft.fields)[0] ?? 'id';
  const queries = rawQueries(field, ft.trpc).map(({ label, query }) => ({
    method: ft.method,
    url: url + query,
    headers: {},
    label,
  }));
  if (ft.method === 'GET') return queries;
  const bodies = rawBodies(field).map(({ label, contentType, payload }): RawRequest => ({
    method: ft.method,
    url,
    headers: contentType ? { 'content-type': contentType } : {},
    payload,
    label,
  }));
  return ft.method === 'DELETE' ? [...bodies, ...queries] : bodies;
}

interface Sent {
  req: RawRequest;
  status: number;
}

/** Who sends a batch of requests and how its answers are judged. */
interface Batch {
  name: string;
  anonymous: boolean;
  check: (res: LightMyRequestResponse) => string[];
}

/** Sends a request and checks the answer; a 2xx is allowed and otherwise unchecked. */
async function fire(batch: Batch, req: RawRequest, log: Sent[]) {
  const res = await send(req, batch.anonymous);
  stats.inputs += 1;
  log.push({ req, status: res.statusCode });
  if (res.statusCode >= 500) stats.serverErrors += 1;
  if (res.statusCode >= 200 && res.statusCode < 300) {
    stats.accepted += 1;
    if (res.statusCode !== 207) return;
  }
  const shown = typeof req.payload === 'string' ? req.payload.slice(0, 300) : '(bytes)';
  expect(
    batch.check(res),
    `${batch.name} [${req.label}] ${req.method} ${req.url.slice(0, 300)} ${shown} → ${res.statusCode} ${res.body.slice(0, 500)}`,
  ).toEqual([]);
}

function changesState(sent: Sent) {
  return sent.req.method !== 'GET' && sent.status < 300;
}

/** The database once background work of earlier calls (an invoice email going out) is done. */
async function settledSnapshot() {
  await t.app.services.jobs.idle();
  return snapshot(t.db);
}

/**
 * Sends the raw requests, then `NUM_RUNS` generated ones, and checks that the refused ones
 * left the database as it was.
 */
async function runBatch(batch: Batch, raws: RawRequest[], generated: fc.Arbitrary<RawRequest>) {
  const log: Sent[] = [];
  const before = await settledSnapshot();
  for (const req of raws) await fire(batch, req, log);
  await fc.assert(
    fc.asyncProperty(generated, (req) => fire(batch, req, log)),
    { numRuns: NUM_RUNS },
  );

  if (!log.some(changesState)) {
    expect(await settledSnapshot(), `${batch.name}: a refused call changed the database`).toBe(
      before,
    );
    // A refused call may still have ended the owner's session (logout takes no input).
    const current = await owner.client.get('/api/workspaces/current');
    if (current.statusCode !== 200) target = await newTarget();
    return;
  }
  // Some generated input was valid and changed rows: replay the refused ones on their own.
  const start = await settledSnapshot();
  const replayed: Sent[] = [];
  for (const { req } of log.filter((sent) => sent.status >= 400)) {
    const res = await send(req, batch.anonymous);
    replayed.push({ req, status: res.statusCode });
  }
  if (!replayed.some(changesState)) {
    expect(await settledSnapshot(), `${batch.name}: a refused call changed the database`).toBe(
      start,
    );
  }
  // The accepted calls may have deleted or suspended the target: start again from a new one.
  target = await newTarget();
}

async function fuzz(ft: FuzzTarget) {
  const valid = validInput(ft.procedure);
  const validParams = Object.fromEntries(ft.params.map((p) => [p, String(valid[p] ?? '1')]));
  const body = Object.fromEntries(Object.entries(valid).filter(([k]) => !ft.params.includes(k)));
  // Raw requests: once with the real ids in the path, once with garbage ones.
  const garbage = Object.fromEntries(ft.params.map((p, i) => [p, garbageParams[i % 3]!]));
  const raws = (ft.params.length > 0 ? [validParams, garbage] : [validParams]).flatMap((params) =>
    rawRequests(ft, params),
  );
  const generated = fc
    .tuple(paramsArbitrary(ft, valid), malformedInput(ft.trpc ? valid : body, ft.fields))
    .map(([params, input]) => requestOf(ft, params, input));
  await runBatch(
    { name: ft.name, anonymous: ft.anonymous, check: (res) => checkRefusal(res, ft.trpc) },
    raws,
    generated,
  );
}

describe('REST paths', () => {
  it.each(restTargets.map((ft) => [ft.name, ft] as const))('%s', async (_name, ft) => {
    stats.routes += 1;
    await fuzz(ft);
  });
});

describe('tRPC procedures', () => {
  it.each(trpcTargets.map((ft) => [ft.name, ft] as const))('%s', async (_name, ft) => {
    stats.procedures += 1;
    await fuzz(ft);
  });

  it.each(['query', 'mutation'] as const)(
    'answers batches of %s calls with malformed input',
    async (type) => {
      const names = trpcTargets.filter((ft) => (ft.method === 'GET') === (type === 'query'));
      const call = fc
        .oneof(
          { arbitrary: fc.constantFrom(...names), weight: 9 },
          { arbitrary: fc.constantFrom(...trpcTargets), weight: 1 },
        )
        .chain((ft) =>
          malformedInput(validInput(ft.procedure), ft.fields).map((input) => ({ ft, input })),
        );
      const generated = fc.array(call, { minLength: 1, maxLength: 4 }).map((calls): RawRequest => {
        const path = `/trpc/${calls.map((c) => c.ft.procedure).join(',')}?batch=1`;
        const inputs = JSON.stringify(Object.fromEntries(calls.map((c, i) => [i, c.input])));
        return type === 'query'
          ? {
              method: 'GET',
              url: `${path}&input=${encodeURIComponent(inputs)}`,
              headers: {},
              label: 'batch',
            }
          : {
              method: 'POST',
              url: path,
              headers: { 'content-type': 'application/json' },
              payload: inputs,
              label: 'batch',
            };
      });
      const raws: RawRequest[] = [
        {
          method: 'GET',
          url: '/trpc/nope,__proto__,constructor,toString?batch=1',
          headers: {},
          label: 'unknown',
        },
        {
          method: 'GET',
          url: '/trpc/auth.me?batch=1&input=[1]',
          headers: {},
          label: 'array input',
        },
        {
          method: 'GET',
          url: `/trpc/${'auth.me,'.repeat(500)}auth.me?batch=1`,
          headers: {},
          label: 'long batch',
        },
      ];
      await runBatch(
        { name: `tRPC ${type} batch`, anonymous: false, check: checkBatch },
        raws,
        generated,
      );
    },
  );
});

describe('upload and file routes', () => {
  const uploads = [
    { url: '/api/upload/workspace-logo', field: 'logo' },
    { url: '/api/account/upload-photo', field: 'profileImage' },
  ];
  it.each(uploads)(
    'POST $url refuses what is not one image in "$field"',
    async ({ url, field }) => {
      stats.routes += 1;
      const boundary = 'fuzzb0undary';
      const multipart = `multipart/form-data; boundary=${boundary}`;
      const image = (size: number) => Buffer.concat([PNG_HEAD, Buffer.alloc(size)]);
      const bodies = [
        ...rawBodies(field),
        { label: 'no boundary', contentType: 'multipart/form-data', payload: 'abc' },
        { label: 'empty', contentType: multipart, payload: '' },
        {
          label: 'cut short',
          contentType: multipart,
          payload: multipartBody(
            boundary,
            [{ name: field, filename: 'a.png', data: image(99) }],
            120,
          ),
        },
        {
          label: 'two files',
          contentType: multipart,
          payload: multipartBody(boundary, [
            { name: field, filename: 'a.png', data: image(10) },
            { name: field, filename: 'b.png', data: image(10) },
          ]),
        },
        {
          label: 'too many fields',
          contentType: multipart,
          payload: multipartBody(
            boundary,
            Array.from({ length: 14 }, (_v, i) => ({ name: `f${i}`, data: 'x' })),
          ),
        },
        {
          label: 'over 5 MB',
          contentType: multipart,
          payload: multipartBody(boundary, [
            { name: field, filename: 'a.png', data: image(5 * 1024 * 1024) },
          ]),
        },
      ];
      const raws = bodies.map(({ label, contentType, payload }): RawRequest => ({
        method: 'POST',
        url,
        headers: contentType ? { 'content-type': contentType } : {},
        payload,
        label,
      }));
      const generated = malformedUpload(field).map(
        ({ label, contentType, payload }): RawRequest => ({
          method: 'POST',
          url,
          headers: { 'content-type': contentType },
          payload,
          label,
        }),
      );
      await runBatch(
        { name: `POST ${url}`, anonymous: false, check: (res) => checkRefusal(res, false) },
        raws,
        generated,
      );
    },
  );

  it('GET /api/files/{key} refuses keys that name no file', async () => {
    stats.routes += 1;
    const generated = fc
      .oneof(
        fc.constantFrom(...garbageParams),
        fc.string({ maxLength: 80 }).map(encodeURIComponent),
      )
      .map((key): RawRequest => ({
        method: 'GET',
        url: `/api/files/${key}`,
        headers: {},
        label: 'key',
      }));
    await runBatch(
      { name: 'GET /api/files/{key}', anonymous: false, check: (res) => checkRefusal(res, false) },
      [],
      generated,
    );
  });
});
