import { Alert, Button, Center, Loader, type MantineSpacing } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * What a screen shows while its query loads, or when it failed: a named loader, or
 * "{What} could not be loaded" with a retry. Its children once the query succeeded.
 */
export function QueryState({
  status,
  what,
  onRetry,
  loaderPy = 56,
  alertMargin,
  alertMaw,
  errorTitle,
  children,
}: {
  status: 'pending' | 'error' | 'success';
  /** Lower case, as in "Loading {what}": "contacts", "account". */
  what: string;
  onRetry: () => void;
  loaderPy?: number;
  alertMargin?: MantineSpacing;
  alertMaw?: number;
  /** Instead of "{What} could not be loaded". */
  errorTitle?: string;
  children?: ReactNode;
}) {
  if (status === 'pending') {
    return (
      <Center py={loaderPy}>
        <Loader aria-label={`Loading ${what}`} />
      </Center>
    );
  }
  if (status === 'error') {
    return (
      <Alert
        m={alertMargin}
        maw={alertMaw}
        color="red"
        icon={<IconAlertTriangle size={18} />}
        title={errorTitle ?? `${what[0]!.toUpperCase()}${what.slice(1)} could not be loaded`}
      >
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Alert>
    );
  }
  return children;
}
