import { Readable } from 'node:stream';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { csvLines } from '../../shared/csv.ts';
import type { RowExport } from '../db/export-batches.ts';
import type { AppRouter } from '../trpc/router.ts';
import { toErrorReply, type ErrorBody } from './errors.ts';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One documented `/api/*` path: which procedure answers it and how its input is built. */
export interface RestRoute {
  method: HttpMethod;
  /** OpenAPI style: `/api/workspaces/{id}`. */
  path: string;
  /** Dotted procedure path, e.g. `workspaces.update`. */
  procedure: string;
  /** Success status; 200 unless given. */
  status?: number;
  /** Builds the procedure input when the default (params over query or body) does not fit. */
  input?: (req: FastifyRequest) => unknown;
  /** Reshapes the error body where the documented contract adds fields. */
  errorBody?: (body: ErrorBody) => object;
  /** Turns the procedure's result into the documented body, when it differs. */
  respond?: Responder;
}

export interface Responder {
  send(result: any, reply: FastifyReply): unknown;
  /** The OpenAPI response schema, from the procedure's output schema. */
  schema(output: any): object;
  contentType?: string;
}

/**
 * A page `{items, total}` as the plain array the documented list paths answer; the size
 * of the whole list travels in `X-Total-Count`.
 */
export const asArrayWithTotal: Responder = {
  send(result: { items: unknown[]; total: number }, reply) {
    reply.header('x-total-count', String(result.total));
    return result.items;
  },
  schema: (output) => output?.properties?.items ?? { type: 'array' },
};

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
    schema: () => ({ type: 'string' }),
    contentType: 'text/csv',
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
  schema: () => ({ type: 'string', format: 'binary' }),
  contentType: 'application/pdf',
};

async function* csvText(result: RowExport): AsyncGenerator<string> {
  yield csvLines(result.columns, [], true);
  for await (const rows of result.batches()) yield csvLines(result.columns, rows, false);
}

export function defineRestRoutes(routes: RestRoute[]): RestRoute[] {
  return routes;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Path params win over body and query fields, so a body cannot redirect a call to another id.
 * No body at all is no input; a JSON `null` is refused (read as no input, an update answered
 * 200 and changed nothing). Other bodies without params meet the procedure's own schema.
 */
function defaultInput(route: RestRoute, req: FastifyRequest): unknown {
  const params = req.params as Record<string, string>;
  const source = route.method === 'GET' || route.method === 'DELETE' ? req.query : req.body;
  const hasParams = Object.keys(params).length > 0;
  if (source === undefined) return hasParams ? { ...params } : undefined;
  if (isPlainObject(source)) return { ...source, ...params };
  if (!hasParams && source !== null) return source;
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
          return reply.code(status).send(route.errorBody ? route.errorBody(body) : body);
        }
      },
    });
  }
}

const errorSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: { type: 'string' },
    details: {
      type: 'array',
      items: {
        type: 'object',
        properties: { path: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
};

function jsonSchema(schema: unknown, io: 'input' | 'output'): object | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
    return rest;
  } catch {
    return {};
  }
}

/** The OpenAPI 3.1 document of the REST tables, from the procedures' own zod schemas. */
export function buildOpenApiDocument(
  routes: RestRoute[],
  router: AppRouter,
  extraPaths: Record<string, object> = {},
): object {
  const procedures = router._def.procedures as unknown as Record<
    string,
    { _def: { inputs: unknown[]; output?: unknown; type: string } }
  >;
  const paths: Record<string, Record<string, object>> = {};
  for (const route of routes) {
    const def = procedures[route.procedure]!._def;
    const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const input = jsonSchema(def.inputs[0], 'input') as
      { properties?: Record<string, object>; required?: string[] } | undefined;
    const operation: Record<string, unknown> = {
      operationId: route.procedure,
      summary: `tRPC procedure ${route.procedure}`,
      parameters: params.map((name) => ({
        name,
        in: 'path',
        required: true,
        schema: input?.properties?.[name] ?? { type: 'integer' },
      })),
      responses: {
        [String(route.status ?? 200)]: {
          description: 'Success',
          content: {
            [route.respond?.contentType ?? 'application/json']: {
              schema: route.respond
                ? route.respond.schema(jsonSchema(def.output, 'output'))
                : (jsonSchema(def.output, 'output') ?? {}),
            },
          },
        },
        default: { description: 'Error', content: { 'application/json': { schema: errorSchema } } },
      },
    };
    if (input?.properties) {
      const properties = Object.fromEntries(
        Object.entries(input.properties).filter(([key]) => !params.includes(key)),
      );
      const required = (input.required ?? []).filter((key) => !params.includes(key));
      if (route.method === 'GET' || route.method === 'DELETE') {
        (operation.parameters as object[]).push(
          ...Object.entries(properties).map(([name, schema]) => ({
            name,
            in: 'query',
            required: required.includes(name),
            schema,
          })),
        );
      } else if (Object.keys(properties).length > 0) {
        operation.requestBody = {
          required: required.length > 0,
          content: { 'application/json': { schema: { ...input, properties, required } } },
        };
      }
    }
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Keel API',
      version: '1.0.0',
      description:
        'Every path answers JSON. Sign in with POST /api/auth/login; the session cookie authenticates later calls. Mutations accept application/json only.',
    },
    paths: { ...paths, ...extraPaths },
  };
}
