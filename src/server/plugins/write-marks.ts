import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/create-db.ts';
import { primaryWalPosition, WRITTEN_COOKIE } from '../db/replica.ts';

/** Methods that never write (GET handlers must not): no mark after them. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * With a read replica only: after every request that may have written, of a signed-in
 * browser, the primary's WAL position goes into a signed cookie, so that browser's next
 * heavy reads wait for the replica to have replayed it or go to the primary
 * (db/replica.ts). Must be registered before the cookie plugin: its own `onSend` hook
 * writes the Set-Cookie headers of the cookies set until then.
 */
export function registerWriteMarks(
  app: FastifyInstance,
  primary: Database,
  options: { secureCookies: boolean },
): void {
  app.addHook('onSend', async (req, reply, payload) => {
    // Before the session plugin ran (a refusal in onRequest) there is no session to look at.
    const session = req.session as typeof req.session | null | undefined;
    if (SAFE_METHODS.has(req.method) || !session?.userId) return payload;
    let mark: string;
    try {
      mark = await primaryWalPosition(primary);
    } catch (error) {
      // Not knowing the position, the mark says "everything so far": the next heavy read
      // asks the primary for its position then (init.ts, writeMark).
      req.log.warn({ err: error }, 'could not read the WAL position after a write');
      mark = 'unknown';
    }
    reply.setCookie(WRITTEN_COOKIE, mark, {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies ? true : 'auto',
      path: '/',
    });
    return payload;
  });
}
