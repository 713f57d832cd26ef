import { Button, Center, EmptyState } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ErrorComponentProps } from '@tanstack/react-router';

/** What browsers say when a lazily loaded chunk is gone (a new version was deployed). */
const STALE_CHUNK = /dynamically imported module|Importing a module script failed|module script/i;

/**
 * Shown when a route fails to render, instead of a blank page. The usual cause is a page's
 * code that can no longer be fetched after an update, which a reload fixes.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const stale = STALE_CHUNK.test(error instanceof Error ? error.message : String(error));
  return (
    <Center mih="60dvh" p="md">
      <EmptyState
        variant="light"
        color={stale ? 'indigo' : 'red'}
        icon={<IconAlertTriangle size={26} stroke={1.5} />}
        title={stale ? 'Keel has been updated' : 'Something went wrong'}
        description={
          stale
            ? 'Reload the page to get the latest version.'
            : 'This page could not be shown. Reloading usually helps.'
        }
      >
        <EmptyState.Actions>
          <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
            Reload
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Center>
  );
}
