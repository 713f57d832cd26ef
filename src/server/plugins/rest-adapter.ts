import { Readable } from 'node:stream';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { csvLines } from '../../shared/csv.ts';
import type { RowExport } from '../db/export-batches.ts';
import type { ProcedureMeta } from '../trpc/init.ts';
import type { AppRouter } from '../trpc/router.ts';
import { ErrorBodySchema, toErrorReply, type ErrorBody } from './errors.ts';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type JsonSchema = Record<string, any>;

/** A domain's section of the API document: every route of one `<domain>.rest.ts` table. */
export interface RestTag {
  name: string;
  description: string;
}

/**
 * Refusals particular to a route, by status, each saying when it happens in a few lowercase
 * words without a final stop. The ones every route of a kind meets (validation, sign-in,
 * roles, limits) are derived, not listed here.
 */
export type RouteRefusals = Partial<
  Record<401 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 502, string>
>;

/** One documented `/api/*` path: which procedure answers it and how its input is built. */
export interface RestRouteEntry {
  method: HttpMethod;
  /** OpenAPI style: `/api/workspaces/{id}`. */
  path: string;
  /** Dotted procedure path, e.g. `workspaces.update`. */
  procedure: string;
  /** What the route does, in a few words: the API document's summary. */
  summary: string;
  /** More, when the summary cannot say all a caller needs. */
  description?: string;
  /** The document's operationId; the procedure path unless two routes share a procedure. */
  operationId?: string;
  /** Success status; 200 unless given. */
  status?: number;
  /** Input fields the route sets itself, whatever the request says (not parameters). */
  fixed?: Record<string, unknown>;
  /** Builds the procedure input when the default (params over query or body) does not fit. */
  input?: (req: FastifyRequest) => unknown;
  /** Reshapes the error body where the documented contract adds fields. */
  errorBody?: ErrorReshape;
  /** Turns the procedure's result into the documented body, when it differs. */
  respond?: Responder;
  refusals?: RouteRefusals;
  /** A body limit in bytes below the app's 1 MB (a public route that takes what anyone sends). */
  bodyLimit?: number;
  /**
   * Takes `application/x-www-form-urlencoded` as well as JSON: a public form's page posts
   * without script. The security hook allows it on the paths of FORM_ENCODED_ROUTES only.
   */
  formEncoded?: boolean;
}

export interface RestRoute extends RestRouteEntry {
  tag: RestTag;
}

export interface ErrorReshape {
  send(body: ErrorBody): object;
  /** The reshaped body, for the document, under this name in its components. */
  schema: z.ZodType;
  name: string;
}

/** A documented success answer: its media types with their schemas, and its headers. */
export interface SuccessAnswer {
  content: Record<string, { schema: JsonSchema }>;
  headers?: Record<string, JsonSchema>;
}

export interface Responder {
  send(result: any, reply: FastifyReply): unknown;
  /** The documented answer, from the JSON schema of the procedure's output. */
  document(output: JsonSchema | undefined): SuccessAnswer;
}

const attachment = (what: string): JsonSchema => ({
  description: `\`attachment; filename="${what}"\`: a download.`,
  schema: { type: 'string' },
});

/**
 * A page `{items, total}` as the plain array the documented list paths answer; the size
 * of the whole list travels in `X-Total-Count`.
 */
export const asArrayWithTotal: Responder = {
  send(result: { items: unknown[]; total: number }, reply) {
    reply.header('x-total-count', String(result.total));
    return result.items;
  },
  document: (output) => ({
    content: { 'application/json': { schema: output?.properties?.items ?? { type: 'array' } } },
    headers: { 'X-Total-Count': { $ref: '#/components/headers/TotalCount' } },
  }),
};

/**
 * `asArrayWithTotal` for a page that also carries sums over the whole filtered list (the
 * time log's hours and money): each named field of the page travels in its header, and
 * the document describes them.
 */
