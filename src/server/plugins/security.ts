import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** The content security policy of every answer (a file download narrows it: files.routes.ts). */
const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // Mantine writes its CSS variables into <style> elements and style attributes.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The policy of a page other sites may show in an iframe (a public form's embed): the same,
 * but any site may frame it. Everything else keeps `frame-ancestors 'none'`.
 */
export const FRAMEABLE_CONTENT_SECURITY_POLICY = Object.entries({
  ...CONTENT_SECURITY_POLICY,
  'frame-ancestors': ['*'],
})
  .map(([name, values]) => `${name} ${values.join(' ')}`)
  .join('; ');

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Routes whose POST takes a multipart body (an upload); every other mutation is JSON only. */
const MULTIPART_ROUTES = [
  /^\/api\/upload\//,
  /^\/api\/account\/upload-photo$/,
  /^\/api\/expenses\/[^/]+\/receipt$/,
  /^\/api\/expenses\/import-einvoice$/,
  /^\/api\/bank-accounts\/[^/]+\/imports$/,
];

/**
 * A public form's submissions: its page posts without script as a browser form does
 * (application/x-www-form-urlencoded, parsed in app.ts). No session rides on it, and the
 * cross-site check above still applies.
 */
const FORM_ENCODED_ROUTES = [/^\/api\/public\/forms\/[^/]+\/submissions$/];

/** Paths holding a secret token: the client portal, a booking's manage link, a calendar feed. */
const SECRET_URL =
  /^\/((api\/)?portal\/|book\/manage\/|api\/public\/bookings\/|api\/calendar-feed\/[^/?]+\.ics)/;
const STRIPE_WEBHOOK = /^\/api\/webhooks\/stripe\/[^/]+$/;

function hasBody(headers: Record<string, unknown>): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Security headers on every answer, cross-site mutations refused (the session cookie is
 * SameSite=Lax, this closes the rest), and mutations accepted as JSON only (415 otherwise).
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: { production: boolean },
): Promise<void> {
  // Helmet's headers, on every answer (its onRequest hook): these, and none of its other
  // defaults, which Keel has not adopted (Cross-Origin-Resource-Policy, Origin-Agent-Cluster,
  // X-DNS-Prefetch-Control, X-Download-Options, X-Permitted-Cross-Domain-Policies,
  // X-XSS-Protection).
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    xContentTypeOptions: true,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Production runs behind TLS: browsers must never fall back to plain HTTP.
    strictTransportSecurity: options.production
      ? { maxAge: 31_536_000, includeSubDomains: true, preload: false }
      : false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xPoweredBy: false,
    xXssProtection: false,
  });

  app.addHook('onRequest', async (req, reply) => {
    // Helmet has no Permissions-Policy.
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    // Answers hold a workspace's data: no shared or browser cache keeps them (ASVS V8.2.1).
    // File downloads set their own private cache policy.
    if (/^\/(api|trpc)\//.test(req.url)) reply.header('cache-control', 'no-store');
    // The client portal's URLs hold its secret token: never sent on as a referrer (a link
    // or image on the page must not leak it), and never indexed. So do a booking's manage
    // link and a member's calendar feed (scheduling).
    if (SECRET_URL.test(req.url)) {
      reply.header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex, nofollow');
    }

    if (SAFE_METHODS.has(req.method)) return;
    // Stripe's webhook is called server to server, with no cookie to ride on: its signature
    // is its credential (stripe-webhook.routes.ts), so a cross-site check has nothing to
    // protect, and its body must stay the bytes Stripe signed.
    if (req.method === 'POST' && STRIPE_WEBHOOK.test(req.url.split('?')[0]!)) return;

    const origin = req.headers.origin;
    const crossSite = req.headers['sec-fetch-site'] === 'cross-site';
    if (crossSite || (origin !== undefined && !sameOrigin(origin, req.headers.host))) {
      return reply.code(403).send({ error: 'Cross-site requests are not allowed' });
    }

    if (!hasBody(req.headers)) return;
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const path = req.url.split('?')[0]!;
    const multipartAllowed =
      req.method === 'POST' && MULTIPART_ROUTES.some((pattern) => pattern.test(path));
    const formAllowed =
      req.method === 'POST' && FORM_ENCODED_ROUTES.some((pattern) => pattern.test(path));
    if (
      type !== 'application/json' &&
      !(multipartAllowed && type === 'multipart/form-data') &&
      !(formAllowed && type === 'application/x-www-form-urlencoded')
    ) {
      return reply.code(415).send({ error: 'Unsupported media type: send application/json' });
    }
  });
}

function sameOrigin(origin: string, host: string | undefined): boolean {
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}
