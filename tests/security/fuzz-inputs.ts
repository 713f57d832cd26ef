import fc from 'fast-check';
import { z } from 'zod';
import { multipartBody, PNG_HEAD } from '../support/uploads.ts';

/*
 * Malformed input for tests/security/fuzz.test.ts: JSON values of the wrong kind, inputs
 * with fields wrong, missing or added, and raw requests no JSON encoder would produce.
 */

/** One HTTP request as `app.inject()` takes it. */
export interface RawRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What kind of malformed input this is, for failure messages. */
  label: string;
}

/** Body limit of the JSON parser (src/server/app.ts). */
export const JSON_BODY_LIMIT = 1024 * 1024;

const HUGE = 'x'.repeat(1_000_000);
const DEPTH = 10_000;
export const DEEP_ARRAY = '['.repeat(DEPTH) + ']'.repeat(DEPTH);
export const DEEP_OBJECT = '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH);

/** The part of JSON Schema that zod writes for input fields. */
export interface FieldSchema {
  type?: string;
  format?: string;
  enum?: unknown[];
  anyOf?: FieldSchema[];
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  items?: FieldSchema;
  properties?: Record<string, FieldSchema>;
}

/** Each field of a procedure's input with its JSON Schema, from the zod schema (none: {}). */
export function inputFields(schema: unknown): Record<string, FieldSchema> {
  if (!(schema instanceof z.ZodType)) return {};
  try {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as FieldSchema;
    return json.properties ?? {};
  } catch {
    return {};
  }
}

/** Strings that look like numbers, dates, ids or nothing, and strings that are too much. */
const nastyStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '-1',
  '0',
  '1.5',
  '0x1F',
  '2147483648',
  '9223372036854775808',
  '99999999999999999999999999999',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '2026-02-30T25:61:00Z',
  '-271821-04-20',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '\ud800',
  '\u202e\u0301',
  '%00',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '😀'.repeat(300),
  'a'.repeat(10_000),
);

const nastyNumbers = fc.constantFrom(
  -1,
  0,
  0.5,
  -0.0001,
  2 ** 31,
  2 ** 53 + 2,
  2 ** 63,
  1e308,
  -1e308,
  5e-324,
);

