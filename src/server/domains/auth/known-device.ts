import type { Context } from '../../trpc/context.ts';

/**
 * A browser the user signed in on before: a long-lived cookie, signed with the session
 * secret so no one can make one, naming the user it was set for. It keeps strangers from
 * locking a known email out: wrong passwords from many addresses fill the per-email
 * ceiling, which neither counts nor blocks this browser (password-limits.ts).
 */
const DEVICE_COOKIE = 'keel.device';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Marks this browser as one `userId` signed in on (every sign-in renews it). */
export function rememberDevice(ctx: Context, userId: number): void {
  ctx.reply.setCookie(DEVICE_COOKIE, String(userId), {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.env === 'production' ? true : 'auto',
    path: '/',
    maxAge: ONE_YEAR_SECONDS,
  });
}

/** True when this browser carries a valid mark of a sign-in as `userId`. */
export function isKnownDevice(ctx: Context, userId: number | undefined): boolean {
  const raw = ctx.req.cookies[DEVICE_COOKIE];
  if (userId === undefined || !raw) return false;
  const unsigned = ctx.req.unsignCookie(raw);
  return unsigned.valid && unsigned.value === String(userId);
}
