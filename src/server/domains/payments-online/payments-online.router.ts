import { z } from 'zod';
import {
  PaymentConnectionTestSchema,
  PaymentSettingsInputSchema,
  PaymentSettingsSchema,
  StripeEventListSchema,
  StripeEventSchema,
} from '../../../shared/payments-online.schema.ts';
import { WORKSPACE_MANAGERS } from '../../../shared/roles.ts';
import { requireRole, router } from '../../trpc/init.ts';
import * as online from './payments-online.service.ts';

/** Stripe's keys and what Stripe sent: owners and administrators only. */
const managerProcedure = requireRole(...WORKSPACE_MANAGERS);

export const paymentsOnlineRouter = router({
  settings: managerProcedure
    .output(PaymentSettingsSchema)
    .query(({ ctx }) => online.getSettings(ctx)),
  updateSettings: managerProcedure
    .input(PaymentSettingsInputSchema)
    .output(PaymentSettingsSchema)
    .mutation(({ ctx, input }) => online.updateSettings(ctx, input, ctx.req.log)),
  testConnection: managerProcedure
    .output(PaymentConnectionTestSchema)
    .mutation(({ ctx }) => online.testConnection(ctx)),
  events: managerProcedure
    .input(StripeEventListSchema.prefault({}))
    .output(z.array(StripeEventSchema))
    .query(({ ctx, input }) => online.listEvents(ctx, input.limit)),
});
