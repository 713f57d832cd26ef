import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { AdminPanel } from './admin-panel.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { showDateTime } from '../../components/display-preferences.tsx';
import { withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import { auditReads } from './refresh-audit.ts';

/** 'invoice-email' → 'Invoice email'. */
function queueLabel(name: string): string {
  const words = name.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The background job queue (emails, reminders, recurring invoices, housekeeping): what
 * waits, what runs and what failed for good, with a retry for each failed job. Read on
 * demand like the rest of the dashboard (SPEC §7: no polling).
 */
export function AdminJobsPanel() {
  const jobs = trpc.admin.jobs.useQuery();
  const retry = trpc.admin.retryJob.useMutation({
    meta: {
      success: 'Job queued again',
      error: withServerMessage('Failed to retry the job'),
      invalidates: [trpc.admin.jobs, ...auditReads],
    },
  });
  return (
    <AdminPanel
      title="Background Jobs"
      action={
        <Button
          size="compact-sm"
          variant="default"
          loading={jobs.isFetching && !jobs.isPending}
          onClick={() => void jobs.refetch()}
        >
          Refresh
        </Button>
      }
    >
      <QueryState status={jobs.status} what="the job queue" onRetry={() => void jobs.refetch()}>
        {jobs.data && (
          <Stack gap="md">
            <Table layout="fixed" verticalSpacing={6} horizontalSpacing={6} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Queue</Table.Th>
                  <Table.Th ta="right" w={68}>
                    Waiting
                  </Table.Th>
                  <Table.Th ta="right" w={68}>
                    Running
                  </Table.Th>
                  <Table.Th ta="right" w={68}>
                    Failed
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {jobs.data.queues.map((queue) => (
                  <Table.Tr key={queue.name}>
                    <Table.Td>{queueLabel(queue.name)}</Table.Td>
                    <Table.Td ta="right">{queue.waiting}</Table.Td>
                    <Table.Td ta="right">{queue.active}</Table.Td>
                    <Table.Td ta="right">
                      {queue.failed > 0 ? (
                        <Badge color="red" variant="light">
                          {queue.failed}
                        </Badge>
                      ) : (
                        0
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {jobs.data.failed.length === 0 ? (
              <Text size="sm" c="dimmed">
                No failed jobs.
              </Text>
            ) : (
              <Stack gap={0}>
                <Title order={4} fz="sm" mb={4}>
                  Failed jobs
                </Title>
                {jobs.data.failed.map((job) => (
                  <Group
                    key={job.id}
                    justify="space-between"
                    wrap="nowrap"
                    py={8}
                    gap="sm"
                    style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
                  >
                    <Stack gap={0} miw={0} flex={1}>
                      <Text size="sm" fw={600}>
                        {queueLabel(job.queue)}
                      </Text>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {job.error}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {showDateTime(job.failedAt)} · {job.attempts}{' '}
                        {job.attempts === 1 ? 'attempt' : 'attempts'}
                      </Text>
                    </Stack>
                    <Button
                      size="compact-sm"
                      style={{ flexShrink: 0 }}
                      variant="light"
                      aria-label={`Retry the ${queueLabel(job.queue).toLowerCase()} job that failed at ${showDateTime(job.failedAt)}`}
                      loading={retry.isPending && retry.variables?.id === job.id}
                      onClick={() => retry.mutate({ id: job.id, queue: job.queue })}
                    >
                      Retry
                    </Button>
                  </Group>
                ))}
              </Stack>
            )}
          </Stack>
        )}
      </QueryState>
    </AdminPanel>
  );
}
