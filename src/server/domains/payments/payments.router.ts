import {
  PaymentFiltersSchema,
  PaymentListQuerySchema,
  PaymentPageSchema,
} from '../../../shared/payments.schema.ts';
import { fromReplica, heavyProcedure, listProcedure, router } from '../../trpc/init.ts';
import * as repo from './payments.repository.ts';

/** Every member reads the payments, as they read the invoices they were recorded on. */
export const paymentsRouter = router({
  list: listProcedure
    .input(PaymentListQuerySchema.prefault({}))
    .output(PaymentPageSchema)
    .query(({ ctx, input }) => repo.listPayments(ctx.db, ctx.workspace.id, input)),
  export: heavyProcedure
    .use(fromReplica)
    .input(PaymentFiltersSchema.prefault({}))
    .query(({ ctx, input }) => repo.paymentsForExport(ctx.db, ctx.workspace.id, input)),
});