export function asArrayWithTotals(
  headers: Record<string, { field: string; description: string }>,
): Responder {
  return {
    send(result: { items: unknown[]; total: number } & Record<string, unknown>, reply) {
      for (const [name, { field }] of Object.entries(headers)) {
        reply.header(name.toLowerCase(), String(result[field]));
      }
      return asArrayWithTotal.send(result, reply);
    },
    document: (output) => {
      const answer = asArrayWithTotal.document(output);
      return {
        ...answer,
        headers: {
          ...answer.headers,
          ...Object.fromEntries(
            Object.entries(headers).map(([name, { field, description }]) => [
              name,
              { description, schema: output?.properties?.[field] ?? { type: 'string' } },
            ]),
          ),
        },
      };
    },
  };
}

/**
 * An export (`RowExport`) as a CSV download, written batch by batch while the client reads:
 * `Readable.from` pulls the next batch only when the socket has taken the last one
 * (backpressure), so memory stays flat whatever the size, and the database answers one
 * short statement per batch instead of one long one. Every cell goes through `csvLines`,
 * which defuses formulas.
 */
export function asCsv(filename: string): Responder {
  return {
    send(result: RowExport, reply) {
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`);
      return Readable.from(csvText(result));
    },
    document: () => ({
      content: {
        'text/csv': {
          schema: {
            type: 'string',
            description: 'UTF-8 CSV: a heading row, then one row per record.',
          },
        },
      },
      headers: { 'Content-Disposition': attachment(filename) },
    }),
  };
}

/** A rendered document (`{filename, content}`) as a PDF download. */
export const asPdf: Responder = {
  send(result: { filename: string; content: Uint8Array }, reply) {
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${result.filename}"`)
      .header('cache-control', 'private, no-store');
    return Buffer.from(result.content);
  },
  document: () => ({
    content: {
      'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } },
    },
    headers: { 'Content-Disposition': attachment('invoice-….pdf') },
  }),
};

async function* csvText(result: RowExport): AsyncGenerator<string> {
  yield csvLines(result.columns, [], true);
  for await (const rows of result.batches()) yield csvLines(result.columns, rows, false);
}

