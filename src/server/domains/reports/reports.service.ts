import { TRPCError } from '@trpc/server';
import { subMonths } from 'date-fns';
import { minorDigits } from '../../../shared/currencies.ts';
import { todayIn } from '../../../shared/datetime.ts';
import { fromMinor } from '../../../shared/invoice-math.ts';
import {
  periodProblem,
  type IncomeQuery,
  type IncomeReport,
  type IncomeRow,
  type ProfitabilityQuery,
  type ProfitabilityReport,
  type ProfitabilityRow,
  type ReportPeriod,
  type UtilisationReport,
} from '../../../shared/reports.schema.ts';
import { BILLING_MANAGERS, RESOURCE_PLANNERS, type WorkspaceRole } from '../../../shared/roles.ts';
import type { Database } from '../../db/create-db.ts';
import type { WorkspaceScope } from '../../trpc/context.ts';
import { findProfile } from '../business/business.repository.ts';
import * as repo from './reports.repository.ts';

/**
 * A decimal string (any number of decimals, sign allowed) as an integer of 10^-digits
 * units, rounded half away from zero as PostgreSQL's round() does. Sums of stored amounts
 * already fit their currency; this only guards a stray third decimal.
 */
export function toUnits(value: string, digits: number): bigint {
  const text = value.trim();
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const kept = BigInt(whole + fraction.padEnd(digits, '0').slice(0, digits));
  const roundsUp = (fraction[digits] ?? '0') >= '5';
  const units = roundsUp ? kept + 1n : kept;
  return negative ? -units : units;
}

/** part ÷ whole × 100 with one decimal, rounded half away from zero; null when whole is 0. */
export function percentOf(part: bigint, whole: bigint): string | null {
  if (whole === 0n) return null;
  const scaled = part * 2000n;
  const tenths = scaled / whole;
  const rounded = tenths >= 0n ? (tenths + 1n) / 2n : (tenths - 1n) / 2n;
  return fromMinor(rounded, 1);
}

/** The first day of the month eleven months before `day`'s: a year of whole months. */
function yearOfMonthsBefore(day: string): string {
  const date = subMonths(new Date(`${day.slice(0, 7)}-01T00:00:00Z`), 11);
  return date.toISOString().slice(0, 10);
}

/**
 * The period asked for, its defaults filled in from the workspace's calendar (to: today;
 * from: the start of the year of months ending with `to`'s month), refused when it runs
 * backwards or past the longest span.
 */
export function resolvePeriod(query: ReportPeriod, timezone: string, now = new Date()) {
  const to = query.to ?? todayIn(timezone, now);
  const from = query.from ?? yearOfMonthsBefore(to);
  const problem = periodProblem(from, to);
  if (problem) throw new TRPCError({ code: 'BAD_REQUEST', message: problem });
  return { from, to };
}

/**
 * What every report starts from: the workspace's currency and the period asked for, its
 * defaults taken in the workspace's time zone.
 */
async function reportPeriod(db: Database, workspaceId: number, query: ReportPeriod) {
  const { currency, timezone } = await findProfile(db, workspaceId);
  return { currency, ...resolvePeriod(query, timezone) };
}

/** Monday-to-Friday days from `from` to `to`, inclusive. */
export function workingDaysBetween(from: string, to: string): number {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  const days = Math.round((end - start) / 86_400_000) + 1;
  const weeks = Math.floor(days / 7);
  let count = weeks * 5;
  const firstDay = new Date(start).getUTCDay();
  for (let i = 0; i < days % 7; i++) {
    const day = (firstDay + i) % 7;
    if (day !== 0 && day !== 6) count++;
  }
  return count;
}

const NO_PROJECT = 'No project';
const NO_BANK_LINE = 'Not matched to a bank line';
const CREDIT_NOTES = 'Credit notes';

