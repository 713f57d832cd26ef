import type {
  IncomeReport,
  ProfitabilityReport,
  UtilisationReport,
} from '../../../shared/reports.schema.ts';
import type { CsvRow } from '../../../shared/csv.ts';
import type { RowExport } from '../../db/export-batches.ts';

/** A report's rows as one export: a report is at most a few thousand rows, read at once. */
function exportOf(columns: readonly string[], rows: CsvRow[]): RowExport {
  return {
    columns,
    batches: async function* () {
      if (rows.length > 0) yield rows;
    },
  };
}

const GROUP_HEADINGS = {
  month: 'Month',
  client: 'Client',
  project: 'Project',
  bankAccount: 'Bank account',
} as const;

/**
 * Income as CSV: one line per group and currency, amounts as exact decimals: Amount as
 * received (tax included), then its Net and Tax parts.
 */
export function incomeCsv(report: IncomeReport): RowExport {
  const group = GROUP_HEADINGS[report.groupBy];
  return exportOf(
    [group, 'Currency', 'Amount', 'Net', 'Tax', 'Payments'],
    report.rows.map((row) => ({
      [group]: row.label,
      Currency: row.currency,
      Amount: row.amount,
      Net: row.net,
      Tax: row.tax,
      Payments: row.paymentCount,
    })),
  );
}

/**
 * Profitability as CSV; Invoiced, Paid and Margin net of tax, the tax on what was invoiced
 * apart; a time cost of another currency than the workspace's is blank.
 */
export function profitabilityCsv(report: ProfitabilityReport): RowExport {
  const group = GROUP_HEADINGS[report.groupBy];
  return exportOf(
    [
      group,
      'Currency',
      'Invoiced',
      'Tax collected',
      'Paid',
      'Hours',
      'Time cost',
      'Expenses',
      'Margin',
      'Margin %',
    ],
    report.rows.map((row) => ({
      [group]: row.label,
      Currency: row.currency,
      Invoiced: row.invoiced,
      'Tax collected': row.taxCollected,
      Paid: row.paid,
      Hours: row.hours,
      'Time cost': row.timeCost,
      Expenses: row.expenses,
      Margin: row.margin,
      'Margin %': row.marginPercent,
    })),
  );
}

/** Utilisation as CSV, one line per member. */
export function utilisationCsv(report: UtilisationReport): RowExport {
  return exportOf(
    ['Member', 'Weekly capacity', 'Capacity', 'Logged hours', 'Billable hours', 'Utilisation %'],
    report.rows.map((row) => ({
      Member: row.fullName,
      'Weekly capacity': row.weeklyCapacityHours,
      Capacity: row.capacityHours,
      'Logged hours': row.loggedHours,
      'Billable hours': row.billableHours,
      'Utilisation %': row.utilisationPercent,
    })),
  );
}
