import { ImportResultSchema } from '../../../shared/import.schema.ts';
import {
  CompanyOptionSchema,
  OrganizationImportInputSchema,
  OrganizationInputSchema,
  OrganizationListQuerySchema,
  OrganizationPageSchema,
  OrganizationSchema,
  OrganizationUpdateSchema,
} from '../../../shared/organizations.schema.ts';
import { ExportQuerySchema, ListQuerySchema, pageOf } from '../../../shared/list.schema.ts';
import {
  heavyProcedure,
  importProcedure,
  listProcedure,
  router,
  workspaceProcedure,
  fromReplica,
} from '../../trpc/init.ts';
import { rowProcedures } from '../../trpc/row-procedures.ts';
import * as repo from './organizations.repository.ts';
import * as organizations from './organizations.service.ts';

export const organizationsRouter = router({
  list: listProcedure
    .input(OrganizationListQuerySchema.prefault({}))
    .output(OrganizationPageSchema)
    .query(({ ctx, input }) => repo.listOrganizations(ctx.db, ctx.workspace.id, input)),
  options: listProcedure
    .input(ListQuerySchema.prefault({}))
    .output(pageOf(CompanyOptionSchema))
    .query(({ ctx, input }) => repo.listOrganizationOptions(ctx.db, ctx.workspace.id, input)),
  ...rowProcedures(
    workspaceProcedure,
    {
      input: OrganizationInputSchema,
      update: OrganizationUpdateSchema,
      output: OrganizationSchema,
    },
    {
      create: organizations.createOrganization,
      update: organizations.updateOrganization,
      remove: organizations.deleteOrganization,
    },
  ),
  export: heavyProcedure
    .use(fromReplica)
    .input(ExportQuerySchema.optional())
    .query(({ ctx, input }) =>
      repo.organizationsForExport(ctx.db, ctx.workspace.id, input?.search),
    ),
  // The import id needs no record here: names make organizations (importOrganizations).
  import: importProcedure
    .input(OrganizationImportInputSchema)
    .output(ImportResultSchema)
    .mutation(({ ctx, input }) =>
      organizations.importOrganizations(ctx, input.rows, input.firstRowNumber),
    ),
});
