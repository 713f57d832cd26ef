import { authRouter } from '../domains/auth/auth.router.ts';
import { workspacesRouter } from '../domains/workspaces/workspaces.router.ts';
import { createCallerFactory, router } from './init.ts';

export const appRouter = router({
  auth: authRouter,
  workspaces: workspacesRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
