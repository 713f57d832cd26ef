import { authRestRoutes } from './domains/auth/auth.rest.ts';
import { workspacesRestRoutes } from './domains/workspaces/workspaces.rest.ts';

/** Every documented `/api/*` path that maps onto a procedure, domain by domain. */
export const restRoutes = [...authRestRoutes, ...workspacesRestRoutes];
