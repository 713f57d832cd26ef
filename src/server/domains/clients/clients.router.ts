import { z } from 'zod';
import {
  ClientDetailSchema,
  ClientInputSchema,
  ClientListQuerySchema,
  ClientSchema,
  ClientUpdateSchema,
} from '../../../shared/clients.schema.ts';
import { IdSchema } from '../../../shared/ids.ts';
import { pageOf } from '../../../shared/list.schema.ts';
import { SuccessSchema } from '../../../shared/success.schema.ts';
import { listProcedure, router, workspaceProcedure } from '../../trpc/init.ts';
import * as repo from './clients.repository.ts';
import * as clients from './clients.service.ts';

export const clientsRouter = router({
  list: listProcedure
    .input(ClientListQuerySchema.prefault({}))
    .output(pageOf(ClientSchema))
    .query(({ ctx, input }) => repo.listClients(ctx.db, ctx.workspace.id, input)),
  get: workspaceProcedure
    .input(z.object({ id: IdSchema }))
    .output(ClientDetailSchema)
    .query(({ ctx, input }) => clients.getClient(ctx, input.id)),
  create: workspaceProcedure
    .input(ClientInputSchema)
    .output(ClientSchema)
    .mutation(({ ctx, input }) => clients.createClient(ctx, input)),
  update: workspaceProcedure
    .input(ClientUpdateSchema)
    .output(ClientSchema)
    .mutation(({ ctx, input: { id, ...values } }) => clients.updateClient(ctx, id, values)),
  delete: workspaceProcedure
    .input(z.object({ id: IdSchema }))
    .output(SuccessSchema)
    .mutation(({ ctx, input }) => clients.deleteClient(ctx, input.id)),
});
