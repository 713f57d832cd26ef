import { defineRestRoutes } from '../../plugins/rest-adapter.ts';

export const accountRestRoutes = defineRestRoutes(
  {
    name: 'Account',
    description:
      "The signed-in user's own account: profile, password, preferences, notification settings, signed-in devices and personal API tokens.",
  },
  [
    {
      method: 'GET',
      path: '/api/account/profile',
      procedure: 'account.profile',
      summary: 'Read your profile and settings',
    },
    {
      method: 'PUT',
      path: '/api/account/profile',
      procedure: 'account.updateProfile',
      summary: 'Update your name, email and phone',
      description:
        'A new email needs `currentPassword`. A `phone` left out is kept; sent empty, it is cleared.',
      refusals: {
        409: 'another account has this email',
        429: 'too many wrong current passwords',
      },
    },
    {
      method: 'PUT',
      path: '/api/account/password',
      procedure: 'account.changePassword',
      summary: 'Change your password',
      description:
        'Ends every other session of the account and revokes all of its API tokens; this session stays signed in. A wrong `currentPassword` is 400.',
      refusals: { 429: 'too many wrong current passwords' },
    },
    {
      method: 'PUT',
      path: '/api/account/preferences',
      procedure: 'account.updatePreferences',
      summary: 'Set your time zone, date and time formats and language',
    },
    {
      method: 'PUT',
      path: '/api/account/notifications',
      procedure: 'account.updateNotifications',
      summary: 'Set your notification switches',
    },
    {
      method: 'DELETE',
      path: '/api/account/remove-photo',
      procedure: 'account.removePhoto',
      summary: 'Remove your profile photo',
    },
    {
      method: 'GET',
      path: '/api/account/sessions',
      procedure: 'account.sessions',
      summary: 'List your signed-in devices',
      description: '`isCurrent` marks the session of this request.',
    },
    // A static segment wins over {id}: "all" is never read as a session id.
    {
      method: 'DELETE',
      path: '/api/account/sessions/all',
      procedure: 'account.terminateOtherSessions',
      summary: 'Sign out every other device',
    },
    {
      method: 'DELETE',
      path: '/api/account/sessions/{id}',
      procedure: 'account.terminateSession',
      summary: 'Sign out one device',
      refusals: { 404: 'no session of yours has this id' },
    },
    {
      method: 'GET',
      path: '/api/account/tokens',
      procedure: 'account.apiTokens',
      summary: 'List your API tokens',
      description: 'Never the tokens themselves: their names, prefixes, scopes and dates.',
    },
    {
      method: 'POST',
      path: '/api/account/tokens',
      procedure: 'account.createApiToken',
      summary: 'Create an API token',
      description: 'The answer holds the token itself (`token`) this once; only its hash is kept.',
      status: 201,
    },
    {
      method: 'DELETE',
      path: '/api/account/tokens/{id}',
      procedure: 'account.revokeApiToken',
      summary: 'Revoke an API token',
      description: 'From a session, any token of yours; from a token, only itself.',
      refusals: {
        403: 'an API token revoking another token',
        404: 'no token of yours has this id',
      },
    },
    {
      method: 'GET',
      path: '/api/account/two-factor',
      procedure: 'account.twoFactor',
      summary: 'Read whether two-factor sign-in is on',
      description: 'With how many of its recovery codes are still unused.',
    },
    {
      method: 'POST',
      path: '/api/account/two-factor/setup',
      procedure: 'account.setupTwoFactor',
      summary: 'Start setting up two-factor sign-in',
      description:
        'Answers a new TOTP secret (6 digits, 30 seconds, SHA-1), its `otpauth://` URL and that URL as a QR code. The secret waits, unused for sign-in, until `POST /api/account/two-factor/enable` confirms a first code from it; setting up again replaces it.',
      refusals: { 409: 'two-factor sign-in is already on' },
    },
    {
      method: 'POST',
      path: '/api/account/two-factor/enable',
      procedure: 'account.enableTwoFactor',
      summary: 'Turn two-factor sign-in on',
      description:
        'Takes a current code of the secret from the setup. Answers ten recovery codes, this once (only their hashes are kept); each signs in once in place of a code. Ends every other session of the account (this one stays); API tokens are revoked too only with `revokeApiTokens: true`. The answer counts both. A wrong code is 400 "Invalid verification code".',
      refusals: {
        409: 'two-factor sign-in is already on',
        429: 'too many wrong codes',
      },
    },
    {
      method: 'POST',
      path: '/api/account/two-factor/disable',
      procedure: 'account.disableTwoFactor',
      summary: 'Turn two-factor sign-in off',
      description:
        'Takes the password and a code from the app (or a recovery code). The secret and the recovery codes are deleted. A wrong password or code is 400.',
      refusals: {
        409: 'two-factor sign-in is not on',
        429: 'too many wrong passwords or codes',
      },
    },
  ],
);