/** A JSON value of a kind a field rarely wants. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: nastyStrings, weight: 6 },
  { arbitrary: nastyNumbers, weight: 4 },
  { arbitrary: fc.string({ maxLength: 40, unit: 'binary' }), weight: 2 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.double(), weight: 1 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  // Deep, but within what JSON.stringify can write; the 10,000-deep texts are raw requests.
  { arbitrary: fc.constant(nest(200)), weight: 1 },
  { arbitrary: fc.constant(HUGE), weight: 1 },
);

function nest(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Calendar dates around what PostgreSQL and zod disagree on: year 0, Feb 29, month 13. */
const dateEdge = fc.oneof(
  fc.constantFrom('0000-01-01', '0001-01-01', '9999-12-31', '2024-02-29', '2026-02-29'),
  fc.constantFrom('2026-02-30', '10000-01-01', '-0001-01-01', '2026-1-1', '20260101', '2100-02-29'),
  // fast-check's integers lean towards their bounds: year 0 and day 0 come up often.
  fc
    .tuple(
      fc.integer({ min: 0, max: 10_000 }),
      fc.integer({ min: 0, max: 13 }),
      fc.integer({ min: 0, max: 32 }),
    )
    .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`),
);

const dateTimeEdge = fc
  .tuple(
    dateEdge,
    fc.integer({ min: 0, max: 25 }),
    fc.integer({ min: 0, max: 61 }),
    fc.constantFrom('Z', '+00:00', '+14:00', '-14:00', '+23:59', '+99:00', '', '.123456789Z'),
  )
  .map(([date, h, m, zone]) => `${date}T${pad(h, 2)}:${pad(m, 2)}:00${zone}`);

function numberEdge(schema: FieldSchema): fc.Arbitrary<unknown> {
  const bounds = [schema.minimum, schema.maximum].filter((n): n is number => n !== undefined);
  const numbers = [
    ...new Set([0, -1, 1, 0.5, 1.005, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 - 1, 1e21]),
    ...bounds.flatMap((n) => [n, n + 1, n - 1, n + 0.001]),
  ];
  return fc.oneof(
    fc.constantFrom(...numbers),
    fc.constantFrom(...numbers).map(String),
    fc.constantFrom(' 7 ', '1e3', '0x10', '1_000', '+5', '.5', '5.', '00012'),
  );
}

function stringEdge(schema: FieldSchema): fc.Arbitrary<unknown> {
  const max = schema.maxLength ?? 300;
  return fc.constantFrom(
    'x'.repeat(max),
    'x'.repeat(max + 1),
    '€'.repeat(max),
    '😀'.repeat(Math.floor(max / 2)),
    'e\u0301'.repeat(Math.floor(max / 2)),
    ' '.repeat(max),
    `a${' '.repeat(max)}`,
    '\t\n\r',
    'Robert"); --',
  );
}

function enumEdge(values: unknown[]): fc.Arbitrary<unknown> {
  const texts = values.map(String);
  return fc.oneof(
    fc.constantFrom(...texts).map((v) => v.toUpperCase()),
    fc.constantFrom(...texts).map((v) => ` ${v} `),
    fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'),
  );
}

/** Values near the edges of what a field's schema allows: lengths, bounds, dates, enums. */
export function edgeValue(schema: FieldSchema, depth = 0): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [];
  for (const variant of schema.anyOf ?? [schema]) {
    if (variant.anyOf) options.push(edgeValue(variant, depth + 1));
    else if (variant.format === 'date') options.push(dateEdge);
    else if (variant.format === 'date-time') options.push(dateTimeEdge);
    else if (variant.enum) options.push(enumEdge(variant.enum));
    else if (variant.type === 'integer' || variant.type === 'number') {
      options.push(numberEdge(variant));
    } else if (variant.type === 'string') options.push(stringEdge(variant));
    else if (variant.type === 'boolean') options.push(fc.constantFrom('true', 'false', 1, 0, 'on'));
    else if (variant.type === 'array' && variant.items && depth < 3) {
      const item = fc.oneof(edgeValue(variant.items, depth + 1), nastyValue);
      options.push(fc.array(item, { maxLength: 4 }));
      const tooMany = variant.maxItems;
      if (tooMany !== undefined && tooMany <= 5000) {
        // One item past the limit, repeated: a small one, or the body outgrows what
        // JSON.stringify can hold (1,001 copies of a 1 MB string) before it is ever sent.
        const small = item.filter((value) => (JSON.stringify(value)?.length ?? 0) <= 20_000);
        options.push(small.map((value) => Array.from({ length: tooMany + 1 }, () => value)));
      }
    } else if (variant.type === 'object' && variant.properties && depth < 3) {
      const fields = Object.entries(variant.properties);
      if (fields.length > 0) {
        options.push(
          fc.record(
            Object.fromEntries(fields.map(([name, field]) => [name, edgeValue(field, depth + 1)])),
            { requiredKeys: [] },
          ),
        );
      }
    }
  }
  return options.length > 0 ? fc.oneof(...options) : nastyValue;
}

const extraKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'isAdmin',
    'workspaceId',
    'userId',
    'role',
    'id',
  ),
  fc.string({ maxLength: 20 }),
);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An input built from a valid one (`base`) so validation gets past the easy checks: one or
 * more fields near the edges of their schema or of the wrong kind, required fields left out,
 * unknown fields added (prototype keys among them), or a whole input that is not an object.
 * Object.fromEntries and spreads keep `__proto__` as an own key, so JSON.stringify sends it.
 */
export function malformedInput(
  base: unknown,
  fields: Record<string, FieldSchema>,
): fc.Arbitrary<unknown> {
  const baseObject = isPlainObject(base) ? base : {};
  const names = [...new Set([...Object.keys(fields), ...Object.keys(baseObject)])];
  const name = names.length > 0 ? fc.constantFrom(...names) : fc.constant('id');
  // A field and a value for it: near the edges of its schema twice as often as anything.
  const field = name.chain((key) =>
    fc
      .oneof(
        { arbitrary: fields[key] ? edgeValue(fields[key]) : nastyValue, weight: 2 },
        { arbitrary: nastyValue, weight: 1 },
      )
      .map((value): [string, unknown] => [key, value]),
  );
  const baseKeys = Object.keys(baseObject);
  const options: fc.Arbitrary<unknown>[] = [
    field.map((pair) => ({ ...baseObject, ...Object.fromEntries([pair]) })),
    fc
      .array(field, { minLength: 1, maxLength: 4 })
      .map((pairs) => ({ ...baseObject, ...Object.fromEntries(pairs) })),
    fc
      .array(fc.tuple(extraKey, nastyValue), { minLength: 1, maxLength: 3 })
      .map((pairs) => ({ ...baseObject, ...Object.fromEntries(pairs) })),
    nastyValue,
  ];
  if (baseKeys.length > 0) {
    options.push(
      fc.subarray(baseKeys, { minLength: 1 }).chain((dropped) =>
        field.map(([key, value]) => ({
          ...Object.fromEntries(Object.entries(baseObject).filter(([k]) => !dropped.includes(k))),
          ...(dropped.includes(key) ? {} : Object.fromEntries([[key, value]])),
        })),
      ),
    );
  }
  return fc.oneof(...options);
}

/** Path parameters that are not ids, or that no route parser should accept. */
export const garbageParams = [
  'abc',
  '-1',
  '0',
  '1e999',
  '%00',
  '1.5',
  '2147483648',
  '9'.repeat(40),
  '9'.repeat(150),
  '%20',
  '%ff',
  'null',
  '__proto__',
  '..%2f..%2fetc',
];

/** Percent-encoding as a browser does it: a lone surrogate is sent as U+FFFD, not thrown on. */
function encode(text: string): string {
  return encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'));
}

/** A query string of one input object, the way a script would put it in a URL. */
export function toQueryString(value: unknown): string {
  if (value === undefined) return '';
  if (!isPlainObject(value)) return `?${encode(JSON.stringify(value) ?? '')}`;
  const parts: string[] = [];
  for (const [key, field] of Object.entries(value)) {
    const values = Array.isArray(field) ? field : [field];
    for (const item of values) {
      const text = typeof item === 'string' ? item : JSON.stringify(item);
      parts.push(`${encode(key)}=${encode(text ?? '')}`);
    }
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** Bodies and content types a JSON route must refuse (or, for a few, read as JSON). */
export function rawBodies(
  field: string,
): { label: string; contentType?: string; payload: string | Buffer }[] {
  const json = 'application/json';
  const boundary = 'fuzzboundary';
  return [
    { label: 'deep array', contentType: json, payload: DEEP_ARRAY },
    { label: 'deep object', contentType: json, payload: DEEP_OBJECT },
    { label: 'deep field', contentType: json, payload: `{"${field}":${DEEP_ARRAY}}` },
    {
      label: 'invalid UTF-8',
      contentType: json,
      payload: Buffer.concat([
        Buffer.from(`{"${field}":"`),
        Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]),
        Buffer.from('"}'),
      ]),
    },
    {
      label: 'over the body limit',
      contentType: json,
      payload: `{"${field}":"${'y'.repeat(JSON_BODY_LIMIT)}"}`,
    },
    { label: 'truncated JSON', contentType: json, payload: `{"${field}":` },
    { label: 'trailing comma', contentType: json, payload: `{"${field}":1,}` },
    { label: 'single quotes', contentType: json, payload: `{'${field}':1}` },
    { label: 'bare NaN', contentType: json, payload: 'NaN' },
    {
      label: '__proto__ key',
      contentType: json,
      payload: `{"__proto__":{"isAdmin":true},"${field}":1}`,
    },
    {
      label: 'constructor.prototype key',
      contentType: json,
      payload: `{"constructor":{"prototype":{"isAdmin":true}},"${field}":1}`,
    },
    { label: 'nested __proto__', contentType: json, payload: `{"${field}":{"__proto__":{"x":1}}}` },
    { label: 'text/plain', contentType: 'text/plain', payload: `{"${field}":"a"}` },
    {
      label: 'form-urlencoded',
      contentType: 'application/x-www-form-urlencoded',
      payload: `${field}=a`,
    },
    {
      label: 'multipart',
      contentType: `multipart/form-data; boundary=${boundary}`,
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\na\r\n--${boundary}--\r\n`,
    },
    { label: 'no content type', payload: `{"${field}":"a"}` },
    { label: 'text/json', contentType: 'text/json', payload: `{"${field}":"a"}` },
    {
      label: 'json with latin1 charset',
      contentType: `${json}; charset=latin1`,
      payload: Buffer.from(`{"${field}":"\u00e9"}`, 'latin1'),
    },
    {
      label: 'json as UTF-16',
      contentType: `${json}; charset=utf-16le`,
      payload: Buffer.from(`{"${field}":"a"}`, 'utf16le'),
    },
    {
      label: 'json with a bogus parameter',
      contentType: `${json}; boundary=x; charset="`,
      payload: `{"${field}":[]}`,
    },
  ];
}

