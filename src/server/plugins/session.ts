import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import type { FastifyInstance, Session } from 'fastify';
import type { Database } from '../db/create-db.ts';
import { rememberedRead } from '../db/embedded.ts';

type Callback = (error?: unknown) => void;

/** How long a session lives: ASVS level 2 asks for both limits (V3.3.2). */
export interface SessionTimeouts {
  /** Signed out after this long without a request. */
  idleMs: number;
  /** Signed out this long after sign-in, however active; the cookie and the row expire then. */
  absoluteMs: number;
}

/**
 * A stored session past either limit: the idle clock is `lastSeenAt`, which requests
 * refresh about once a minute, and the absolute one `createdAt`, set at sign-in.
 */
export function isSessionExpired(
  sess: { createdAt?: number; lastSeenAt?: number },
  timeouts: SessionTimeouts,
  now = Date.now(),
): boolean {
  // A session without these marks predates the timeouts: it is treated as expired.
  if (sess.createdAt === undefined || sess.lastSeenAt === undefined) return true;
  return now - sess.createdAt >= timeouts.absoluteMs || now - sess.lastSeenAt >= timeouts.idleMs;
}

/**
 * Every request with a cookie runs it: remembered between writes on the embedded database
 * (the expiry is checked here, against the clock, on every request).
 */
function findSession(db: Database, sid: string) {
  return rememberedRead(db, `session:${sid}`, () => sessionQuery(db, sid).execute());
}

/** The session row findSession reads (bench/bare.ts compiles it). */
export function sessionQuery(db: Database, sid: string) {
  return db.selectFrom('sessions').select(['sess', 'expire']).where('sid', '=', sid);
}

/**
 * Sessions live in the `sessions` table so any server process can answer any request.
 * `user_id` is kept beside the JSON so a user's sessions can be ended in one statement.
 */
export class KyselySessionStore {
  constructor(
    private readonly db: Database,
    private readonly timeouts: SessionTimeouts,
  ) {}

  get(sid: string, callback: (error: unknown, session?: Session | null) => void): void {
    findSession(this.db, sid).then(([row]) => {
      if (!row || row.expire.getTime() <= Date.now()) return callback(null, null);
      // A copy: the request changes its session, and the row may be a remembered one.
      const sess = (
        typeof row.sess === 'string' ? JSON.parse(row.sess) : structuredClone(row.sess)
      ) as Session;
      // An idle or too old session ends here, for every route that reads sessions.
      if (sess.userId && isSessionExpired(sess, this.timeouts)) {
        return this.destroy(sid, (error) => callback(error, null));
      }
      callback(null, sess);
    }, callback);
  }

  set(sid: string, session: Session, callback: Callback): void {
    const expire = session.cookie.expires ?? new Date(Date.now() + this.timeouts.absoluteMs);
    const values = {
      sess: JSON.stringify(session),
      expire,
      userId: session.userId ?? null,
    };
    this.db
      .insertInto('sessions')
      .values({ sid, ...values })
      .onConflict((oc) => oc.column('sid').doUpdateSet(values))
      .execute()
      .then(() => callback(), callback);
  }

  destroy(sid: string, callback: Callback): void {
    this.db
      .deleteFrom('sessions')
      .where('sid', '=', sid)
      .execute()
      .then(() => callback(), callback);
  }
}

export async function deleteExpiredSessions(db: Database): Promise<void> {
  await db.deleteFrom('sessions').where('expire', '<=', new Date()).execute();
}

export async function registerSessions(
  app: FastifyInstance,
  options: { db: Database; secret: string; secureCookies: boolean; timeouts: SessionTimeouts },
): Promise<void> {
  // The secret also signs the cookies set with `signed: true` (the known-device mark, auth).
  await app.register(fastifyCookie, { secret: options.secret });
  await app.register(fastifySession, {
    secret: options.secret,
    cookieName: 'keel.sid',
    store: new KyselySessionStore(options.db, options.timeouts),
    saveUninitialized: false,
    rolling: false,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies ? true : 'auto',
      path: '/',
      maxAge: options.timeouts.absoluteMs,
    },
  });
}
