import { Divider, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Icon } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { QueryState } from '../../components/query-state.tsx';

/**
 * The rows of an account card that lists things (signed-in devices, API tokens): the
 * query's loading or failed state, a line when there are none, or one row per item (an
 * icon, its name with what stands beside it, a line of details, and its button), divided.
 */
export function AccountRows<T extends { id: number | string }>({
  query,
  what,
  none,
  icon,
  name,
  details,
  action,
}: {
  query: UseQueryResult<T[], unknown>;
  /** As in 'Loading {what}'. */
  what: string;
  none?: string;
  icon: (item: T) => Icon;
  /** The row's first line: its name and any badge beside it. */
  name: (item: T) => ReactNode;
  details: (item: T) => ReactNode;
  action: (item: T) => ReactNode;
}) {
  if (query.status !== 'success') {
    return (
      <QueryState
        status={query.status}
        what={what}
        onRetry={() => void query.refetch()}
        loaderPy={20}
      />
    );
  }
  if (query.data.length === 0 && none) {
    return (
      <Text size="sm" c="dimmed" ta="center" py="md">
        {none}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {query.data.map((item, index) => {
        const ItemIcon = icon(item);
        return (
          <Fragment key={item.id}>
            {index > 0 && <Divider />}
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <ThemeIcon variant="default" size={40} radius="md">
                  <ItemIcon size={20} stroke={1.6} />
                </ThemeIcon>
                <Stack gap={2} miw={0}>
                  {name(item)}
                  {details(item)}
                </Stack>
              </Group>
              {action(item)}
            </Group>
          </Fragment>
        );
      })}
    </Stack>
  );
}
