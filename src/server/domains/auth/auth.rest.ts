import { z } from 'zod';
import { ErrorBodySchema } from '../../plugins/errors.ts';
import { defineRestRoutes } from '../../plugins/rest-adapter.ts';

export const authRestRoutes = defineRestRoutes(
  {
    name: 'Auth',
    description:
      'Sign-up, sign-in and sign-out with a browser session (the `keel.sid` cookie), and who is signed in. Sign-up and sign-in are rate limited per address, and sign-in per account and email too.',
  },
  [
    {
      method: 'POST',
      path: '/api/auth/signup',
      procedure: 'auth.signup',
      summary: 'Create an account and sign in',
      description:
        'The first account of a new server becomes its platform administrator. The session has no workspace yet: create one with `POST /api/workspaces`.',
      status: 201,
      refusals: { 409: 'an account with this email already exists' },
    },
    {
      method: 'POST',
      path: '/api/auth/login',
      procedure: 'auth.login',
      summary: 'Sign in',
      description:
        'Starts a new session (a new `keel.sid`). With one usable workspace it becomes current; with several, choose one with `POST /api/workspaces/{id}/switch`. An account with two-factor sign-in answers `{"twoFactorRequired": true}` and is not signed in yet: send its code to `POST /api/auth/login/two-factor`. Refusals carry `success: false` beside the error.',
      // The documented failure body carries the success flag the login screen reads.
      errorBody: {
        send: (body) => ({ success: false, ...body }),
        schema: ErrorBodySchema.extend({ success: z.literal(false) }),
        name: 'LoginError',
      },
      refusals: {
        401: 'wrong email or password',
        403: 'the password is right but the account is deactivated',
        429: 'too many failed sign-ins for this account or email',
      },
    },
    {
      method: 'POST',
      path: '/api/auth/login/two-factor',
      procedure: 'auth.loginTwoFactor',
      summary: 'Finish signing in with a two-factor code',
      description:
        'After `POST /api/auth/login` answered `twoFactorRequired`, with the same cookie: the 6-digit code of the authenticator app, or one of the recovery codes (each works once). Starts the session as sign-in does. The password step holds for 5 minutes: later, or with no password step on this cookie, the answer is 400 "Your sign-in has expired. Please enter your email and password again."',
      refusals: {
        401: 'a wrong code ("Invalid verification code")',
        429: 'too many wrong codes for this account',
      },
    },
    {
      method: 'POST',
      path: '/api/auth/logout',
      procedure: 'auth.logout',
      summary: 'Sign out',
      description: 'Ends the session of the cookie sent, if any; succeeds without one too.',
    },
    {
      method: 'GET',
      path: '/api/auth/me',
      procedure: 'auth.me',
      summary: 'Who is signed in',
      description: 'With `role` in the current workspace (null without one).',
    },
    {
      method: 'POST',
      path: '/api/auth/forgot-password',
      procedure: 'auth.forgotPassword',
      summary: 'Email a password reset link',
      description:
        'Answers 202 with the same body whether or not an account has the email. An active account is mailed a single-use link, `{APP_URL}/reset-password/{token}`, valid one hour; a new request replaces the earlier link. At most three emails an hour per address; past them the answer is the same and nothing is sent.',
      status: 202,
    },
    {
      method: 'POST',
      path: '/api/auth/reset-password',
      procedure: 'auth.resetPassword',
      summary: 'Set a new password from a reset link',
      description:
        'Takes the token of an emailed link and a new password (the password-change policy). Uses the link up, ends every session and revokes every API token of the account; the caller stays signed out. An unknown, used or expired link answers 400 "This reset link is invalid or has expired".',
      refusals: { 403: 'the account is deactivated' },
    },
  ],
);
