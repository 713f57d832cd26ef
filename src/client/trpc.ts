import { QueryClient } from '@tanstack/react-query';
import { TRPCClientError, httpBatchLink } from '@trpc/client';
import { createTRPCReact, type inferReactQueryProcedureOptions } from '@trpc/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../server/trpc/router.ts';

export const trpc = createTRPCReact<AppRouter>();

export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type ReactQueryOptions = inferReactQueryProcedureOptions<AppRouter>;

/** React Query defaults of SPEC §7: no retries, no refetch on focus, never stale by itself. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
