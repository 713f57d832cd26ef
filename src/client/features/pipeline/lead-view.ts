import { showDay } from '../../components/display-preferences.tsx';
import { multiplyAmounts, sumAmounts } from '../../../shared/invoice-math.ts';
import type { Lead, Stage } from '../../../shared/pipeline.schema.ts';

/** What the board and the list view show: the deals (searched and sorted) in their stages. */
export interface LeadViewProps {
  stages: readonly Stage[];
  leads: readonly Lead[];
  /** A deal was clicked, or Enter pressed on it: open it for editing. */
  onOpen: (lead: Lead) => void;
}

export type SortField = 'none' | 'createdAt' | 'closeDate' | 'dealName';
export type SortDirection = 'asc' | 'desc';

/** The toolbar's sort choices (SPEC §2), in the order shown. */
export const SORT_OPTIONS: { value: SortField; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'createdAt', label: 'Creation Date' },
  { value: 'closeDate', label: 'Close Date' },
  { value: 'dealName', label: 'Deal Title' },
];

/**
 * SPEC §5: case-insensitive over company name, person name, person email and deal name.
 * Done on the client because the board already holds every deal of the workspace: the
 * result is instant and the optimistic drag keeps working on a single cached list.
 */
export function filterLeads(leads: readonly Lead[], search: string): readonly Lead[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return leads;
  return leads.filter((lead) =>
    [lead.dealName, lead.company?.name, lead.person?.fullName, lead.person?.email].some((text) =>
      text?.toLocaleLowerCase().includes(needle),
    ),
  );
}

const titleCollator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/**
 * Sorts a copy; 'none' keeps the server's order (newest first). Deals without a close date
 * go last in both directions: they are the least actionable either way.
 */
export function sortLeads(
  leads: readonly Lead[],
  field: SortField,
  direction: SortDirection,
): readonly Lead[] {
  if (field === 'none') return leads;
  const sign = direction === 'asc' ? 1 : -1;
  return [...leads].sort((a, b) => {
    if (field === 'dealName') return sign * titleCollator.compare(a.dealName, b.dealName);
    if (field === 'createdAt') return sign * a.createdAt.localeCompare(b.createdAt);
    if (a.closeDate === b.closeDate) return 0;
    if (a.closeDate === null) return 1;
    if (b.closeDate === null) return -1;
    return sign * a.closeDate.localeCompare(b.closeDate);
  });
}

/** One list per stage key, every stage present (empty columns included). */
export function groupByStage(
  leads: readonly Lead[],
  stages: readonly Stage[],
): Map<string, Lead[]> {
  const groups = new Map<string, Lead[]>(stages.map((stage) => [stage.key, []]));
  for (const lead of leads) groups.get(lead.stage)?.push(lead);
  return groups;
}

/** Deals per stage key, over the whole (unfiltered) list: stage deletion depends on it. */
export function countByStage(leads: readonly Lead[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const lead of leads) counts.set(lead.stage, (counts.get(lead.stage) ?? 0) + 1);
  return counts;
}

export interface StageSummary {
  count: number;
  /** The deals' values added up, exactly ("1234.50"). */
  total: string;
  /**
   * The forecast's view: each value discounted by its chance of closing, added up exactly
   * and rounded half-up to the cent once, at the end.
   */
  weighted: string;
}

export function summarize(leads: readonly Lead[]): StageSummary {
  // value × probability is exact with two decimals; ÷ 100 happens once, on the sum.
  const percents = leads.map((lead) => multiplyAmounts(lead.value, String(lead.probability), 2));
  return {
    count: leads.length,
    total: sumAmounts(
      leads.map((lead) => lead.value),
      2,
    ),
    weighted: multiplyAmounts(sumAmounts(percents, 2), '0.01', 2),
  };
}

/**
 * Won and lost deals are decided: the board header's pipeline figures leave them out, as
 * a sales forecast would, and show what was won beside them.
 */
export const CLOSED_STAGE_KEYS = new Set(['won', 'lost']);

export interface PipelineSummary {
  open: StageSummary;
  won: StageSummary;
}

export function summarizePipeline(leads: readonly Lead[]): PipelineSummary {
  return {
    open: summarize(leads.filter((lead) => !CLOSED_STAGE_KEYS.has(lead.stage))),
    won: summarize(leads.filter((lead) => lead.stage === 'won')),
  };
}

/** 'yyyy-MM-dd' → 'Mar 05, 2025' (SPEC §2; or the user's format), or null without one. */
export function formatCloseDate(closeDate: string | null): string | null {
  return showDay(closeDate) || null;
}