/** A domain's REST table: its routes, all under the domain's tag in the document. */
export function defineRestRoutes(tag: RestTag, routes: RestRouteEntry[]): RestRoute[] {
  return routes.map((route) => ({ ...route, tag }));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Path params (and the route's fixed fields) win over body and query fields, so a body
 * cannot redirect a call to another id. No body at all is no input; a JSON `null` is refused
 * (read as no input, an update answered 200 and changed nothing). Other bodies without
 * params meet the procedure's own schema.
 */
function defaultInput(route: RestRoute, req: FastifyRequest): unknown {
  const own = { ...(req.params as Record<string, string>), ...route.fixed };
  const source = route.method === 'GET' || route.method === 'DELETE' ? req.query : req.body;
  const hasOwn = Object.keys(own).length > 0;
  if (source === undefined) return hasOwn ? own : undefined;
  if (isPlainObject(source)) return { ...source, ...own };
  if (!hasOwn && source !== null) return source;
  throw new TRPCError({ code: 'BAD_REQUEST', message: 'The request body must be a JSON object' });
}

type Caller = ReturnType<AppRouterCallerFactory>;
type AppRouterCallerFactory = (ctx: any) => Record<string, any>;

function resolveProcedure(caller: Caller, path: string): (input: unknown) => Promise<unknown> {
  let target: any = caller;
  for (const part of path.split('.')) target = target?.[part];
  if (typeof target !== 'function')
    throw new Error(`REST route points at unknown procedure ${path}`);
  return target;
}

/** Turns the REST tables into Fastify routes that call procedures through `createCaller`. */
export function registerRestRoutes(
  app: FastifyInstance,
  options: {
    routes: RestRoute[];
    router: AppRouter;
    createCaller: (req: FastifyRequest, reply: any) => Caller;
  },
): void {
  const known = options.router._def.procedures as Record<string, unknown>;
  for (const route of options.routes) {
    if (!(route.procedure in known)) {
      throw new Error(
        `REST route ${route.method} ${route.path} points at unknown procedure ${route.procedure}`,
      );
    }
    app.route({
      method: route.method,
      url: route.path.replace(/\{(\w+)\}/g, ':$1'),
      ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
      handler: async (req, reply) => {
        try {
          const call = resolveProcedure(options.createCaller(req, reply), route.procedure);
          const input = route.input ? route.input(req) : defaultInput(route, req);
          const result = await call(input);
          const body = route.respond ? route.respond.send(result, reply) : result;
          return reply.code(route.status ?? 200).send(body ?? null);
        } catch (error) {
          const { status, body } = toErrorReply(error);
          if (status >= 500) req.log.error({ err: error }, 'request failed');
          return reply.code(status).send(route.errorBody ? route.errorBody.send(body) : body);
        }
      },
    });
  }
}

// The API document

/**
 * A route outside the REST tables (uploads and downloads are plain Fastify routes),
 * documented beside them with the same rules.
 */
export interface PlainRouteDoc {
  method: HttpMethod;
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: RestTag;
  access: ProcedureTraits['access'];
  status: number;
  /** Path parameters. */
  params?: Record<string, z.ZodType>;
  /** A multipart upload of one file in this field, of these media types. */
  upload?: { field: string; mediaTypes: string[] };
  /** The JSON answer, or a download's media types. */
  answer: z.ZodType | { mediaTypes: string[]; headers?: Record<string, JsonSchema> };
  refusals?: RouteRefusals;
  /** The refusals' body, where the route adds fields to the usual one (for the document). */
  errorBody?: { name: string; schema: z.ZodType };
}

/** Who may call an operation and which refusals it can meet (see `ProcedureMeta`). */
type ProcedureTraits = Required<ProcedureMeta>;

/** A procedure's meta, as its builders set it, with the defaults filled in. */
function traitsOf(meta: ProcedureMeta | undefined): ProcedureTraits {
  return {
    access: meta?.access ?? 'public',
    roleChecked: meta?.roleChecked ?? false,
    rateLimited: meta?.rateLimited ?? false,
    heavy: meta?.heavy ?? false,
  };
}

/** What every operation of the document is made from, REST table row or plain route. */
interface OperationFacts {
  method: HttpMethod;
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: RestTag;
  traits: ProcedureTraits;
  /** A change (tRPC mutation, or a plain POST): read-only tokens are refused. */
  changes: boolean;
  /** A plain route: it reads the session itself and takes no API token. */
  plain: boolean;
  parameters: JsonSchema[];
  requestBody?: JsonSchema;
  /** The body is JSON (413 over 1 MB, 415 for other types) rather than a multipart upload. */
  jsonBody: boolean;
  /** The body limit when not the app's 1 MB. */
  bodyLimit?: string;
  /** Form-encoded bodies are taken too. */
  formEncoded?: boolean;
  status: number;
  success: SuccessAnswer;
  refusals: RouteRefusals;
  /** The body of the route's own refusals, when not the shared `Error`. */
  errorBody?: { name: string; schema: JsonSchema };
}

function jsonSchema(schema: unknown, io: 'input' | 'output'): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const BODY_LIMIT = '1 MB';
const MAX_PATH_PARAM = '5,000';

/** The document's parameters and body of a procedure's input, split as the route reads it. */
function inputParts(
  route: RestRoute,
  input: JsonSchema | undefined,
): Pick<OperationFacts, 'parameters' | 'requestBody'> {
  const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const parameters: JsonSchema[] = params.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: input?.properties?.[name] ?? { type: 'integer' },
  }));
  const properties = Object.fromEntries(
    Object.entries((input?.properties ?? {}) as Record<string, JsonSchema>).filter(
      ([key]) => !params.includes(key) && !(key in (route.fixed ?? {})),
    ),
  );
  const required = ((input?.required ?? []) as string[]).filter((key) => key in properties);
  if (route.method === 'GET' || route.method === 'DELETE') {
    for (const [name, schema] of Object.entries(properties)) {
      parameters.push({
        name,
        in: 'query',
        required: required.includes(name),
        ...(schema.description ? { description: schema.description } : {}),
        schema,
      });
    }
    return { parameters };
  }
  if (input && !input.properties && params.length === 0) {
    // Not one object (a union of shapes, such as the bulk actions): the body is the whole input.
    return {
      parameters,
      requestBody: { required: true, content: { 'application/json': { schema: input } } },
    };
  }
  if (Object.keys(properties).length === 0) return { parameters };
  const { properties: _all, required: _required, ...rest } = input!;
  return {
    parameters,
    requestBody: {
      required: required.length > 0,
      content: {
        'application/json': {
          schema: { ...rest, properties, ...(required.length > 0 ? { required } : {}) },
        },
      },
    },
  };
}