/** Query strings a GET route must refuse or read safely (tRPC reads `input` as JSON). */
export function rawQueries(field: string, trpc: boolean): { label: string; query: string }[] {
  const key = trpc ? 'input' : field;
  return [
    { label: 'truncated JSON', query: `?${key}=%7B%22${field}%22%3A` },
    { label: 'invalid UTF-8', query: `?${key}=%ff%fe%c3%28` },
    { label: 'deep array', query: `?${key}=${encodeURIComponent(DEEP_ARRAY)}` },
    { label: 'huge value', query: `?${key}=${'z'.repeat(1_000_000)}` },
    { label: 'repeated key', query: `?${key}=1&${key}=2&${key}=%7B%7D` },
    { label: 'bracket key', query: `?${key}[a][b]=1&${key}[]=2` },
    { label: 'prototype keys', query: `?__proto__=1&constructor=2&prototype=3&${key}=%00` },
    {
      label: 'proto in input',
      query: `?${key}=${encodeURIComponent(`{"__proto__":{"isAdmin":true},"${field}":"2026-02-30"}`)}`,
    },
    { label: 'null byte', query: `?${key}=%00&search=%00` },
  ];
}

/** What an answer must never contain: stack frames, source paths, SQL or database errors. */
export const LEAKS: RegExp[] = [
  /\bat\s+\S+\s+\(\S+:\d+:\d+\)/,
  /\.(?:ts|js|mjs|cjs):\d+/,
  /node_modules|\/work\/|\/src\/server|\/db\/migrations/,
  /"stack"\s*:/,
  /\bselect\b[^"]{0,200}\bfrom\s+"/i,
  /insert into/i,
  /update\s+"\w+"\s+set/i,
  /delete from/i,
  /syntax error/i,
  /relation "/i,
  /violates/i,
  /duplicate key/i,
  /out of range for type/i,
  /invalid input syntax/i,
  /column "/i,
  /SQLSTATE/,
  /PGlite|postgres/i,
];

/** Problems with a refusal: its status, its body's shape and anything it leaks. */
export function checkRefusal(
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
  trpc: boolean,
): string[] {
  const problems: string[] = [];
  if (res.statusCode < 400 || res.statusCode > 499) problems.push(`status ${res.statusCode}`);
  for (const pattern of LEAKS) {
    if (pattern.test(res.body)) problems.push(`body leaks ${pattern}`);
  }
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    problems.push('body is not JSON');
    return problems;
  }
  if (!isErrorBody(body) && !(trpc && isTrpcError(body, res.statusCode))) {
    problems.push('body is not the documented error shape');
  }
  return problems;
}

