import { Anchor, Divider, EmptyState, Group, Stack, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Fragment, type Key, type ReactNode } from 'react';
import type { AppPath } from './app-shell/navigation.ts';
import { QueryState } from './query-state.tsx';
import { RegionCard } from './section-card.tsx';

/**
 * A titled card of a query's latest few items, one row each between dividers, with
 * "View all" to their page: the dashboard's upcoming invoices, the recent time entries.
 * While loading a small named loader; when empty a light empty state.
 */
export function RecentItemsCard<T extends { id: Key }>({
  title,
  viewAll,
  query,
  what,
  errorTitle,
  empty,
  renderItem,
}: {
  title: string;
  viewAll?: AppPath;
  query: {
    status: 'pending' | 'error' | 'success';
    data?: { items: T[] };
    refetch: () => unknown;
  };
  /** Lower case, as in "Loading {what}". */
  what: string;
  errorTitle: string;
  empty: { icon: ReactNode; title: string; description: string };
  renderItem: (item: T) => ReactNode;
}) {
  const items = query.data?.items ?? [];
  return (
    <RegionCard label={title} p="lg">
      <Group justify="space-between" mb="xs">
        <Title order={3} fz="lg">
          {title}
        </Title>
        {viewAll && (
          <Anchor component={Link} to={viewAll} size="sm">
            View all
          </Anchor>
        )}
      </Group>
      <QueryState
        status={query.status}
        what={what}
        errorTitle={errorTitle}
        onRetry={() => void query.refetch()}
        loaderPy="xl"
        loaderSize="sm"
      >
        {items.length === 0 ? (
          <EmptyState py="lg" size="sm" variant="light" {...empty} />
        ) : (
          <Stack gap={0}>
            {items.map((item, index) => (
              <Fragment key={item.id}>
                {index > 0 && <Divider />}
                {renderItem(item)}
              </Fragment>
            ))}
          </Stack>
        )}
      </QueryState>
    </RegionCard>
  );
}
