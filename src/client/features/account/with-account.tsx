import type { ReactNode } from 'react';
import type { Account } from '../../../shared/account.schema.ts';
import { QueryState } from '../../components/query-state.tsx';
import { trpc } from '../../trpc.ts';

/**
 * The signed-in user's account view, loaded once for the cards of /account and /settings
 * (the same data, edited by the same cards on both pages).
 */
export function WithAccount({ children }: { children: (account: Account) => ReactNode }) {
  const profile = trpc.account.profile.useQuery();
  return (
    <QueryState
      status={profile.status}
      what="account"
      onRetry={() => void profile.refetch()}
      loaderPy={80}
      alertMaw={960}
      errorTitle="Your account could not be loaded"
    >
      {profile.data && children(profile.data)}
    </QueryState>
  );
}
