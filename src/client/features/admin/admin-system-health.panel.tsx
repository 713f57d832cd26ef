import { ActionIcon, Badge, Group, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { AdminPanel } from './admin-panel.tsx';
import { IconRefresh } from '@tabler/icons-react';
import { showTime } from '../../components/display-preferences.tsx';
import type { ReactNode } from 'react';
import type { RouterOutputs } from '../../trpc.ts';
import { formatBytes, formatCount, formatUptime } from './admin-format.ts';

type Health = RouterOutputs['admin']['dashboard']['health'];

type Level = 'good' | 'warn' | 'bad';
const LEVEL_COLORS: Record<Level, string> = { good: 'teal', warn: 'yellow', bad: 'red' };

/** Thresholds an operator would page on: a database answering `select 1` slowly is ill. */
function databaseLevel(ms: number): { level: Level; label: string } {
  if (ms < 100) return { level: 'good', label: 'Healthy' };
  if (ms < 1000) return { level: 'warn', label: 'Slow' };
  return { level: 'bad', label: 'Degraded' };
}

function errorLevel(percent: number): Level {
  if (percent < 1) return 'good';
  return percent < 5 ? 'warn' : 'bad';
}

function Row({ label, value, detail }: { label: string; value: ReactNode; detail?: string }) {
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      py={10}
      gap="sm"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={0} miw={0}>
        <Text size="sm">{label}</Text>
        {detail && (
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        )}
      </Stack>
      {value}
    </Group>
  );
}

function Value({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
      {children}
    </Text>
  );
}

/**
 * SPEC §2's System Health panel, measured by the server on every request: the database
 * round trip, this server's uptime and memory, signed-in sessions and the share of
 * server errors in the last hour. Refreshed on demand (SPEC §7: no polling).
 */
export function AdminSystemHealthPanel({
  health,
  measuredAt,
  refreshing,
  onRefresh,
}: {
  health: Health | undefined;
  measuredAt: number;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const database = health && databaseLevel(health.databaseRoundTripMs);
  return (
    <AdminPanel
      title="System Health"
      subtitle={health && `Measured at ${showTime(measuredAt, true)}`}
      action={
        <Tooltip label="Measure again">
          <ActionIcon
            variant="default"
            aria-label="Refresh system health"
            loading={refreshing}
            onClick={onRefresh}
          >
            <IconRefresh size={16} />
          </ActionIcon>
        </Tooltip>
      }
    >
      {!health || !database ? (
        <Stack gap="sm">
          {[0, 1, 2, 3, 4].map((n) => (
            <Skeleton key={n} h={36} />
          ))}
        </Stack>
      ) : (
        <Stack gap={0}>
          <Row
            label="Database"
            detail={`${health.databaseRoundTripMs} ms round trip`}
            value={
              <Badge
                miw="max-content"
                variant="light"
                color={LEVEL_COLORS[database.level]}
                tt="none"
              >
                {database.label}
              </Badge>
            }
          />
          <Row
            label="Server uptime"
            detail="Since this server process started"
            value={<Value>{formatUptime(health.uptimeSeconds)}</Value>}
          />
          <Row
            label="Memory"
            detail={`Heap in use ${formatBytes(health.heapUsedBytes)}`}
            value={<Value>{formatBytes(health.memoryRssBytes)}</Value>}
          />
          <Row
            label="Active sessions"
            detail="Signed-in browser sessions"
            value={<Value>{formatCount(health.activeSessions)}</Value>}
          />
          <Row
            label="Error rate"
            detail={`Last hour, ${formatCount(health.requestsLastHour)} requests`}
            value={
              <Badge
                miw="max-content"
                variant="light"
                color={LEVEL_COLORS[errorLevel(health.errorRatePercent)]}
                tt="none"
              >
                {health.errorRatePercent}%
              </Badge>
            }
          />
        </Stack>
      )}
    </AdminPanel>
  );
}