/**
 * Keys the documented error body may have; `success: false` is the login screen's flag,
 * `errors` the EN 16931 rules an e-invoice breaks.
 */
const ERROR_KEYS = new Set(['error', 'details', 'success', 'errors']);

/**
 * `{ error: string, details?: {path, message}[], errors?: {rule, field, message}[] }`
 * (src/server/plugins/errors.ts).
 */
function isErrorBody(body: unknown): boolean {
  if (!isPlainObject(body) || typeof body.error !== 'string' || body.error === '') return false;
  if (Object.keys(body).some((key) => !ERROR_KEYS.has(key))) return false;
  if (body.success !== undefined && body.success !== false) return false;
  if (
    body.errors !== undefined &&
    !(
      Array.isArray(body.errors) &&
      body.errors.every(
        (e) =>
          isPlainObject(e) &&
          typeof e.rule === 'string' &&
          typeof e.field === 'string' &&
          typeof e.message === 'string',
      )
    )
  )
    return false;
  if (body.details === undefined) return true;
  return (
    Array.isArray(body.details) &&
    body.details.every(
      (d) => isPlainObject(d) && typeof d.path === 'string' && typeof d.message === 'string',
    )
  );
}

/** tRPC's envelope as src/server/trpc/init.ts formats it: no stack, the status repeated. */
function isTrpcError(body: unknown, status: number): boolean {
  if (!isPlainObject(body) || !isPlainObject(body.error)) return false;
  const { message, code, data } = body.error;
  if (typeof message !== 'string' || typeof code !== 'number' || !isPlainObject(data)) return false;
  if (data.httpStatus !== status || typeof data.code !== 'string' || 'stack' in data) return false;
  return data.details === undefined || isErrorBody({ error: message, details: data.details });
}

