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
import { SuccessSchema } from '../../../shared/success.schema.ts';
import { listProcedure, router, workspaceProcedure } from '../../trpc/init.ts';
import { rowMutation, rowProcedures } from '../../trpc/row-procedures.ts';
import * as repo from './pipeline.repository.ts';
import * as pipeline from './pipeline.service.ts';

/** Stages and opportunities (leads). Every member of the workspace works the pipeline. */
export const stagesRouter = router({
  list: workspaceProcedure
    .output(z.array(StageSchema))
    .query(({ ctx }) => repo.listStages(ctx.db, ctx.workspace.id)),
  create: workspaceProcedure
    .input(StageCreateSchema)
    .output(StageSchema)
    .mutation(({ ctx, input }) => pipeline.createStage(ctx, input)),
  update: workspaceProcedure
    .input(StageUpdateSchema)
    .output(StageSchema)
    .mutation(({ ctx, input }) => pipeline.updateStage(ctx, input)),
  delete: rowMutation(workspaceProcedure, SuccessSchema, pipeline.deleteStage),
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
