import type { FastifyInstance } from 'fastify';
import { sendPublicPage } from '../../plugins/public-pages.ts';
import { bookingPageStatus, managePageFound } from './scheduling.service.ts';

/** The built pages (public-pages/*.html, Vite entries of their own). */
const BOOKING_PAGE = 'public-pages/booking.html';
const MANAGE_PAGE = 'public-pages/booking-manage.html';

/**
 * `/book/{workspaceId}-{slug}`, a booking type's public page, and `/book/manage/{token}`,
 * the private page a visitor reschedules or cancels from (the emailed link). Each is the
 * same HTML for every type or booking; an unknown one answers it with 404. A manage page
 * is never indexed. Registered with the static client by app.ts, as the form page is.
 */
export async function bookingPageRoutes(app: FastifyInstance) {
  app.get<{ Params: { token: string } }>('/book/manage/:token', async (req, reply) => {
    const found = await managePageFound(app.services.db, req.params.token);
    return sendPublicPage(reply, MANAGE_PAGE, { found, allowIndexing: false });
  });
  app.get<{ Params: { slug: string } }>('/book/:slug', async (req, reply) => {
    const status = await bookingPageStatus(app.services.db, req.params.slug);
    return sendPublicPage(reply, BOOKING_PAGE, status);
  });
}
