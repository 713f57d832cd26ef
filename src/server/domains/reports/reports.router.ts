import {
  IncomeQuerySchema,
  IncomeReportSchema,
  ProfitabilityQuerySchema,
  ProfitabilityReportSchema,
  UtilisationQuerySchema,
  UtilisationReportSchema,
} from '../../../shared/reports.schema.ts';
import { BILLING_MANAGERS } from '../../../shared/roles.ts';
import { requireRole, router, workspaceProcedure } from '../../trpc/init.ts';
import { incomeCsv, profitabilityCsv, utilisationCsv } from './reports.export.ts';
import * as reports from './reports.service.ts';

/**
 * Profitability shows what time cost (cost rates): only those who may see cost rates
 * (cost-visibility.ts, the billing managers) read it; collaborators are refused.
 */
const costProcedure = requireRole(...BILLING_MANAGERS);

export const reportsRouter = router({
  /** Every member reads income, as every member reads invoices and their payments. */
  income: workspaceProcedure
    .input(IncomeQuerySchema.prefault({}))
    .output(IncomeReportSchema)
    .query(({ ctx, input }) => reports.incomeReport(ctx, input)),
  incomeExport: workspaceProcedure
    .input(IncomeQuerySchema.prefault({}))
    .query(async ({ ctx, input }) => incomeCsv(await reports.incomeReport(ctx, input))),
  profitability: costProcedure
    .input(ProfitabilityQuerySchema.prefault({}))
    .output(ProfitabilityReportSchema)
    .query(({ ctx, input }) => reports.profitabilityReport(ctx, input)),
  profitabilityExport: costProcedure
    .input(ProfitabilityQuerySchema.prefault({}))
    .query(async ({ ctx, input }) =>
      profitabilityCsv(await reports.profitabilityReport(ctx, input)),
    ),
  /** Every member: planners see the team, others their own line. */
  utilisation: workspaceProcedure
    .input(UtilisationQuerySchema.prefault({}))
    .output(UtilisationReportSchema)
    .query(({ ctx, input }) => reports.utilisationReport(ctx, input)),
  utilisationExport: workspaceProcedure
    .input(UtilisationQuerySchema.prefault({}))
    .query(async ({ ctx, input }) => utilisationCsv(await reports.utilisationReport(ctx, input))),
});
