import { z } from 'zod';
import {
  IncomeQuerySchema,
  IncomeReportSchema,
  ProfitabilityQuerySchema,
  ProfitabilityReportSchema,
  UtilisationQuerySchema,
  UtilisationReportSchema,
} from '../../../shared/reports.schema.ts';
import { BILLING_MANAGERS } from '../../../shared/roles.ts';
import type { RowExport } from '../../db/export-batches.ts';
import type { WorkspaceScope } from '../../trpc/context.ts';
import { fromReplica, requireRole, router, workspaceProcedure } from '../../trpc/init.ts';
import { incomeCsv, profitabilityCsv, utilisationCsv } from './reports.export.ts';
import * as reports from './reports.service.ts';

/**
 * Profitability shows what time cost (cost rates): only those who may see cost rates
 * (cost-visibility.ts, the billing managers) read it; collaborators are refused.
 */
const costProcedure = requireRole(...BILLING_MANAGERS);

/**
 * A report and its CSV export: the same query (its defaults filled in), read by the same
 * roles, the export being the report's rows as CSV. Both are heavy reads: from the read
 * replica when there is one (db/replica.ts).
 */
function reportAndExport<Q extends z.ZodType, R>(
  procedure: typeof workspaceProcedure,
  query: Q,
  output: z.ZodType<R>,
  report: (scope: WorkspaceScope, query: z.output<Q>) => Promise<R>,
  csv: (report: R) => RowExport,
) {
  // tRPC types a parsed input through a condition it cannot settle for a schema not known
  // yet; the signature above ties the report to the query the caller passes.
  return {
    read: procedure
      .use(fromReplica)
      .input(query)
      .output(output)
      .query(({ ctx, input }) => report(ctx, input as z.output<Q>)),
    export: procedure
      .use(fromReplica)
      .input(query)
      .query(async ({ ctx, input }) => csv(await report(ctx, input as z.output<Q>))),
  };
}

const income = reportAndExport(
  workspaceProcedure,
  IncomeQuerySchema.prefault({}),
  IncomeReportSchema,
  reports.incomeReport,
  incomeCsv,
);
const profitability = reportAndExport(
  costProcedure,
  ProfitabilityQuerySchema.prefault({}),
  ProfitabilityReportSchema,
  reports.profitabilityReport,
  profitabilityCsv,
);
const utilisation = reportAndExport(
  workspaceProcedure,
  UtilisationQuerySchema.prefault({}),
  UtilisationReportSchema,
  reports.utilisationReport,
  utilisationCsv,
);

export const reportsRouter = router({
  /** Every member reads income, as every member reads invoices and their payments. */
  income: income.read,
  incomeExport: income.export,
  profitability: profitability.read,
  profitabilityExport: profitability.export,
  /** Every member: planners see the team, others their own line. */
  utilisation: utilisation.read,
  utilisationExport: utilisation.export,
});
