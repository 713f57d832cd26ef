import {
  BusinessProfileSchema,
  BusinessProfileUpdateSchema,
} from '../../../shared/business.schema.ts';
import { BUSINESS_MANAGERS } from '../../../shared/roles.ts';
import { requireRole, router, workspaceProcedure } from '../../trpc/init.ts';
import * as business from './business.service.ts';

export const businessRouter = router({
  /** Every member reads it: invoices show it. */
  get: workspaceProcedure
    .output(BusinessProfileSchema)
    .query(({ ctx }) => business.getProfile(ctx)),
  update: requireRole(...BUSINESS_MANAGERS)
    .input(BusinessProfileUpdateSchema)
    .output(BusinessProfileSchema)
    .mutation(({ ctx, input }) => business.updateProfile(ctx, input)),
});
