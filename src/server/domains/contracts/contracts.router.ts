import { z } from 'zod';
import {
  ContractAuditSchema,
  ContractDetailSchema,
  ContractInputSchema,
  ContractListQuerySchema,
  ContractReviseSchema,
  ContractSchema,
  ContractSendResultSchema,
  ContractSendSchema,
  ContractTemplateInputSchema,
  ContractTemplateSchema,
  ContractTemplateUpdateSchema,
  ContractUpdateSchema,
  ContractVoidSchema,
  CountersignSchema,
} from '../../../shared/contracts.schema.ts';
import { pageOf } from '../../../shared/list.schema.ts';
import { BILLING_MANAGERS, WORKSPACE_MANAGERS } from '../../../shared/roles.ts';
import { SuccessSchema } from '../../../shared/success.schema.ts';
import { listProcedure, requireRole, router, workspaceProcedure } from '../../trpc/init.ts';
import { rowMutation, rowProcedures, rowQuery } from '../../trpc/row-procedures.ts';
import { requestOrigin } from '../estimates/estimates.router.ts';
import * as repo from './contracts.repository.ts';
import * as contracts from './contracts.service.ts';
import { contractPdf } from './contract-download.ts';
import { FileSchema } from '../../../shared/file.schema.ts';

/** Contracts bind the business: those who bill draft, send, revise and void them. */
const billingProcedure = requireRole(...BILLING_MANAGERS);
/** The business's signature: the owner or an administrator. */
const signerProcedure = requireRole(...WORKSPACE_MANAGERS);

export const contractTemplatesRouter = router({
  list: workspaceProcedure
    .output(z.array(ContractTemplateSchema))
    .query(({ ctx }) => contracts.listTemplates(ctx)),
  get: rowQuery(workspaceProcedure, ContractTemplateSchema, contracts.getTemplate),
  ...rowProcedures(
    billingProcedure,
    {
      input: ContractTemplateInputSchema,
      update: ContractTemplateUpdateSchema,
      output: ContractTemplateSchema,
    },
    {
      create: contracts.createTemplate,
      update: contracts.updateTemplate,
      remove: contracts.deleteTemplate,
    },
  ),
});

export const contractsRouter = router({
  list: listProcedure
    .input(ContractListQuerySchema.prefault({}))
    .output(pageOf(ContractSchema))
    .query(({ ctx, input }) => repo.listContracts(ctx.db, ctx.workspace.id, input)),
  get: rowQuery(workspaceProcedure, ContractDetailSchema, contracts.getContract),
  create: billingProcedure
    .input(ContractInputSchema)
    .output(ContractSchema)
    .mutation(({ ctx, input }) => contracts.createContract(ctx, input, requestOrigin(ctx))),
  update: billingProcedure
    .input(ContractUpdateSchema)
    .output(ContractSchema)
    .mutation(({ ctx, input: { id, ...changes } }) => contracts.updateContract(ctx, id, changes)),
  delete: rowMutation(billingProcedure, SuccessSchema, contracts.deleteContract),
  send: billingProcedure
    .input(ContractSendSchema)
    .output(ContractSendResultSchema)
    .mutation(({ ctx, input }) => contracts.sendContract(ctx, input, requestOrigin(ctx))),
  revise: billingProcedure
    .input(ContractReviseSchema)
    .output(ContractSchema)
    .mutation(({ ctx, input }) => contracts.reviseContract(ctx, input, requestOrigin(ctx))),
  void: billingProcedure
    .input(ContractVoidSchema)
    .output(ContractSchema)
    .mutation(({ ctx, input }) => contracts.voidContract(ctx, input, requestOrigin(ctx))),
  countersign: signerProcedure
    .input(CountersignSchema)
    .output(ContractDetailSchema)
    .mutation(({ ctx, input }) => contracts.countersignContract(ctx, input, requestOrigin(ctx))),
  audit: rowQuery(workspaceProcedure, ContractAuditSchema, contracts.contractAudit),
  pdf: rowQuery(workspaceProcedure, FileSchema, contractPdf),
});
