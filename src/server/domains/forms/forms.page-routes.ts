import type { FastifyInstance } from 'fastify';
import { FRAMEABLE_CONTENT_SECURITY_POLICY } from '../../plugins/security.ts';
import { publicPageStatus } from './forms.service.ts';

/** The built public form page (public-pages/form.html, a Vite entry of its own). */
const FORM_PAGE = 'public-pages/form.html';

/**
 * `/f/{workspaceId}-{slug}`: the public page of a lead form, the same HTML for every form
 * (its script reads the form from `/api/public/forms/{slug}`). An unknown or unpublished
 * form still gets the page, with 404, so a visitor reads "This form is not available"
 * and a crawler drops the address. Any site may frame it (the embed snippet). It reads no
 * session and makes none. It needs the static client (`reply.sendFile`), so app.ts
 * registers it with the client.
 */
export async function formPageRoutes(app: FastifyInstance) {
  app.get<{ Params: { slug: string } }>('/f/:slug', async (req, reply) => {
    const { found, allowIndexing } = await publicPageStatus(app.services.db, req.params.slug);
    reply
      .code(found ? 200 : 404)
      .header('cache-control', 'no-cache')
      .header('content-security-policy', FRAMEABLE_CONTENT_SECURITY_POLICY)
      .removeHeader('x-frame-options');
    if (!allowIndexing) reply.header('x-robots-tag', 'noindex');
    return reply.sendFile(FORM_PAGE);
  });
}
