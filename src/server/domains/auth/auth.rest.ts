import { defineRestRoutes } from '../../plugins/rest-adapter.ts';

export const authRestRoutes = defineRestRoutes([
  { method: 'POST', path: '/api/auth/signup', procedure: 'auth.signup', status: 201 },
  {
    method: 'POST',
    path: '/api/auth/login',
    procedure: 'auth.login',
    // The documented failure body carries the success flag the login screen reads.
    errorBody: (body) => ({ success: false, ...body }),
  },
  { method: 'POST', path: '/api/auth/logout', procedure: 'auth.logout' },
  { method: 'GET', path: '/api/auth/me', procedure: 'auth.me' },
]);
