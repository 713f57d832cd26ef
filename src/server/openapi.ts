import { bankingRouteDocs } from './domains/banking/banking.routes.ts';
import { expenseRouteDocs } from './domains/expenses/expenses.routes.ts';
import { fileRouteDocs } from './domains/files/files.routes.ts';
import { stripeWebhookRouteDocs } from './domains/payments-online/stripe-webhook.routes.ts';
import { buildOpenApiDocument } from './plugins/rest-adapter.ts';
import { restRoutes } from './rest-routes.ts';
import { appRouter } from './trpc/router.ts';

/** The document served at `/api/openapi.json`: the REST tables and the plain file routes. */
export function openApiDocument(serverUrl: string) {
  return buildOpenApiDocument({
    routes: restRoutes,
    router: appRouter,
    plainRoutes: [
      ...fileRouteDocs,
      ...expenseRouteDocs,
      ...bankingRouteDocs,
      ...stripeWebhookRouteDocs,
    ],
    serverUrl,
  });
}
