import type { FastifyInstance } from 'fastify';
import { sendPublicPage } from '../../plugins/public-pages.ts';
import { publicPageStatus } from './forms.service.ts';

/** The built public form page (public-pages/form.html, a Vite entry of its own). */
const FORM_PAGE = 'public-pages/form.html';

/**
 * `/f/{workspaceId}-{slug}`: the public page of a lead form, the same HTML for every form
 * (its script reads the form from `/api/public/forms/{slug}`). An unknown or unpublished
 * form gets it with 404 ("This form is not available"). Any site may frame it (the embed
 * snippet). It needs the static client (`reply.sendFile`), so app.ts registers it with
 * the client.
 */
export async function formPageRoutes(app: FastifyInstance) {
  app.get<{ Params: { slug: string } }>('/f/:slug', async (req, reply) => {
    const status = await publicPageStatus(app.services.db, req.params.slug);
    return sendPublicPage(reply, FORM_PAGE, { ...status, frameable: true });
  });
}