/**
 * Problems with the answer to a tRPC batch (`/trpc/a,b?batch=1`): never a 5xx, and each
 * call's answer a result or an error envelope with a 4xx, leaking nothing.
 */
export function checkBatch(res: { statusCode: number; body: string }): string[] {
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`status ${res.statusCode}`);
  for (const pattern of LEAKS) {
    if (pattern.test(res.body)) problems.push(`body leaks ${pattern}`);
  }
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return [...problems, 'body is not JSON'];
  }
  if (!Array.isArray(body)) {
    if (!isErrorBody(body) && !isTrpcError(body, res.statusCode)) problems.push('bad error shape');
    return problems;
  }
  for (const item of body) {
    if (isPlainObject(item) && 'result' in item) continue;
    const status =
      isPlainObject(item) && isPlainObject(item.error) && isPlainObject(item.error.data)
        ? item.error.data.httpStatus
        : undefined;
    if (typeof status !== 'number' || status < 400 || status > 499 || !isTrpcError(item, status)) {
      problems.push(`call answered ${JSON.stringify(item).slice(0, 200)}`);
    }
  }
  return problems;
}

/** Multipart uploads that are not one image in the expected field (and a few that are). */
export function malformedUpload(field: string): fc.Arbitrary<{
  label: string;
  contentType: string;
  payload: Buffer;
}> {
  const boundary = 'fuzzb0undary';
  const part = fc.record({
    name: fc.oneof(fc.constant(field), fc.string({ maxLength: 20 })),
    filename: fc.option(fc.string({ maxLength: 40, unit: 'binary' }), { nil: undefined }),
    contentType: fc.option(fc.constantFrom('image/png', 'text/html', 'application/json', 'x/y'), {
      nil: undefined,
    }),
    data: fc.oneof(
      fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes)),
      fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.concat([PNG_HEAD, bytes])),
      fc.constantFrom('<svg onload=alert(1)>', '%PDF-1.4', 'GIF89'),
    ),
  });
  return fc
    .tuple(
      fc.array(part, { minLength: 0, maxLength: 3 }),
      fc.option(fc.nat({ max: 400 }), { nil: undefined }),
      fc.constantFrom(
        `multipart/form-data; boundary=${boundary}`,
        'multipart/form-data',
        `multipart/form-data; boundary=other`,
        `multipart/mixed; boundary=${boundary}`,
      ),
    )
    .map(([parts, cut, contentType]) => ({
      label: 'generated upload',
      contentType,
      payload: multipartBody(boundary, parts, cut),
    }));
}
