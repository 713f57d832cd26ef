import path from 'node:path';
import { randomUUID } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/create-db.ts';
import { HeavyReads } from './db/replica.ts';
import { bankingRoutes } from './domains/banking/banking.routes.ts';
import { expenseRoutes } from './domains/expenses/expenses.routes.ts';
import { fileRoutes, MAX_UPLOAD_BYTES } from './domains/files/files.routes.ts';
import { parseFormSubmissionBody } from './domains/forms/form-body.ts';
import { formPageRoutes } from './domains/forms/forms.page-routes.ts';
import { bookingPageRoutes } from './domains/scheduling/scheduling.page-routes.ts';
import { stripeWebhookRoutes } from './domains/payments-online/stripe-webhook.routes.ts';
import { loggingOptions } from './logger.ts';
import { createJobs } from './domains/jobs/jobs.ts';
import { tellJobFailure } from './domains/notifications/notifications.service.ts';
import { registerErrorHandler, toErrorReply } from './plugins/errors.ts';
import { HEAVY_REST_MAX_MS, KeyedSemaphore } from './plugins/heavy-requests.ts';
import { createMailer } from './plugins/mailer.ts';
import { registerRequestStats, RequestStats } from './plugins/request-stats.ts';
import { registerRestRoutes } from './plugins/rest-adapter.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSessions } from './plugins/session.ts';
import { registerWriteMarks } from './plugins/write-marks.ts';
import { openApiDocument } from './openapi.ts';
import { queues } from './queues.ts';
import { restRoutes } from './rest-routes.ts';
import { createContext, type AppServices } from './trpc/context.ts';
import { registerTrpc } from './trpc/http.ts';
import { appRouter, createCaller } from './trpc/router.ts';

/**
 * The whole server, for main.ts and for tests (which call it with `inject()`, and may give
 * the log another destination than stdout to read what it wrote). `replica` is the read
 * replica's database (DATABASE_REPLICA_URL) when there is one: heavy reads go there.
 */
export async function buildApp(
  config: Config,
  db: Database,
  options: { logDestination?: NodeJS.WritableStream; replica?: Database } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    ...(await loggingOptions(config, options.logDestination)),
    bodyLimit: 1024 * 1024,
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    // A tRPC batch names its procedures in one path parameter ('contacts.list,leads.list,…'):
    // past Fastify's default of 100 characters, a batch of eight calls answered 414.
    routerOptions: { maxParamLength: 5000 },
    // Refuse `__proto__` and `constructor.prototype` keys in JSON outright.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Malformed URLs and over-long path parameters answer the documented error body too.
    frameworkErrors: (error, _req, reply) => {
      const { status, body } = toErrorReply(error);
      void (reply as FastifyReply).code(status).send(body);
    },
  });
  const requestStats = new RequestStats();
  const services: AppServices = {
    db,
    config,
    mailer: createMailer(config.smtpUrl, app.log),
    // The runner knows no domain: it is given the queues, what their handlers get, and who
    // hears of a job that failed for good.
    jobs: createJobs({
      db,
      config,
      log: app.log,
      queues,
      services: () => services,
      onFailure: (failure) => tellJobFailure(services, failure),
    }),
    requestStats,
    heavyRequests: new KeyedSemaphore(
      config.heavyRequestsPerWorkspace,
      config.heavyRequestQueue,
      HEAVY_REST_MAX_MS,
      (waitingForSlots) => requestStats.inProgress > waitingForSlots,
    ),
    heavyReads: new HeavyReads(db, options.replica, app.log),
  };
  app.decorate('heavyRequests', services.heavyRequests);
  // Workers stop (jobs underway finish) before whoever built the app closes the database.
  app.addHook('onClose', () => services.jobs.stop());
  app.decorate('services', services);
  registerRequestStats(app, services.requestStats);

  // An empty JSON body (a POST with no payload) is no input rather than an error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(req, body as string, done);
  });
  // Only a public form's submission route gets past the security hook with this type.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, done) => done(null, parseFormSubmissionBody(body as string)),
  );
  registerErrorHandler(app, config.clientDir);
  // Before the sessions' cookie plugin, whose onSend hook writes the cookies set until then.
  if (options.replica) {
    registerWriteMarks(app, db, { secureCookies: config.env === 'production' });
  }
  await registerSecurity(app, { production: config.env === 'production' });
  await registerSessions(app, {
    db,
    secret: config.sessionSecret,
    secureCookies: config.env === 'production',
    timeouts: {
      idleMs: config.sessionIdleMinutes * 60_000,
      absoluteMs: config.sessionMaxHours * 3_600_000,
    },
  });
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12 },
    throwFileSizeLimit: true,
  });

  await registerTrpc(app, services);

  registerRestRoutes(app, {
    routes: restRoutes,
    router: appRouter,
    createCaller: (req, reply) => createCaller(createContext(services, req, reply)),
  });
  const openApi = openApiDocument(config.appUrl);
  app.get('/api/openapi.json', async () => openApi);
  app.get('/api/health', async () => ({ status: 'ok' }));
  await app.register(fileRoutes, { config });
  // Its own encapsulated context: the raw body parser is this route's only.
  await app.register(stripeWebhookRoutes);
  await app.register(bankingRoutes);
  await app.register(expenseRoutes, {
    quotas: {
      userBytes: config.uploadQuotaUserBytes,
      workspaceBytes: config.uploadQuotaWorkspaceBytes,
    },
  });

  if (config.clientDir) {
    // wildcard: files are looked up per request, so a rebuilt client is served without a restart.
    await app.register(fastifyStatic, {
      root: config.clientDir,
      wildcard: true,
      index: false,
      // The build writes .br and .gz beside each asset (vite.config.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Hashed file names change with their content, so a browser may keep them for good;
        // anything else (index.html, favicon) is checked again each time.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The root is the app itself, not a directory to list.
    app.get('/', (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
    await app.register(formPageRoutes);
    await app.register(bookingPageRoutes);
  }
  await services.jobs.start();
  return app;
}