/** The same body as a form would post it, for a route that takes one. */
function formEncodedToo(
  route: RestRoute,
  parts: Pick<OperationFacts, 'parameters' | 'requestBody'>,
): Pick<OperationFacts, 'parameters' | 'requestBody'> {
  const json = parts.requestBody?.content?.['application/json'];
  if (!route.formEncoded || !json) return parts;
  return {
    ...parts,
    requestBody: {
      ...parts.requestBody,
      content: {
        ...parts.requestBody!.content,
        'application/x-www-form-urlencoded': {
          schema: {
            ...json.schema,
            description:
              'As a form posts it: `answers[{key}]=value` (repeated for a multiple choice), `_token`, `_hp`, `pageUrl`.',
          },
        },
      },
    },
  };
}

function restOperation(route: RestRoute, router: AppRouter): OperationFacts {
  const procedures = router._def.procedures as unknown as Record<
    string,
    { _def: { inputs: unknown[]; output?: unknown; type: string; meta?: ProcedureMeta } }
  >;
  const procedure = procedures[route.procedure]!;
  const def = procedure._def;
  const output = jsonSchema(def.output, 'output');
  return {
    method: route.method,
    path: route.path,
    operationId: route.operationId ?? route.procedure,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tag: route.tag,
    traits: traitsOf(def.meta),
    changes: def.type === 'mutation',
    plain: false,
    ...formEncodedToo(route, inputParts(route, jsonSchema(def.inputs[0], 'input'))),
    jsonBody: true,
    ...(route.bodyLimit ? { bodyLimit: `${route.bodyLimit / 1024} KB` } : {}),
    ...(route.formEncoded ? { formEncoded: true } : {}),
    status: route.status ?? 200,
    success: route.respond
      ? route.respond.document(output)
      : { content: { 'application/json': { schema: output ?? {} } } },
    refusals: route.refusals ?? {},
    ...(route.errorBody
      ? {
          errorBody: {
            name: route.errorBody.name,
            schema: jsonSchema(route.errorBody.schema, 'output')!,
          },
        }
      : {}),
  };
}

function plainOperation(route: PlainRouteDoc): OperationFacts {
  const answer = route.answer;
  return {
    method: route.method,
    path: route.path,
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tag: route.tag,
    traits: { access: route.access, roleChecked: false, rateLimited: false, heavy: false },
    changes: route.method !== 'GET',
    plain: true,
    parameters: Object.entries(route.params ?? {}).map(([name, schema]) => ({
      name,
      in: 'path',
      required: true,
      schema: jsonSchema(schema, 'input'),
    })),
    ...(route.upload
      ? {
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: [route.upload.field],
                  properties: { [route.upload.field]: { type: 'string', format: 'binary' } },
                },
                encoding: {
                  [route.upload.field]: { contentType: route.upload.mediaTypes.join(', ') },
                },
              },
            },
          },
        }
      : {}),
    jsonBody: !route.upload,
    ...(route.errorBody
      ? {
          errorBody: {
            name: route.errorBody.name,
            schema: jsonSchema(route.errorBody.schema, 'output')!,
          },
        }
      : {}),
    status: route.status,
    success:
      answer instanceof z.ZodType
        ? { content: { 'application/json': { schema: jsonSchema(answer, 'output')! } } }
        : {
            content: Object.fromEntries(
              answer.mediaTypes.map((type) => [
                type,
                { schema: { type: 'string', contentMediaType: type } },
              ]),
            ),
            ...(answer.headers ? { headers: answer.headers } : {}),
          },
    refusals: route.refusals ?? {},
  };
}

