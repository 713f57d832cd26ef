import {
  DashboardStatsSchema,
  FinancialOverviewQuerySchema,
  FinancialOverviewSchema,
} from '../../../shared/dashboard.schema.ts';
import { WEEK_START_DAY } from '../../../shared/datetime.ts';
import { fromReplica, router, workspaceProcedure } from '../../trpc/init.ts';
import { findDisplayPreferences } from '../account/account.repository.ts';
import { awaitingSignature } from '../contracts/contracts.repository.ts';
import * as repo from './dashboard.repository.ts';

export const dashboardRouter = router({
  stats: workspaceProcedure.output(DashboardStatsSchema).query(async ({ ctx }) => {
    const { weekStart } = await findDisplayPreferences(ctx.db, ctx.user.id);
    const stats = await repo.dashboardStats(ctx.db, ctx.workspace.id, WEEK_START_DAY[weekStart]);
    const awaiting = await awaitingSignature(ctx.db, ctx.workspace.id, 5);
    return {
      ...stats,
      contractsAwaitingSignature: {
        count: awaiting.count,
        items: awaiting.items.map((c) => ({
          id: c.id,
          title: c.title,
          clientName: c.clientName,
          status: c.status as 'sent' | 'viewed',
          sentAt: c.sentAt,
          expiresAt: c.expiresAt,
        })),
      },
    };
  }),
  /** A heavy read: from the read replica when there is one (db/replica.ts). */
  financialOverview: workspaceProcedure
    .use(fromReplica)
    .input(FinancialOverviewQuerySchema.prefault({}))
    .output(FinancialOverviewSchema)
    .query(({ ctx, input }) => repo.financialOverview(ctx.db, ctx.workspace.id, input)),
});
