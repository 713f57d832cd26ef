import { z } from 'zod';
import { IdSchema } from '../../../shared/ids.ts';
import { BILLING_MANAGERS } from '../../../shared/roles.ts';
import {
  ServiceCategoriesSchema,
  ServiceFiltersSchema,
  ServiceInputSchema,
  ServiceListQuerySchema,
  ServicePageSchema,
  ServiceSchema,
  ServiceUpdateSchema,
} from '../../../shared/services.schema.ts';
import {
  heavyProcedure,
  listProcedure,
  requireRole,
  router,
  workspaceProcedure,
  fromReplica,
} from '../../trpc/init.ts';
import { rowProcedures } from '../../trpc/row-procedures.ts';
import * as repo from './services.repository.ts';
import * as services from './services.service.ts';

/**
 * Every member reads the catalogue (to price lines from it); those who issue invoices and
 * estimates change it.
 */
const servicesManager = requireRole(...BILLING_MANAGERS);

export const servicesRouter = router({
  list: listProcedure
    .input(ServiceListQuerySchema.prefault({}))
    .output(ServicePageSchema)
    .query(({ ctx, input }) => repo.listServices(ctx.db, ctx.workspace.id, input)),
  categories: workspaceProcedure
    .output(ServiceCategoriesSchema)
    .query(({ ctx }) => repo.listCategories(ctx.db, ctx.workspace.id)),
  export: heavyProcedure
    .use(fromReplica)
    .input(ServiceFiltersSchema.prefault({}))
    .query(({ ctx, input }) => repo.servicesForExport(ctx.db, ctx.workspace.id, input)),
  get: workspaceProcedure
    .input(z.object({ id: IdSchema }))
    .output(ServiceSchema)
    .query(({ ctx, input }) => services.readService(ctx, input.id)),
  ...rowProcedures(
    servicesManager,
    { input: ServiceInputSchema, update: ServiceUpdateSchema, output: ServiceSchema },
    {
      create: services.createService,
      update: services.updateService,
      remove: services.deleteService,
    },
  ),
});
