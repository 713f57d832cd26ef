import { z } from 'zod';
import {
  ContactBulkResultSchema,
  ContactBulkSchema,
  ContactListQuerySchema,
  ContactTagInputSchema,
  ImportInputSchema,
  ImportResultSchema,
  PersonInputSchema,
  PersonPageSchema,
  PersonSchema,
  PersonUpdateSchema,
  TagInputSchema,
  TagSchema,
} from '../../../shared/contacts.schema.ts';
import { ExportQuerySchema } from '../../../shared/list.schema.ts';
import { SuccessSchema } from '../../../shared/success.schema.ts';
import {
  heavyProcedure,
  importProcedure,
  listProcedure,
  router,
  workspaceProcedure,
  fromReplica,
} from '../../trpc/init.ts';
import { rowProcedures } from '../../trpc/row-procedures.ts';
import * as repo from './contacts.repository.ts';
import * as contacts from './contacts.service.ts';

/** Contacts (persons) and their tags. Every member of the workspace may manage them. */
export const contactsRouter = router({
  list: listProcedure
    .input(ContactListQuerySchema.prefault({}))
    .output(PersonPageSchema)
    .query(({ ctx, input }) => repo.listPersons(ctx.db, ctx.workspace.id, input)),
  ...rowProcedures(
    workspaceProcedure,
    { input: PersonInputSchema, update: PersonUpdateSchema, output: PersonSchema },
    { create: contacts.createPerson, update: contacts.updatePerson, remove: contacts.deletePerson },
  ),
  bulk: workspaceProcedure
    .input(ContactBulkSchema)
    .output(ContactBulkResultSchema)
    .mutation(({ ctx, input }) => contacts.changeContacts(ctx, input)),
  addTag: workspaceProcedure
    .input(ContactTagInputSchema)
    .output(SuccessSchema)
    .mutation(({ ctx, input }) => contacts.setTag(ctx, input.id, input.tagId, true)),
  removeTag: workspaceProcedure
    .input(ContactTagInputSchema)
    .output(SuccessSchema)
    .mutation(({ ctx, input }) => contacts.setTag(ctx, input.id, input.tagId, false)),
  export: heavyProcedure
    .use(fromReplica)
    .input(ExportQuerySchema.optional())
    .query(({ ctx, input }) => repo.personsForExport(ctx.db, ctx.workspace.id, input?.search)),
  import: importProcedure
    .input(ImportInputSchema)
    .output(ImportResultSchema)
    .mutation(({ ctx, input }) =>
      contacts.importContacts(ctx, input.rows, input.firstRowNumber, input.importId),
    ),
});

export const tagsRouter = router({
  list: workspaceProcedure
    .output(z.array(TagSchema))
    .query(({ ctx }) => repo.listTags(ctx.db, ctx.workspace.id)),
  create: workspaceProcedure
    .input(TagInputSchema)
    .output(TagSchema)
    .mutation(({ ctx, input }) => contacts.createTag(ctx, input)),
});
