import type { FastifyReply } from 'fastify';
import { FRAMEABLE_CONTENT_SECURITY_POLICY } from './security.ts';

/**
 * How a public page (a lead form, a booking page, a booking's manage page) is sent: the same
 * built HTML whatever the address, its script asking the public API for the rest. An unknown
 * address still gets the page, with 404, so a visitor reads the page's own "not available"
 * and a crawler drops the address. `noindex` unless its owner allowed indexing. No session
 * is read or made. Only pages meant to be embedded (forms) may be framed by other sites.
 */
export function sendPublicPage(
  reply: FastifyReply,
  file: string,
  page: { found: boolean; allowIndexing: boolean; frameable?: boolean },
) {
  reply.code(page.found ? 200 : 404).header('cache-control', 'no-cache');
  if (page.frameable) {
    reply
      .header('content-security-policy', FRAMEABLE_CONTENT_SECURITY_POLICY)
      .removeHeader('x-frame-options');
  }
  // A secret address (the manage link) already says `noindex, nofollow` (security.ts).
  if (!page.allowIndexing && !reply.hasHeader('x-robots-tag'))
    reply.header('x-robots-tag', 'noindex');
  return reply.sendFile(file);
}
