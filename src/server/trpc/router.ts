import { authRouter } from '../domains/auth/auth.router.ts';
import { contactsRouter, tagsRouter } from '../domains/contacts/contacts.router.ts';
import { leadsRouter, stagesRouter } from '../domains/pipeline/pipeline.router.ts';
import { organizationsRouter } from '../domains/organizations/organizations.router.ts';
import { teamRouter } from '../domains/team/team.router.ts';
import { workspacesRouter } from '../domains/workspaces/workspaces.router.ts';
import { createCallerFactory, router } from './init.ts';

export const appRouter = router({
  auth: authRouter,
  workspaces: workspacesRouter,
  team: teamRouter,
  contacts: contactsRouter,
  tags: tagsRouter,
  organizations: organizationsRouter,
  stages: stagesRouter,
  leads: leadsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
