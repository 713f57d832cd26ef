import {
  DashboardStatsSchema,
  FinancialOverviewQuerySchema,
  FinancialOverviewSchema,
} from '../../../shared/dashboard.schema.ts';
import { WEEK_START_DAY } from '../../../shared/datetime.ts';
import { router, workspaceProcedure } from '../../trpc/init.ts';
import { findDisplayPreferences } from '../account/account.repository.ts';
import * as repo from './dashboard.repository.ts';

export const dashboardRouter = router({
  stats: workspaceProcedure.output(DashboardStatsSchema).query(async ({ ctx }) => {
    const { weekStart } = await findDisplayPreferences(ctx.db, ctx.user.id);
    return repo.dashboardStats(ctx.db, ctx.workspace.id, WEEK_START_DAY[weekStart]);
  }),
  financialOverview: workspaceProcedure
    .input(FinancialOverviewQuerySchema.prefault({}))
    .output(FinancialOverviewSchema)
    .query(({ ctx, input }) => repo.financialOverview(ctx.db, ctx.workspace.id, input)),
});
