/**
 * tRPC over HTTP, on Fastify, through tRPC's documented fetch adapter
 * (`fetchRequestHandler`) rather than its Fastify plugin.
 *
 * Why: the plugin hands tRPC's `Response` to `reply.send`, which pipes its web stream into
 * Node's through `Readable.fromWeb`, and it wires an `AbortController` to every request
 * for subscriptions, which Keel has none of. Reading the answer with `response.text()` and
 * sending the string costs measurably less per request (`npm run bench`, tRPC rows);
 * everything else (routing, batching, errors, status codes, headers) stays tRPC's own.
 */
import type { FastifyInstance } from 'fastify';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { createContext, type AppServices } from './context.ts';
import { appRouter } from './router.ts';

const PREFIX = '/trpc';

export async function registerTrpc(app: FastifyInstance, services: AppServices): Promise<void> {
  await app.register(async (trpc) => {
    // tRPC reads the body itself: hand it the text, unparsed (as its Fastify plugin does).
    trpc.removeContentTypeParser('application/json');
    trpc.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );

    trpc.all(`${PREFIX}/:path`, async (req, reply) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined) continue;
        if (Array.isArray(value)) for (const one of value) headers.append(name, one);
        else headers.set(name, value);
      }
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      // Only the path and query matter to tRPC; a fixed origin keeps a strange Host header out.
      const request = new Request(`http://localhost${req.url}`, {
        method: req.method,
        headers,
        body: hasBody && typeof req.body === 'string' ? req.body : null,
      });
      const response = await fetchRequestHandler({
        endpoint: PREFIX,
        req: request,
        router: appRouter,
        createContext: () => createContext(services, req, reply),
        onError: ({ error }) => {
          if (error.code === 'INTERNAL_SERVER_ERROR')
            req.log.error({ err: error.cause ?? error }, 'procedure failed');
        },
      });
      reply.code(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') reply.header(name, value);
      });
      for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
      return reply.send(await response.text());
    });
  });
}