/** A row's key and label when grouped by bank account. */
function bankAccountGroup(sum: repo.IncomeSumRow): [string, string] {
  if (sum.kind === 'credit_note') return ['credit-notes', CREDIT_NOTES];
  if (sum.bankAccountId == null) return ['bank-account-none', NO_BANK_LINE];
  return [`bank-account-${sum.bankAccountId}`, sum.name ?? ''];
}
const NO_CLIENT = 'No client';

/**
 * Income (issue 23): payments received in the period, per month, client or project and
 * currency, with totals per currency: cash as received, tax included (`amount`), and its
 * net and tax parts (issue 38). By month the months run through the whole period
 * for every currency paid in it (the workspace's when none was), so a chart has no gaps.
 */
export async function incomeReport(
  { db, workspace: { id: workspaceId }, role }: WorkspaceScope,
  query: IncomeQuery,
): Promise<IncomeReport> {
  const { groupBy } = query;
  // Bank accounts are read by those who read the bank (banking.router's BANK_READERS).
  if (groupBy === 'bankAccount' && !(BILLING_MANAGERS as readonly WorkspaceRole[]).includes(role))
    throw new TRPCError({
      code: 'FORBIDDEN',
      message: 'Only those who read the bank accounts see income per bank account',
    });
  const { currency, from, to } = await reportPeriod(db, workspaceId, query);
  const paidIn = await repo.incomeCurrencies(db, workspaceId, from, to);
  const currencies = paidIn.length > 0 ? paidIn : [currency];
  const sums = await repo.incomeSums(db, workspaceId, { from, to, groupBy, currencies });
  const totals = new Map<
    string,
    { units: bigint; net: bigint; tax: bigint; paymentCount: number }
  >();
  for (const c of currencies) totals.set(c, { units: 0n, net: 0n, tax: 0n, paymentCount: 0 });
  const rows: IncomeRow[] = sums.map((sum) => {
    const digits = minorDigits(sum.currency);
    const units = toUnits(sum.amount, digits);
    const net = toUnits(sum.net, digits);
    const tax = toUnits(sum.tax, digits);
    const total = totals.get(sum.currency)!;
    total.units += units;
    total.net += net;
    total.tax += tax;
    total.paymentCount += sum.paymentCount;
    const [key, label] =
      groupBy === 'month'
        ? [sum.month!, sum.month!]
        : groupBy === 'client'
          ? [`client-${sum.clientId}`, sum.name ?? '']
          : groupBy === 'bankAccount'
            ? bankAccountGroup(sum)
            : sum.projectId === null
              ? ['project-none', NO_PROJECT]
              : [`project-${sum.projectId}`, sum.name ?? ''];
    return {
      key,
      label,
      month: sum.month,
      clientId: sum.clientId,
      projectId: sum.projectId,
      bankAccountId: sum.bankAccountId ?? null,
      currency: sum.currency,
      amount: fromMinor(units, digits),
      net: fromMinor(net, digits),
      tax: fromMinor(tax, digits),
      paymentCount: sum.paymentCount,
    };
  });
  return {
    from,
    to,
    groupBy,
    currency,
    rows,
    totals: [...totals].map(([c, t]) => ({
      currency: c,
      amount: fromMinor(t.units, minorDigits(c)),
      net: fromMinor(t.net, minorDigits(c)),
      tax: fromMinor(t.tax, minorDigits(c)),
      paymentCount: t.paymentCount,
    })),
  };
}

interface Figures {
  invoiced: bigint;
  taxCollected: bigint;
  paid: bigint;
  hours: bigint;
  timeCost: bigint | null;
  expenses: bigint;
}

function figuresOut(currency: string, f: Figures) {
  const digits = minorDigits(currency);
  const margin = f.invoiced - (f.timeCost ?? 0n) - f.expenses;
  return {
    currency,
    invoiced: fromMinor(f.invoiced, digits),
    taxCollected: fromMinor(f.taxCollected, digits),
    paid: fromMinor(f.paid, digits),
    hours: fromMinor(f.hours, 2),
    timeCost: f.timeCost === null ? null : fromMinor(f.timeCost, digits),
    expenses: fromMinor(f.expenses, digits),
    margin: fromMinor(margin, digits),
    marginPercent: percentOf(margin, f.invoiced),
  };
}

