import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import {
  IconClockPlus,
  IconPlayerPause,
  IconPlayerPlay,
  IconCircleCheck,
  IconUser,
} from '@tabler/icons-react';
import type { Project } from '../../../shared/projects.schema.ts';
import { formatHours } from '../../../shared/time.schema.ts';
import { ProjectProgress } from './project-progress.tsx';
import { PROJECT_STATUS_COLORS, PROJECT_STATUS_LABELS } from './project-status.ts';
import { RowActions, deleteAction, editAction } from '../../components/list/row-actions.tsx';
import { useMoney } from '../../components/money.tsx';

type ProjectStatus = Project['status'];

const STATUS_ACTIONS: { to: ProjectStatus; label: string; icon: typeof IconPlayerPlay }[] = [
  { to: 'active', label: 'Mark Active', icon: IconPlayerPlay },
  { to: 'paused', label: 'Pause Project', icon: IconPlayerPause },
  { to: 'completed', label: 'Mark Completed', icon: IconCircleCheck },
];

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} truncate="end">
        {value}
      </Text>
    </Stack>
  );
}

/** One project of the grid (SPEC §2 Projects) with its menu of changes. */
export function ProjectCard({
  project,
  onEdit,
  onLogTime,
  onStatusChange,
  onDelete,
}: {
  project: Project;
  onEdit: () => void;
  onLogTime: () => void;
  onStatusChange: (status: ProjectStatus) => void;
  onDelete: () => void;
}) {
  const formatMoney = useMoney();
  return (
    <Card withBorder radius="lg" p="lg" component="article" aria-label={project.name}>
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={4} miw={0}>
            <Anchor
              renderRoot={(props) => (
                <Link
                  to="/projects/$projectId"
                  params={{ projectId: String(project.id) }}
                  {...props}
                />
              )}
              c="var(--mantine-color-text)"
              fw={600}
              size="lg"
              lh={1.3}
              style={{ overflowWrap: 'anywhere' }}
            >
              {project.name}
            </Anchor>
            <Group gap={6} wrap="nowrap" c="dimmed">
              <IconUser size={14} stroke={1.7} style={{ flexShrink: 0 }} />
              <Text size="sm" c="dimmed" truncate="end">
                {project.client?.name ?? 'No client'}
              </Text>
            </Group>
          </Stack>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            <Badge variant="light" color={PROJECT_STATUS_COLORS[project.status]}>
              {PROJECT_STATUS_LABELS[project.status]}
            </Badge>
            <RowActions
              name={project.name}
              variant="card"
              actions={[
                editAction(onEdit),
                ...(project.status === 'active'
                  ? [{ label: 'Log Time', icon: IconClockPlus, onClick: onLogTime }]
                  : []),
                ...STATUS_ACTIONS.filter((action) => action.to !== project.status).map(
                  (action, index) => ({
                    label: action.label,
                    icon: action.icon,
                    onClick: () => onStatusChange(action.to),
                    group: index === 0,
                  }),
                ),
                { ...deleteAction(onDelete), group: true },
              ]}
            />
          </Group>
        </Group>

        {project.description && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {project.description}
          </Text>
        )}

        <Stack gap="md" mt="auto">
          <ProjectProgress project={project} />
          <SimpleGrid cols={3} spacing="xs">
            <Figure label="Hours Logged" value={formatHours(project.totalHours)} />
            <Figure label="Amount Earned" value={formatMoney(project.totalAmount)} />
            <Figure label="Hourly Rate" value={`${formatMoney(project.hourlyRate)}/h`} />
          </SimpleGrid>
        </Stack>
      </Stack>
    </Card>
  );
}
