import { z } from 'zod';
import { EinvoiceDownloadInputSchema, XmlFileSchema } from '../../../shared/einvoices.schema.ts';
import { IdSchema } from '../../../shared/ids.ts';
import { pageOf } from '../../../shared/list.schema.ts';
import {
  PortalCheckoutInputSchema,
  PortalClientListQuerySchema,
  PortalAcceptSchema,
  PortalClientSchema,
  PortalDecisionSchema,
  PortalDeclineSchema,
  PortalDocumentInputSchema,
  PortalInvoiceDetailSchema,
  PortalLinkCreatedSchema,
  PortalLinkStateSchema,
  PortalTokenInputSchema,
  PortalViewSchema,
} from '../../../shared/portal.schema.ts';
import { BILLING_MANAGERS } from '../../../shared/roles.ts';
import { SuccessSchema } from '../../../shared/success.schema.ts';
import { hitRateLimit, tooManyAttempts } from '../../plugins/rate-limit.ts';
import { clientInfo, type Context } from '../../trpc/context.ts';
import { publicProcedure, requireRole, router, workspaceProcedure } from '../../trpc/init.ts';
import { rowMutation, rowQuery } from '../../trpc/row-procedures.ts';
import {
  PortalContractDeclineSchema,
  PortalContractSchema,
  PortalSignSchema,
} from '../../../shared/contracts.schema.ts';
import * as contracts from '../contracts/contracts.service.ts';
import { portalContractPdf } from '../contracts/contract-download.ts';
import { openPortalToken } from './portal-links.service.ts';
import * as portal from './portal.service.ts';
import { PortalCheckoutSchema } from '../../../shared/payments-online.schema.ts';
import { portalCheckout } from '../payments-online/payments-online.service.ts';

/** Those who issue invoices decide who outside the workspace sees them. */
const linkManagerProcedure = requireRole(...BILLING_MANAGERS);

/**
 * A call of the client portal, with no Keel account: counted per client address before
 * the token is even looked at (so tokens cannot be guessed at speed), never indexed, and
 * answered 404 alike for every token that does not open a portal, but for an emailed link
 * past its expiry: 410, saying whom to ask for a new one.
 */
const portalProcedure = publicProcedure
  .input(PortalTokenInputSchema)
  .use(async ({ ctx, input, next }) => {
    void ctx.reply.header('x-robots-tag', 'noindex, nofollow');
    const hit = await hitRateLimit(ctx.db, {
      key: `portal:${ctx.req.ip}`,
      limit: ctx.config.portalRateLimit,
      windowSeconds: 60,
    });
    if (!hit.allowed) throw tooManyAttempts(ctx.reply, hit.retryAfterSeconds);
    const opened = await openPortalToken(ctx.db, input.token);
    if (opened.state === 'expired')
      throw await portal.portalLinkExpired(ctx.db, opened.workspaceId);
    if (opened.state === 'unknown') throw portal.portalNotFound();
    return next({ ctx: { ...ctx, portal: opened.target } });
  })
  .meta({ rateLimited: true });

/** The decision as the acceptance record keeps it: with the caller's address and agent. */
function decision(
  ctx: Context,
  decided: 'accepted' | 'declined',
  input: { name: string; reason?: string | null },
): portal.PortalDecisionInput {
  return { decision: decided, name: input.name, reason: input.reason ?? null, ...fromWhere(ctx) };
}

/** A decision call's resolver arguments: the portal it came through and what was typed. */
interface DecisionCall {
  ctx: Parameters<Parameters<(typeof portalProcedure)['mutation']>[0]>[0]['ctx'];
  input: { id: number; name: string; reason?: string | null };
}

/** Accepting and declining a document of this kind: one call but for the decision. */
function decisionsOn(kind: 'estimate' | 'proposal') {
  const decide =
    (decided: 'accepted' | 'declined') =>
    ({ ctx, input }: DecisionCall) =>
      portal.decide(ctx.db, ctx.portal, kind, input.id, decision(ctx, decided, input), ctx.jobs);
  const decisionProcedure = portalProcedure.output(PortalDecisionSchema);
  return {
    accept: decisionProcedure.input(PortalAcceptSchema).mutation(decide('accepted')),
    decline: decisionProcedure.input(PortalDeclineSchema).mutation(decide('declined')),
  };
}
const estimateDecisions = decisionsOn('estimate');
const proposalDecisions = decisionsOn('proposal');

function fromWhere(ctx: Context) {
  const { ipAddress, userAgent } = clientInfo(ctx);
  return { ip: ipAddress, userAgent };
}

const FileSchema = z.object({
  filename: z.string(),
  content: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
});

