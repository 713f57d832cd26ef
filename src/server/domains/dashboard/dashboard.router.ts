import { DashboardStatsSchema, FinancialOverviewSchema } from '../../../shared/dashboard.schema.ts';
import { router, workspaceProcedure } from '../../trpc/init.ts';
import * as repo from './dashboard.repository.ts';

export const dashboardRouter = router({
  stats: workspaceProcedure
    .output(DashboardStatsSchema)
    .query(({ ctx }) => repo.dashboardStats(ctx.db, ctx.workspace.id)),
  financialOverview: workspaceProcedure
    .output(FinancialOverviewSchema)
    .query(({ ctx }) => repo.financialOverview(ctx.db, ctx.workspace.id)),
});
