import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NOT_AUTHENTICATED } from '../../shared/auth.schema.ts';
import { WORKSPACE_ACCESS_REVOKED } from '../../shared/workspace-access.ts';
import { EinvoiceErrorSchema } from '../../shared/einvoices.schema.ts';
import { EinvoiceRefusal } from '../trpc/einvoice-refusal.ts';
import { GoneCause } from '../trpc/gone-cause.ts';
import { NotAuthenticatedCause } from '../trpc/not-authenticated.ts';
import { zodDetails } from '../trpc/init.ts';
import { WorkspaceAccessRevoked } from '../trpc/workspace-access.ts';

/** Every refusal's body on REST (DESIGN §4); the API document's `Error` schema. */
export const ErrorBodySchema = z.object({
  error: z.string().meta({ description: 'What went wrong, for people: the first problem.' }),
  details: z
    .array(
      z.object({
        path: z.string().meta({ description: "The field, dotted ('lines.0.quantity')." }),
        message: z.string(),
      }),
    )
    .optional()
    .meta({ description: 'Validation refusals only: every invalid field.' }),
  code: z.enum([WORKSPACE_ACCESS_REVOKED, NOT_AUTHENTICATED]).optional().meta({
    description:
      '`WORKSPACE_ACCESS_REVOKED`: a 403 to a member whose access to the current workspace was removed (membership deactivated or deleted); `workspace` names it. `NOT_AUTHENTICATED`: a 401 to a call without a usable session or API token (ended, expired, revoked, or none), unlike the 401 of a wrong password or code.',
  }),
  workspace: z
    .object({ id: z.number(), name: z.string() })
    .optional()
    .meta({ description: 'The workspace the caller lost access to (with `code` only).' }),
  errors: z.array(EinvoiceErrorSchema).optional().meta({
    description:
      'A 422 of e-invoicing: every EN 16931 rule the invoice breaks, with the field to fix.',
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/**
 * Something that existed and is now void for good, such as an invitation whose sender lost
 * the right to send it, or an emailed portal link past its expiry: 410 on REST; on tRPC the
 * code is NOT_FOUND and the error data's `httpStatus` 410 (init.ts).
 */
export function gone(message: string): TRPCError {
  return new TRPCError({ code: 'NOT_FOUND', message, cause: new GoneCause(message) });
}

/** What a 404 is thrown as: the caller named a row that is not there, or not theirs. */
export function notFound(message: string): TRPCError {
  return new TRPCError({ code: 'NOT_FOUND', message });
}

/**
 * The answer to deleting one row by id: success when a row went, else 404 with the
 * domain's words (another workspace's id deletes nothing and is not found alike).
 */
export async function deletedOrNotFound(
  deleted: Promise<boolean>,
  message: string,
): Promise<{ success: true }> {
  if (!(await deleted)) throw notFound(message);
  return { success: true };
}

/**
 * Any thrown value → the documented error answer (DESIGN §4). Client errors keep their
 * message; anything else is a 500 that says nothing about the inside.
 */
export function toErrorReply(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof TRPCError) {
    const status = error.cause instanceof GoneCause ? 410 : getHTTPStatusCodeFromError(error);
    // A 502 is an outside service (Stripe) failing, in words meant for the caller.
    if (status >= 500 && error.code !== 'BAD_GATEWAY') return internal();
    if (error.cause instanceof WorkspaceAccessRevoked) {
      return {
        status,
        body: {
          error: error.message,
          code: WORKSPACE_ACCESS_REVOKED,
          workspace: error.cause.workspace,
        },
      };
    }
    if (error.cause instanceof EinvoiceRefusal) {
      return { status, body: { error: error.message, errors: error.cause.errors } };
    }
    if (error.cause instanceof NotAuthenticatedCause) {
      return { status, body: { error: error.message, code: NOT_AUTHENTICATED } };
    }
    const details = zodDetails(error.cause);
    return {
      status,
      body: details
        ? { error: details[0]?.message ?? 'Invalid input', details }
        : { error: error.message },
    };
  }
  const statusCode = (error as FastifyError | undefined)?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return { status: statusCode, body: { error: (error as Error).message } };
  }
  return internal();
}

function internal() {
  return { status: 500, body: { error: 'Internal server error' } };
}

/**
 * One error handler for every plain route; 5xx are logged with the request id. Unknown
 * GET paths outside the API get the client's index.html, whose router shows the page.
 */
export function registerErrorHandler(app: FastifyInstance, clientDir: string | undefined): void {
  app.setErrorHandler((error, req, reply) => {
    const { status, body } = toErrorReply(error);
    if (status >= 500) req.log.error({ err: error }, 'request failed');
    return reply.code(status).send(body);
  });
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0]!;
    // Built assets that are missing (an old page after a rebuild) must fail, not get HTML.
    const isApi =
      path.startsWith('/api/') || path.startsWith('/trpc/') || path.startsWith('/assets/');
    if (clientDir && !isApi && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ error: `Route ${req.method} ${path} not found` });
  });
}
