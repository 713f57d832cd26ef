import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { formatMoney } from '../../shared/money.ts';
import { trpc } from '../trpc.ts';
import { QueryData } from './query-state.tsx';

const WorkspaceCurrency = createContext<string | undefined>(undefined);

/**
 * Provides the workspace currency (Settings → Business), which rates, deals, projects and
 * the dashboard's figures are in, to every page of the shell: one query, read through
 * context, so a board of a thousand cards does not hold a thousand query observers.
 */
export function WorkspaceCurrencyProvider({ children }: { children: ReactNode }) {
  const currency = trpc.business.get.useQuery(undefined, { staleTime: Infinity }).data?.currency;
  return <WorkspaceCurrency.Provider value={currency}>{children}</WorkspaceCurrency.Provider>;
}

export function useWorkspaceCurrency(): string | undefined {
  return useContext(WorkspaceCurrency);
}

/**
 * Its children with the workspace currency once it is known, a loader until then (or the
 * error with a retry): a form that starts in the workspace's currency never starts in one
 * it guessed while the currency loads.
 */
export function WithWorkspaceCurrency({ children }: { children: (currency: string) => ReactNode }) {
  // The provider's query (same key), whose status tells loading from failed.
  const profile = trpc.business.get.useQuery(undefined, { staleTime: Infinity });
  return (
    <QueryData query={profile} what="the workspace's currency" loaderPy="md">
      {(p) => children(p.currency)}
    </QueryData>
  );
}

/**
 * Formats an amount of the workspace in its currency. Until the currency is known the
 * amount shows without a symbol rather than in a currency it may not be in.
 */
export function useMoney(): (amount: string | number) => string {
  const currency = useWorkspaceCurrency();
  return useCallback(
    (amount: string | number) =>
      currency
        ? formatMoney(amount, currency)
        : new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(Number(amount)),
    [currency],
  );
}

/** The symbol of a currency as amounts show it ("$", "€", "CHF"), for input prefixes. */
export function currencySymbol(currency: string): string {
  return (
    new Intl.NumberFormat('en-US', { style: 'currency', currency })
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? currency
  );
}

/** The workspace currency's symbol, followed by a space when it is a code ("CHF "). */
export function useCurrencyPrefix(): string | undefined {
  const currency = useWorkspaceCurrency();
  if (!currency) return undefined;
  const symbol = currencySymbol(currency);
  return /^[A-Za-z]+$/.test(symbol) ? `${symbol} ` : symbol;
}
