import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import type { FastifyInstance, Session } from 'fastify';
import type { Database } from '../db/create-db.ts';

type Callback = (error?: unknown) => void;

/** Session days; the cookie and the row expire together. */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Sessions live in the `sessions` table so any server process can answer any request.
 * `user_id` is kept beside the JSON so a user's sessions can be ended in one statement.
 */
export class KyselySessionStore {
  constructor(private readonly db: Database) {}

  get(sid: string, callback: (error: unknown, session?: Session | null) => void): void {
    this.db
      .selectFrom('sessions')
      .select(['sess', 'expire'])
      .where('sid', '=', sid)
      .executeTakeFirst()
      .then((row) => {
        if (!row || row.expire.getTime() <= Date.now()) return callback(null, null);
        const sess = typeof row.sess === 'string' ? JSON.parse(row.sess) : row.sess;
        callback(null, sess as Session);
      }, callback);
  }

  set(sid: string, session: Session, callback: Callback): void {
    const expire = session.cookie.expires ?? new Date(Date.now() + SESSION_MAX_AGE_MS);
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
  options: { db: Database; secret: string; secureCookies: boolean },
): Promise<void> {
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: options.secret,
    cookieName: 'keel.sid',
    store: new KyselySessionStore(options.db),
    saveUninitialized: false,
    rolling: false,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies ? true : 'auto',
      path: '/',
      maxAge: SESSION_MAX_AGE_MS,
    },
  });
}