/** Joins reasons into one sentence: 'a; b; or c'. */
function oneOfThese(reasons: string[]): string {
  if (reasons.length <= 1) return reasons[0] ?? '';
  return `${reasons.slice(0, -1).join('; ')}; or ${reasons.at(-1)}`;
}

/**
 * Every refusal an operation can meet, from what it is: who may call it, what it takes,
 * which limits apply; and the route's own (conflicts, gone invitations).
 */
function refusalsOf(op: OperationFacts): Record<number, string> {
  const { access, roleChecked, rateLimited, heavy } = op.traits;
  const unsafe = op.method !== 'GET';
  const hasBody = op.method === 'POST' || op.method === 'PUT' || op.method === 'PATCH';
  const hasPathParams = op.parameters.some((p) => p.in === 'path');
  const refusals: Record<number, string> = {};
  if (!op.plain || hasBody) {
    refusals[400] =
      'Invalid input or a malformed request: `error` tells the first problem, `details` every invalid field.';
  }
  const unauthorized: string[] = [];
  if (access !== 'public') {
    unauthorized.push(
      'no session cookie or API token, or one that has expired, been revoked or belongs to a deactivated account',
    );
  }
  if (op.refusals[401]) unauthorized.push(op.refusals[401]);
  if (unauthorized.length > 0) refusals[401] = `Unauthorized: ${oneOfThese(unauthorized)}.`;
  const forbidden: string[] = [];
  if (unsafe) {
    forbidden.push('a cross-site request (a foreign `Origin`, or `Sec-Fetch-Site: cross-site`)');
  }
  if (access === 'session') {
    forbidden.push('an API token: this needs a signed-in browser session');
  }
  if (access === 'platform') forbidden.push('the caller is not a platform administrator');
  if (access === 'workspace') {
    forbidden.push('the workspace is suspended by the platform administrator');
    forbidden.push(
      "the caller's access to the current workspace was removed (`code` `WORKSPACE_ACCESS_REVOKED`, `workspace` names it)",
    );
  }
  if (roleChecked) forbidden.push("the member's role does not allow it");
  if (op.changes && (access === 'account' || access === 'workspace' || access === 'platform')) {
    forbidden.push('a read-only API token');
  }
  if (op.refusals[403]) forbidden.push(op.refusals[403]);
  if (forbidden.length > 0) refusals[403] = `Refused: ${oneOfThese(forbidden)}.`;
  const missing: string[] = [];
  if (access === 'workspace') {
    missing.push(
      'no current workspace (a session picks one with `POST /api/workspaces/{id}/switch`, an API token names it in `X-Workspace-Id`), or no active membership of it',
    );
  }
  if (op.refusals[404]) missing.push(op.refusals[404]);
  else if (hasPathParams) {
    missing.push('nothing has this id here (rows of other workspaces are never revealed)');
  }
  if (missing.length > 0) refusals[404] = `Not found: ${oneOfThese(missing)}.`;
  if (op.refusals[409]) refusals[409] = `Conflict: ${op.refusals[409]}.`;
  if (op.refusals[410]) refusals[410] = `Gone: ${op.refusals[410]}.`;
  if (op.refusals[422]) refusals[422] = `Unprocessable: ${op.refusals[422]}.`;
  const tooLarge: string[] = [];
  if (hasBody && op.jsonBody) tooLarge.push(`the body is over ${op.bodyLimit ?? BODY_LIMIT}`);
  if (op.refusals[413]) tooLarge.push(op.refusals[413]);
  if (tooLarge.length > 0) refusals[413] = `Too large: ${oneOfThese(tooLarge)}.`;
  if (hasPathParams) refusals[414] = `A path parameter is over ${MAX_PATH_PARAM} characters.`;
  if (hasBody) {
    refusals[415] = op.formEncoded
      ? 'The body is neither `application/json` nor `application/x-www-form-urlencoded`.'
      : op.jsonBody
        ? 'The body is not `application/json`.'
        : 'The body is neither `multipart/form-data` nor JSON.';
  }
  const tooMany: string[] = [];
  if (rateLimited) tooMany.push('too many attempts from this address in the last minute');
  if (heavy) {
    tooMany.push(
      'the workspace already runs its share of heavy requests (exports, imports, pages over 100 rows) and others wait',
    );
  }
  if (op.refusals[429]) tooMany.push(op.refusals[429]);
  if (tooMany.length > 0) {
    refusals[429] = `Too many requests: ${oneOfThese(tooMany)}. Try again after \`Retry-After\` seconds.`;
  }
  if (op.refusals[502]) refusals[502] = `Bad gateway: ${op.refusals[502]}.`;
  return refusals;
}