export const portalRouter = router({
  // The workspace side.
  clients: workspaceProcedure
    .input(PortalClientListQuerySchema.prefault({}))
    .output(pageOf(PortalClientSchema))
    .query(({ ctx, input }) => portal.listPortalClients(ctx.db, ctx.workspace.id, input)),
  linkState: rowQuery(workspaceProcedure, PortalLinkStateSchema, portal.linkState),
  createLink: linkManagerProcedure
    .input(z.object({ id: IdSchema }))
    .output(PortalLinkCreatedSchema)
    .mutation(({ ctx, input }) => portal.rotateLink(ctx, ctx.config.appUrl, input.id)),
  revokeLinks: rowMutation(linkManagerProcedure, SuccessSchema, portal.revokeLinks),

  // The client side: the token is the only credential.
  view: portalProcedure
    .output(PortalViewSchema)
    .query(({ ctx, input }) => portal.portalView(ctx.db, ctx.portal, input.token)),
  invoice: portalProcedure
    .input(PortalDocumentInputSchema)
    .output(PortalInvoiceDetailSchema)
    .query(({ ctx, input }) =>
      portal.portalInvoice(ctx.db, ctx.portal, input.id, ctx.jobs, ctx.config),
    ),
  // Pay now (issue 42): a Stripe Checkout for the balance, or a part of it.
  checkout: portalProcedure
    .input(PortalCheckoutInputSchema)
    .output(PortalCheckoutSchema)
    .mutation(({ ctx, input }) =>
      portalCheckout(ctx.db, ctx.config, ctx.portal, input.token, input),
    ),
  invoicePdf: portalProcedure
    .input(PortalDocumentInputSchema)
    .output(FileSchema)
    .query(({ ctx, input }) => portal.portalInvoicePdf(ctx.db, ctx.portal, input.id, ctx.jobs)),
  creditNotePdf: portalProcedure
    .input(PortalDocumentInputSchema)
    .output(FileSchema)
    .query(({ ctx, input }) => portal.portalCreditNotePdf(ctx.db, ctx.portal, input.id)),
  invoiceEinvoice: portalProcedure
    .input(PortalDocumentInputSchema.extend({ format: EinvoiceDownloadInputSchema.shape.format }))
    .output(XmlFileSchema)
    .query(({ ctx, input }) =>
      portal.portalInvoiceEinvoice(ctx.db, ctx.portal, input.id, input.format),
    ),
  creditNoteEinvoice: portalProcedure
    .input(PortalDocumentInputSchema.extend({ format: EinvoiceDownloadInputSchema.shape.format }))
    .output(XmlFileSchema)
    .query(({ ctx, input }) =>
      portal.portalCreditNoteEinvoice(ctx.db, ctx.portal, input.id, input.format),
    ),
  estimatePdf: portalProcedure
    .input(PortalDocumentInputSchema)
    .output(FileSchema)
    .query(({ ctx, input }) => portal.portalEstimatePdf(ctx.db, ctx.portal, input.id)),
  acceptEstimate: estimateDecisions.accept,
  declineEstimate: estimateDecisions.decline,
  viewProposal: portalProcedure
    .input(PortalDocumentInputSchema)
    .output(SuccessSchema)
    .mutation(({ ctx, input }) => portal.portalProposalViewed(ctx.db, ctx.portal, input.id)),
  acceptProposal: proposalDecisions.accept,
  declineProposal: proposalDecisions.decline,
  // Contracts: read (the first opening marks it viewed), signed or declined by the client.
  contractPdf: portalProcedure
    .input(PortalDocumentInputSchema)
    .output(FileSchema)
    .query(({ ctx, input }) =>
      portalContractPdf(ctx.db, ctx.portal, input.id, ctx.config.sessionSecret),
    ),
  contract: portalProcedure
    .input(PortalDocumentInputSchema)
    .output(PortalContractSchema)
    .query(({ ctx, input }) =>
      contracts.portalContract(ctx.db, ctx.jobs, ctx.portal, input.id, fromWhere(ctx)),
    ),
  signContract: portalProcedure
    .input(PortalSignSchema)
    .output(PortalContractSchema)
    .mutation(({ ctx, input }) =>
      contracts.portalSign(ctx.db, ctx.jobs, ctx.portal, input, fromWhere(ctx)),
    ),
  declineContract: portalProcedure
    .input(PortalContractDeclineSchema)
    .output(PortalContractSchema)
    .mutation(({ ctx, input }) =>
      contracts.portalDecline(ctx.db, ctx.jobs, ctx.portal, input, fromWhere(ctx)),
    ),
  logo: portalProcedure
    .output(z.object({ contentType: z.string(), content: FileSchema.shape.content }))
    .query(async ({ ctx }) => {
      const logo = await portal.findPortalLogo(ctx.db, ctx.portal.workspaceId);
      if (!logo) throw portal.portalNotFound();
      return { contentType: logo.contentType, content: new Uint8Array(logo.data) };
    }),
});
