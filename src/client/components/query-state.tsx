import {
  Alert,
  Button,
  Center,
  Loader,
  type MantineSize,
  type MantineSpacing,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DeferredRender } from './deferred-render.tsx';

/** "{title}" in red with a retry: what a failed query leaves in its place. */
export function QueryError({
  title,
  onRetry,
  margin,
  maw,
}: {
  title: string;
  onRetry: () => void;
  margin?: MantineSpacing;
  maw?: number;
}) {
  return (
    <Alert m={margin} maw={maw} color="red" icon={<IconAlertTriangle size={18} />} title={title}>
      <Button size="xs" variant="light" color="red" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

/** "Loading {what}": the spinner a screen shows in place of what its data draws. */
export function QueryLoader({
  what,
  py = 56,
  size,
}: {
  what: string;
  py?: MantineSpacing;
  size?: MantineSize;
}) {
  return (
    <Center py={py}>
      <Loader size={size} aria-label={`Loading ${what}`} />
    </Center>
  );
}

/**
 * What a screen shows while its query loads, or when it failed: a named loader, or
 * "{What} could not be loaded" with a retry. Its children once the query succeeded.
 */
export function QueryState({
  status,
  what,
  onRetry,
  loaderPy = 56,
  loaderSize,
  alertMargin,
  alertMaw,
  errorTitle,
  children,
}: {
  status: 'pending' | 'error' | 'success';
  /** Lower case, as in "Loading {what}": "contacts", "account". */
  what: string;
  onRetry: () => void;
  loaderPy?: MantineSpacing;
  loaderSize?: MantineSize;
  alertMargin?: MantineSpacing;
  alertMaw?: number;
  /** Instead of "{What} could not be loaded". */
  errorTitle?: string;
  children?: ReactNode;
}) {
  const loader = <QueryLoader what={what} py={loaderPy} size={loaderSize} />;
  if (status === 'pending') return loader;
  if (status === 'error') {
    return (
      <QueryError
        margin={alertMargin}
        maw={alertMaw}
        title={errorTitle ?? `${what[0]!.toUpperCase()}${what.slice(1)} could not be loaded`}
        onRetry={onRetry}
      />
    );
  }
  // The loader stays while what the data draws renders in slices.
  return <DeferredRender fallback={loader}>{children}</DeferredRender>;
}

/**
 * A query's data handed to `children` once there is some (kept while a refetch runs or
 * fails); until then QueryState's loader or error.
 */
export function QueryData<T>({
  query,
  children,
  ...state
}: {
  query: { status: 'pending' | 'error' | 'success'; data: T | undefined; refetch: () => unknown };
  children: (data: T) => ReactNode;
} & Omit<Parameters<typeof QueryState>[0], 'status' | 'onRetry' | 'children'>) {
  if (query.data !== undefined) return children(query.data);
  return <QueryState status={query.status} onRetry={() => void query.refetch()} {...state} />;
}
