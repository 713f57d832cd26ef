import { QueryCache, QueryClient } from '@tanstack/react-query';
import { TRPCClientError, httpBatchLink } from '@trpc/client';
import {
  createTRPCReact,
  getQueryKey,
  type inferReactQueryProcedureOptions,
} from '@trpc/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../server/trpc/router.ts';
import { NOT_AUTHENTICATED } from '../shared/auth.schema.ts';
import { WORKSPACE_ACCESS_REVOKED } from '../shared/workspace-access.ts';
import { toastInfo } from './components/toasts.tsx';
import { declaredMutations } from './mutations.ts';

export const trpc = createTRPCReact<AppRouter>();

export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type ReactQueryOptions = inferReactQueryProcedureOptions<AppRouter>;

/**
 * A signed-in page whose session ended on the server (idle or absolute timeout, sign-out
 * on another device, password change): every cached answer is dropped and `me` is asked
 * again, whose 401 shows the login screen, instead of leaving the page full of errors.
 */
function endLostSession(queryClient: QueryClient, error: unknown): void {
  if (!isSessionLost(error)) return;
  const meKey = getQueryKey(trpc.auth.me, undefined, 'query');
  if (!queryClient.getQueryData(meKey)) return;
  toastInfo('Your session has expired', 'Please sign in again');
  const meRoot = JSON.stringify(meKey[0]);
  queryClient.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey[0]) !== meRoot });
  void queryClient.resetQueries({ queryKey: meKey });
}

/**
 * A plain request's refusal (an upload's, a download's): the status and the machine `code`
 * of the JSON error body, beside the message a person reads.
 */
export class RequestFailed extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/**
 * The session ended on the server (or a call had none), told by the refusal's code: tRPC's
 * UNAUTHORIZED with the NOT_AUTHENTICATED reason, or a plain request's 401 with that code.
 * A wrong password or code is a 401 too, so the status alone would not do; nor the message.
 */
export function isSessionLost(error: unknown): boolean {
  if (error instanceof RequestFailed)
    return error.status === 401 && error.code === NOT_AUTHENTICATED;
  const data: object | undefined = isApiError(error) ? (error.data ?? undefined) : undefined;
  return (
    !!data &&
    'code' in data &&
    data.code === 'UNAUTHORIZED' &&
    'reason' in data &&
    data.reason === NOT_AUTHENTICATED
  );
}

/** What the app's query client does with a lost session; set by `createQueryClient`. */
let onLostSession: ((error: unknown) => void) | undefined;

/**
 * A plain request (upload, download) is no tRPC call and passes no query cache: its failure
 * is reported here, so that a lost session ends the page as a tRPC call's would.
 */
export function noticeFailedRequest(error: unknown): void {
  onLostSession?.(error);
}

/** The workspace a failed call says the user lost access to (removed or deactivated). */
export function revokedWorkspaceOf(error: unknown): { id: number; name: string } | undefined {
  const data: object | undefined = isApiError(error) ? (error.data ?? undefined) : undefined;
  if (!data || !('reason' in data) || data.reason !== WORKSPACE_ACCESS_REVOKED) return undefined;
  return 'workspace' in data ? (data.workspace as { id: number; name: string }) : undefined;
}

const CURRENT_ROOT = JSON.stringify(getQueryKey(trpc.workspaces.current)[0]);

/**
 * A member removed or deactivated while a page is open: the first call refused for that
 * reason asks the current workspace again, whose refusal the routing gate turns into the
 * "Your access to … was removed" screen (root-gate.tsx), instead of a page of errors.
 */
function showRevokedAccess(queryClient: QueryClient, error: unknown, queryKey?: unknown[]): void {
  if (!revokedWorkspaceOf(error)) return;
  if (queryKey && JSON.stringify(queryKey[0]) === CURRENT_ROOT) return;
  void queryClient.refetchQueries({ queryKey: getQueryKey(trpc.workspaces.current) });
}

/** React Query defaults of SPEC §7: no retries, no refetch on focus, never stale by itself. */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        endLostSession(queryClient, error);
        showRevokedAccess(queryClient, error, query.queryKey as unknown[]);
      },
    }),
    // Toasts and refetches declared by each mutation's meta (mutations.ts).
    mutationCache: declaredMutations(
      () => queryClient,
      (error) => {
        endLostSession(queryClient, error);
        showRevokedAccess(queryClient, error);
      },
    ),
    defaultOptions: {
      queries: {
        retry: false,
        // An error (signed out, no workspace) is an answer: a component that mounts later
        // must not refetch it, or the routing gate would flip back to its spinner.
        retryOnMount: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
  onLostSession = (error) => endLostSession(queryClient, error);
  return queryClient;
}

export function createTrpcClient() {
  return trpc.createClient({
    links: [httpBatchLink({ url: '/trpc' })],
  });
}

export type ApiError = TRPCClientError<AppRouter>;

export function isApiError(error: unknown): error is ApiError {
  return error instanceof TRPCClientError;
}

/** The HTTP status behind a failed call, when the server sent one. */
export function httpStatusOf(error: unknown): number | undefined {
  return isApiError(error) ? error.data?.httpStatus : undefined;
}

/** The server's human message of a failed call ('' for anything else). */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : '';
}