/** Answered by Fastify or the security hook before the route runs: always the plain body. */
const FRAMEWORK_ONLY = new Set(['413', '414', '415']);
/** Answered before the route runs, or by it. */
const FRAMEWORK_TOO = new Set(['400', '403']);

/** The schema of a refusal's body: the route's own shape where it reshapes its refusals. */
function errorSchemaOf(op: OperationFacts, status: string): JsonSchema {
  if (!op.errorBody || FRAMEWORK_ONLY.has(status)) return ERROR_REF;
  const own = { $ref: `#/components/schemas/${op.errorBody.name}` };
  return FRAMEWORK_TOO.has(status) ? { anyOf: [own, ERROR_REF] } : own;
}

function operationObject(op: OperationFacts): JsonSchema {
  const responses: Record<string, JsonSchema> = {
    [String(op.status)]: {
      description: op.status === 201 ? 'Created.' : 'Success.',
      ...(op.success.headers ? { headers: op.success.headers } : {}),
      content: op.success.content,
    },
  };
  for (const [status, description] of Object.entries(refusalsOf(op))) {
    responses[status] = {
      description,
      ...(status === '429'
        ? { headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } }
        : {}),
      content: { 'application/json': { schema: errorSchemaOf(op, status) } },
    };
  }
  responses['431'] = { $ref: '#/components/responses/HeadersTooLarge' };
  responses['500'] = { $ref: '#/components/responses/InternalError' };
  const access = op.traits.access;
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag.name],
    // The document's default is a session or a token; these need less, or only a session.
    ...(access === 'public' ? { security: [] } : {}),
    ...(access === 'session' ? { security: [{ sessionCookie: [] }] } : {}),
    ...(op.parameters.length > 0 || access === 'workspace'
      ? {
          parameters: [
            ...op.parameters,
            ...(access === 'workspace' ? [{ $ref: '#/components/parameters/WorkspaceId' }] : []),
          ],
        }
      : {}),
    ...(op.requestBody ? { requestBody: op.requestBody } : {}),
    responses,
  };
}

const DOCUMENT_DESCRIPTION = `The REST API of Keel. Every path is a thin adapter over the procedure the app itself calls (tRPC at \`/trpc\`), so both behave alike.

**Authentication.** Either a browser session (the \`keel.sid\` cookie from \`POST /api/auth/login\`; its current workspace is chosen with \`POST /api/workspaces/{id}/switch\`) or a personal API token (\`Authorization: Bearer keel_…\`, made on the Account page or with \`POST /api/account/tokens\`) naming the workspace of each request in \`X-Workspace-Id\`.

**Changes** (POST, PUT, DELETE) accept \`application/json\` only (multipart on the two upload paths) and are refused from other sites.

**Errors** answer \`{"error": "…", "details": [{"path", "message"}]}\` (\`details\` for validation only); a 5xx says only \`Internal server error\`.

**Lists** take \`search\`, \`limit\` (at most 500, the default) and \`offset\`, and tell the size of the whole list in \`X-Total-Count\`.

**Values.** Ids are integers, money a decimal string (\`"1200.00"\`), timestamps ISO 8601 strings, fields camelCase.`;

