import {
  ProjectDetailSchema,
  ProjectInputSchema,
  ProjectListQuerySchema,
  ProjectSchema,
  ProjectUpdateSchema,
} from '../../../shared/projects.schema.ts';
import { pageOf } from '../../../shared/list.schema.ts';
import { SuccessSchema } from '../../../shared/success.schema.ts';
import { listProcedure, router, workspaceProcedure } from '../../trpc/init.ts';
import { rowMutation, rowQuery } from '../../trpc/row-procedures.ts';
import * as repo from './projects.repository.ts';
import * as projects from './projects.service.ts';

export const projectsRouter = router({
  list: listProcedure
    .input(ProjectListQuerySchema.prefault({}))
    .output(pageOf(ProjectSchema))
    .query(({ ctx, input }) => repo.listProjects(ctx.db, ctx.workspace.id, input)),
  get: rowQuery(workspaceProcedure, ProjectDetailSchema, projects.getProject),
  create: workspaceProcedure
    .input(ProjectInputSchema)
    .output(ProjectSchema)
    .mutation(({ ctx, input }) => projects.createProject(ctx, input)),
  update: workspaceProcedure
    .input(ProjectUpdateSchema)
    .output(ProjectSchema)
    .mutation(({ ctx, input: { id, ...values } }) => projects.updateProject(ctx, id, values)),
  delete: rowMutation(workspaceProcedure, SuccessSchema, projects.deleteProject),
});
