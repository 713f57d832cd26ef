import { MutationCache, type Mutation, type QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { toastError, toastSuccess } from './components/toasts.tsx';
import { messageOf } from './trpc.ts';

/** A toast's text: its title, or its title and message. */
export type ToastText = string | readonly [title: string, message?: string];

/** A tRPC procedure or router of `trpc`, whose cached answers a mutation makes stale. */
type CachedReads = Parameters<typeof getQueryKey>[0];

/**
 * What a mutation declares instead of wrapping its call in try/catch: the toast after
 * success, the toast after failure, and the reads it makes stale (refetched before the
 * success toast, so that the screen already shows the change when it is announced).
 *
 * Each may depend on the result, the input or the error: a function's parameters are
 * typed by the feature (`(person: Person) => …`); `never` lets any such function in.
 * A function answering undefined shows no toast.
 */
// A type, not an interface: TanStack Query uses a registered meta only if it extends
// Record<string, unknown>, which an interface never does.
export type MutationMeta = {
  success?: ToastText | ((data: never, variables: never) => ToastText | undefined);
  error?: ToastText | ((error: unknown, variables: never) => ToastText | undefined);
  invalidates?:
    readonly CachedReads[] | ((data: never, variables: never) => readonly CachedReads[]);
};

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationMeta;
  }
}

/** An error toast: the title, with the server's message (when it sent one) below it. */
export function withServerMessage(title: string) {
  return (error: unknown): ToastText => [title, messageOf(error) || undefined];
}

type Declared<T> = T | ((first: unknown, second: unknown) => T | undefined);

function resolve<T>(declared: Declared<T> | undefined, first: unknown, second: unknown) {
  return typeof declared === 'function'
    ? (declared as (first: unknown, second: unknown) => T | undefined)(first, second)
    : declared;
}

function show(tone: 'success' | 'error', text: ToastText | undefined) {
  if (text === undefined) return;
  const [title, message] = typeof text === 'string' ? [text] : text;
  (tone === 'success' ? toastSuccess : toastError)(title, message);
}

type AnyMutation = Mutation<unknown, unknown, unknown, unknown>;

/**
 * The one place that shows mutation toasts and refetches what they made stale, from each
 * mutation's `meta`. A failed `mutateAsync` still rejects: callers that only need to know
 * whether it worked use `succeeded`.
 */
export function declaredMutations(
  queryClient: () => QueryClient,
  onError: (error: unknown) => void,
): MutationCache {
  return new MutationCache({
    onSuccess: async (data, variables, _context, mutation: AnyMutation) => {
      const meta = mutation.meta;
      if (!meta) return;
      const stale = resolve(meta.invalidates as Declared<readonly CachedReads[]>, data, variables);
      await Promise.all(
        (stale ?? []).map(async (reads) => {
          const queryKey = getQueryKey(reads);
          // A read already on its way may have left before this change was made, and an
          // invalidation joins a first fetch in flight instead of starting another: such a
          // page kept the old answer (a search typed just before a suspend showed the
          // workspace Active). Cancelled first, the refetch starts after the change.
          await queryClient().cancelQueries({ queryKey });
          await queryClient().invalidateQueries({ queryKey });
        }),
      );
      show('success', resolve(meta.success as Declared<ToastText>, data, variables));
    },
    onError: (error, variables, _context, mutation: AnyMutation) => {
      onError(error);
      show('error', resolve(mutation.meta?.error as Declared<ToastText>, error, variables));
    },
  });
}

/**
 * The result of a declared mutation's call, or undefined when it failed: the failure has
 * had its toast already, and the caller (a dialog deciding whether to close) needs no more.
 */
export async function succeeded<T>(call: Promise<T>): Promise<T | undefined> {
  try {
    return await call;
  } catch {
    return undefined;
  }
}