/**
 * Profitability (issue 23): per project or client and currency, revenue invoiced and paid
 * (net of tax, issue 38: VAT collected is not the business's money, so it is answered apart
 * as taxCollected and takes no part in the margin), the cost of time at the cost rates stored on each entry, expenses, and the margin on what
 * was invoiced. Time is costed in the workspace currency only, so rows of other currencies
 * have no time cost and hours; no figure ever adds two currencies.
 */
export async function profitabilityReport(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  query: ProfitabilityQuery,
): Promise<ProfitabilityReport> {
  const { currency, from, to } = await reportPeriod(db, workspaceId, query);
  const { groupBy } = query;
  const costDigits = minorDigits(currency);
  const sums = await repo.profitabilitySums(db, workspaceId, {
    from,
    to,
    groupBy,
    currency,
    costDigits,
  });
  const totals = new Map<string, Figures>();
  const rows: ProfitabilityRow[] = sums.map((sum) => {
    const digits = minorDigits(sum.currency);
    const own = sum.currency === currency;
    const figures: Figures = {
      invoiced: toUnits(sum.invoiced, digits),
      taxCollected: toUnits(sum.taxCollected, digits),
      paid: toUnits(sum.paid, digits),
      hours: toUnits(sum.hours, 2),
      timeCost: own ? toUnits(sum.timeCost, digits) : null,
      expenses: toUnits(sum.expenses, digits),
    };
    const total = totals.get(sum.currency);
    if (total) {
      total.invoiced += figures.invoiced;
      total.taxCollected += figures.taxCollected;
      total.paid += figures.paid;
      total.hours += figures.hours;
      if (total.timeCost !== null) total.timeCost += figures.timeCost ?? 0n;
      total.expenses += figures.expenses;
    } else totals.set(sum.currency, { ...figures });
    const none = sum.groupId === null;
    return {
      key: `${groupBy}-${none ? 'none' : sum.groupId}`,
      label: none ? (groupBy === 'project' ? NO_PROJECT : NO_CLIENT) : (sum.name ?? ''),
      projectId: groupBy === 'project' ? sum.groupId : null,
      clientId: groupBy === 'client' ? sum.groupId : sum.clientId,
      ...figuresOut(sum.currency, figures),
    };
  });
  const currencies = [...totals.keys()].sort((a, b) =>
    a === currency ? -1 : b === currency ? 1 : a.localeCompare(b),
  );
  return {
    from,
    to,
    groupBy,
    currency,
    rows,
    totals: currencies.map((c) => figuresOut(c, totals.get(c)!)),
  };
}

const isPlanner = (role: WorkspaceRole) =>
  (RESOURCE_PLANNERS as readonly WorkspaceRole[]).includes(role);

/**
 * Utilisation (issue 23): per active member, billable hours against capacity. Capacity is
 * the weekly capacity prorated by working days (Monday to Friday, holidays not known);
 * billable means a billable rate above 0, since time has no billable flag. Planners
 * (RESOURCE_PLANNERS) see every member, others their own line, as on the resourcing page.
 */
export async function utilisationReport(
  { db, workspace: { id: workspaceId }, user, role }: WorkspaceScope,
  query: ReportPeriod,
): Promise<UtilisationReport> {
  const { from, to } = await reportPeriod(db, workspaceId, query);
  const workingDays = workingDaysBetween(from, to);
  const rows = await repo.utilisationSums(db, workspaceId, {
    from,
    to,
    workingDays,
    ...(isPlanner(role) ? {} : { onlyUserId: user.id }),
  });
  return { from, to, workingDays, rows };
}
