import {
  CapacityInputSchema,
  CapacityResultSchema,
  ResourcingQuerySchema,
  ResourcingSchema,
} from '../../../shared/resourcing.schema.ts';
import { RESOURCE_PLANNERS } from '../../../shared/roles.ts';
import { requireRole, router, workspaceProcedure } from '../../trpc/init.ts';
import * as resourcing from './resourcing.service.ts';

export const resourcingRouter = router({
  /** Every member may read it: planners see the team, others their own weeks. */
  get: workspaceProcedure
    .input(ResourcingQuerySchema.prefault({}))
    .output(ResourcingSchema)
    .query(({ ctx, input }) => resourcing.getResourcing(ctx, input)),
  setCapacity: requireRole(...RESOURCE_PLANNERS)
    .input(CapacityInputSchema)
    .output(CapacityResultSchema)
    .mutation(({ ctx, input }) => resourcing.setCapacity(ctx, input.id, input.capacityHours)),
});
