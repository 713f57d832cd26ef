import {
  AcceptanceSchema,
  EstimateAcceptSchema,
  EstimateDeclineSchema,
  EstimateDetailSchema,
  EstimateInputSchema,
  EstimateListQuerySchema,
  EstimateSchema,
  EstimateSentSchema,
  EstimateUpdateSchema,
} from '../../../shared/estimates.schema.ts';
import {
  EmailPreviewInputSchema,
  EmailPreviewSchema,
  InvoiceEmailSchema,
  SendDocumentInputSchema,
} from '../../../shared/invoice-email.schema.ts';
import { z } from 'zod';
import { FileSchema } from '../../../shared/file.schema.ts';
import { InvoiceSchema } from '../../../shared/invoices.schema.ts';
import { pageOf } from '../../../shared/list.schema.ts';
import { BILLING_MANAGERS } from '../../../shared/roles.ts';
import type { Context } from '../../trpc/context.ts';
import { listProcedure, requireRole, router, workspaceProcedure } from '../../trpc/init.ts';
import { rowMutation, rowProcedures, rowQuery } from '../../trpc/row-procedures.ts';
import * as documentEmail from '../invoice-email/invoice-email.service.ts';
import { decideEstimate } from './acceptance.service.ts';
import * as repo from './estimates.repository.ts';
import * as estimates from './estimates.service.ts';

/** Everyone sees estimates; those who run the business send, record and convert them. */
const billingProcedure = requireRole(...BILLING_MANAGERS);

/** Where an in-app decision was recorded from. */
export const requestOrigin = (ctx: Pick<Context, 'req'>) => ({
  ip: ctx.req?.ip ?? null,
  userAgent: (ctx.req?.headers['user-agent'] as string | undefined) ?? null,
});

export const estimatesRouter = router({
  list: listProcedure
    .input(EstimateListQuerySchema.prefault({}))
    .output(pageOf(EstimateSchema))
    .query(({ ctx, input }) => repo.listEstimates(ctx.db, ctx.workspace.id, input)),
  get: rowQuery(workspaceProcedure, EstimateDetailSchema, estimates.getEstimate),
  pdf: rowQuery(workspaceProcedure, FileSchema, estimates.estimatePdf),
  ...rowProcedures(
    billingProcedure,
    { input: EstimateInputSchema, update: EstimateUpdateSchema, output: EstimateSchema },
    {
      create: estimates.createEstimate,
      update: (ctx, id, changes) => estimates.updateEstimate(ctx, { id, ...changes }),
      remove: estimates.deleteEstimate,
    },
  ),
  // Numbers a draft and emails it, through the invoices' outbox (invoice-email).
  send: billingProcedure
    .input(SendDocumentInputSchema)
    .output(EstimateSentSchema)
    .mutation(({ ctx, input }) => documentEmail.sendEstimate(ctx, input)),
  emailPreview: billingProcedure
    .input(EmailPreviewInputSchema)
    .output(EmailPreviewSchema)
    .mutation(({ ctx, input }) => documentEmail.previewEstimateEmail(ctx, input)),
  emails: rowQuery(
    workspaceProcedure,
    z.array(InvoiceEmailSchema),
    documentEmail.listEstimateEmails,
  ),
  convert: rowMutation(billingProcedure, InvoiceSchema, estimates.convertEstimate),
  accept: billingProcedure
    .input(EstimateAcceptSchema)
    .output(AcceptanceSchema)
    .mutation(({ ctx, input }) =>
      decideEstimate(ctx.db, ctx.workspace.id, input.id, {
        decision: 'accepted',
        name: input.name,
        via: 'app',
        userId: ctx.user.id,
        ...requestOrigin(ctx),
      }),
    ),
  decline: billingProcedure
    .input(EstimateDeclineSchema)
    .output(AcceptanceSchema)
    .mutation(({ ctx, input }) =>
      decideEstimate(ctx.db, ctx.workspace.id, input.id, {
        decision: 'declined',
        // Without the client's name, the record names who recorded it.
        name: input.name ?? ctx.user.fullName,
        reason: input.reason,
        via: 'app',
        userId: ctx.user.id,
        ...requestOrigin(ctx),
      }),
    ),
});