/** The OpenAPI 3.1 document of the REST tables, from the procedures' own zod schemas. */
export function buildOpenApiDocument(options: {
  routes: RestRoute[];
  router: AppRouter;
  plainRoutes?: PlainRouteDoc[];
  /** Where the API answers: the server's public URL. */
  serverUrl: string;
}): JsonSchema {
  const operations = [
    ...options.routes.map((route) => restOperation(route, options.router)),
    ...(options.plainRoutes ?? []).map(plainOperation),
  ];
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const tags = new Map<string, RestTag>();
  const schemas: Record<string, JsonSchema> = { Error: jsonSchema(ErrorBodySchema, 'output')! };
  for (const op of operations) {
    (paths[op.path] ??= {})[op.method.toLowerCase()] = operationObject(op);
    tags.set(op.tag.name, op.tag);
    if (op.errorBody) schemas[op.errorBody.name] = op.errorBody.schema;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Keel API', version: '1.0.0', description: DOCUMENT_DESCRIPTION },
    servers: [{ url: options.serverUrl.replace(/\/+$/, ''), description: 'This Keel server' }],
    security: [{ sessionCookie: [] }, { apiToken: [] }],
    tags: [...tags.values()],
    paths,
    components: {
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'keel.sid',
          description:
            'The session cookie set by `POST /api/auth/login`, `POST /api/auth/signup` and `POST /api/invite/{token}/accept` (HttpOnly, SameSite=Lax, Secure behind TLS). A session ends after SESSION_IDLE_MINUTES without a request (30 by default), SESSION_MAX_HOURS after sign-in (12), at sign-out, and when the password changes or the account is deactivated. Its current workspace is the one chosen with `POST /api/workspaces/{id}/switch` (a sign-in chooses the only one).',
        },
        apiToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'keel_ then 43 base64url characters',
          description:
            'A personal API token, made with `POST /api/account/tokens` from a signed-in session, shown once and stored hashed. It expires 7, 30, 90 (default) or 365 days after its creation; scope `read` runs queries only (every change is 403), `read_write` what its user may. It names the workspace of each request in `X-Workspace-Id`. A token cannot make tokens, revoke other tokens, change the password, the email or the profile, or end sessions (403: those need a session); a password change revokes every token of the account. A bearer token wins over a cookie: a wrong one is 401 even with a valid session.',
        },
      },
      parameters: {
        WorkspaceId: {
          name: 'X-Workspace-Id',
          in: 'header',
          required: false,
          description:
            "With an API token: the id of the workspace this request acts in, of which the token's user must be an active member (otherwise 404). A browser session ignores it and acts in its current workspace.",
          schema: { type: 'integer', minimum: 1, maximum: 999_999_999 },
        },
      },
      headers: {
        TotalCount: {
          description: 'How many rows the whole list holds (with its filters), beyond this page.',
          schema: { type: 'integer', minimum: 0 },
        },
        RetryAfter: {
          description: 'Seconds to wait before trying again.',
          schema: { type: 'integer', minimum: 1 },
        },
      },
      responses: {
        HeadersTooLarge: {
          description:
            'The request headers are over 16 KB: Node answers before Keel sees the request, with no body.',
        },
        InternalError: {
          description:
            'Something failed inside the server: the body says only `Internal server error`; the cause is logged with the request id.',
          content: { 'application/json': { schema: ERROR_REF } },
        },
      },
      schemas,
    },
  };
}
