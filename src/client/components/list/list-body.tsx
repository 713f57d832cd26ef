import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyStateCard } from '../empty-state-card.tsx';
import { QueryState } from '../query-state.tsx';

/**
 * What a card grid shows instead of its cards: a loader, an error with a retry, or the
 * empty state (inviting the first item, or suggesting another search).
 */
export function ListBody({
  status,
  isEmpty,
  filtering,
  noun,
  icon,
  emptyHint,
  createLabel,
  onCreate,
  onRetry,
  children,
}: {
  status: 'pending' | 'error' | 'success';
  isEmpty: boolean;
  filtering: boolean;
  /** Plural, lower case: "projects". */
  noun: string;
  icon: ReactNode;
  emptyHint: string;
  createLabel?: string;
  /** No create button in the empty state without it (e.g. a role that may not create). */
  onCreate?: () => void;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (status !== 'success') {
    return <QueryState status={status} what={noun} onRetry={onRetry} />;
  }
  if (isEmpty) {
    return (
      <EmptyStateCard
        icon={icon}
        title={filtering ? `No ${noun} found` : `No ${noun} yet`}
        description={filtering ? 'Try adjusting your search or filter.' : emptyHint}
      >
        {!filtering && onCreate && createLabel && (
          <Button mt="md" leftSection={<IconPlus size={16} />} onClick={onCreate}>
            {createLabel}
          </Button>
        )}
      </EmptyStateCard>
    );
  }
  return children;
}
