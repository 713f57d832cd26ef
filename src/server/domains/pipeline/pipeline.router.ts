import { z } from 'zod';
import {
  LeadInputSchema,
  LeadListQuerySchema,
  LeadSchema,
  LeadUpdateSchema,
  StageCreateSchema,
  StageReorderSchema,
  StageSchema,
  StageUpdateSchema,
} from '../../../shared/pipeline.schema.ts';
import { pageOf } from '../../../shared/list.schema.ts';
import { listProcedure, router, workspaceProcedure } from '../../trpc/init.ts';
import { rowProcedures } from '../../trpc/row-procedures.ts';
import * as repo from './pipeline.repository.ts';
import * as pipeline from './pipeline.service.ts';

/** Stages and opportunities (leads). Every member of the workspace works the pipeline. */
export const stagesRouter = router({
  list: workspaceProcedure
    .output(z.array(StageSchema))
    .query(({ ctx }) => repo.listStages(ctx.db, ctx.workspace.id)),
  ...rowProcedures(
    workspaceProcedure,
    { input: StageCreateSchema, update: StageUpdateSchema, output: StageSchema },
    {
      create: pipeline.createStage,
      update: (ctx, id, changes) => pipeline.updateStage(ctx, { id, ...changes }),
      remove: pipeline.deleteStage,
    },
  ),
  reorder: workspaceProcedure
    .input(StageReorderSchema)
    .output(z.array(StageSchema))
    .mutation(({ ctx, input }) => pipeline.reorderStages(ctx, input.ids)),
});

export const leadsRouter = router({
  list: listProcedure
    .input(LeadListQuerySchema.prefault({}))
    .output(pageOf(LeadSchema))
    .query(({ ctx, input }) => repo.listLeads(ctx.db, ctx.workspace.id, input)),
  ...rowProcedures(
    workspaceProcedure,
    { input: LeadInputSchema, update: LeadUpdateSchema, output: LeadSchema },
    { create: pipeline.createLead, update: pipeline.updateLead, remove: pipeline.deleteLead },
  ),
});
