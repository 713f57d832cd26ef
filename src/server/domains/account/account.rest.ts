import { defineRestRoutes } from '../../plugins/rest-adapter.ts';

export const accountRestRoutes = defineRestRoutes([
  { method: 'GET', path: '/api/account/profile', procedure: 'account.profile' },
  { method: 'PUT', path: '/api/account/profile', procedure: 'account.updateProfile' },
  { method: 'PUT', path: '/api/account/password', procedure: 'account.changePassword' },
  { method: 'PUT', path: '/api/account/preferences', procedure: 'account.updatePreferences' },
  { method: 'PUT', path: '/api/account/notifications', procedure: 'account.updateNotifications' },
  { method: 'DELETE', path: '/api/account/remove-photo', procedure: 'account.removePhoto' },
  { method: 'GET', path: '/api/account/sessions', procedure: 'account.sessions' },
  // A static segment wins over {id}: "all" is never read as a session id.
  {
    method: 'DELETE',
    path: '/api/account/sessions/all',
    procedure: 'account.terminateOtherSessions',
  },
  { method: 'DELETE', path: '/api/account/sessions/{id}', procedure: 'account.terminateSession' },
  { method: 'GET', path: '/api/account/tokens', procedure: 'account.apiTokens' },
  { method: 'POST', path: '/api/account/tokens', procedure: 'account.createApiToken', status: 201 },
  { method: 'DELETE', path: '/api/account/tokens/{id}', procedure: 'account.revokeApiToken' },
]);
