import { z } from 'zod';
import {
  RateCardSchema,
  RateInputSchema,
  RateListQuerySchema,
  RateUpdateSchema,
  RepriceInputSchema,
  RepricePreviewSchema,
  RepriceResultSchema,
} from '../../../shared/rates.schema.ts';
import { BILLING_MANAGERS } from '../../../shared/roles.ts';
import { requireRole, router } from '../../trpc/init.ts';
import { rowProcedures } from '../../trpc/row-procedures.ts';
import * as repo from './rates.repository.ts';
import * as rates from './rates.service.ts';

/**
 * Rate cards hold what members cost: those who set the rates time is billed at (the
 * project rate's rule) read and write them; collaborators are refused even the list.
 */
const ratesProcedure = requireRole(...BILLING_MANAGERS);

export const ratesRouter = router({
  list: ratesProcedure
    .input(RateListQuerySchema.prefault({}))
    .output(z.array(RateCardSchema))
    .query(({ ctx, input }) => repo.listRates(ctx.db, ctx.workspace.id, input)),
  ...rowProcedures(
    ratesProcedure,
    { input: RateInputSchema, update: RateUpdateSchema, output: RateCardSchema },
    { create: rates.createRate, update: rates.updateRate, remove: rates.deleteRate },
  ),
  repricePreview: ratesProcedure
    .input(RepriceInputSchema)
    .output(RepricePreviewSchema)
    .mutation(({ ctx, input }) => rates.previewReprice(ctx, input)),
  reprice: ratesProcedure
    .input(RepriceInputSchema)
    .output(RepriceResultSchema)
    .mutation(({ ctx, input }) => rates.reprice(ctx, input)),
});
