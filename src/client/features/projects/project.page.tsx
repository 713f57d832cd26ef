import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  RingProgress,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { IconEdit, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import type { BudgetLevel, ProjectDetail } from '../../../shared/projects.schema.ts';
import { formatHours } from '../../../shared/time.schema.ts';
import { useMoney } from '../../components/money.tsx';
import { RecordPage, useRecordId } from '../../components/record-page.tsx';
import { trpc } from '../../trpc.ts';
import { InvoicesTable } from '../invoices/invoices-table.tsx';
import { ProjectTasksTab } from '../tasks/project-tasks.tab.tsx';
import { TimeLog } from '../time/time-log.tsx';
import { ProjectDialog } from './project.dialog.tsx';
import { PROJECT_TABS, type ProjectTab } from './project-tabs.ts';
import {
  BUDGET_LEVEL_COLORS,
  PROJECT_STATUS_COLORS,
  PROJECT_STATUS_LABELS,
} from './project-status.ts';

const TAB_LABELS: Record<ProjectTab, string> = {
  tasks: 'Tasks',
  time: 'Time',
  invoices: 'Invoices',
  team: 'Team',
};

/** What the budget level means, in words: the colour is never the only sign. */
const LEVEL_TEXT: Record<BudgetLevel, string> = {
  default: 'Within budget',
  warning: 'Nearing the budget (75 % or more used)',
  destructive: 'Over budget',
  secondary: 'Paused',
};

const plain = (value: string | number) =>
  Number(value).toLocaleString('en-US', { maximumFractionDigits: 2 });

/** `/projects/:id`: the project's budget burn, and its time, invoices and team in tabs. */
export function ProjectPage() {
  const { id, valid } = useRecordId('projectId');
  const detail = trpc.projects.get.useQuery({ id }, { enabled: valid });
  return (
    <RecordPage
      backTo="/projects"
      backLabel="Projects"
      valid={valid}
      query={detail}
      notFound="Project not found"
    >
      {(project) => <ProjectView project={project} />}
    </RecordPage>
  );
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="lg" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Budget burn (SPEC §4): hours for a time budget, money for a fixed one, against the
 * limit, coloured by the server's level (75 % warning, 100 % over), with the level in
 * words beside it; then what the time is worth, billed and not.
 */
function BudgetBurn({ project }: { project: ProjectDetail }) {
  const money = useMoney();
  const { burn } = project;
  const limit = Number(project.budgetLimit);
  const hasBudget = limit > 0;
  const color = BUDGET_LEVEL_COLORS[burn.level];
  const used =
    project.budgetType === 'time'
      ? `${plain(burn.used)} of ${plain(limit)} hours`
      : `${money(burn.used)} of ${money(limit)}`;
  const alarm = burn.level === 'warning' || burn.level === 'destructive';
  return (
    <Card
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="burn-title"
    >
      <Group gap="xl" align="center" wrap="wrap">
        <Group gap="md" wrap="nowrap" miw={0}>
          <RingProgress
            size={108}
            thickness={10}
            roundCaps
            sections={hasBudget ? [{ value: Math.min(burn.percentUsed, 100), color }] : []}
            label={
              <Text
                ta="center"
                fw={700}
                size="md"
                c={alarm ? `var(--mantine-color-${color}-text)` : undefined}
              >
                {hasBudget ? `${Math.round(burn.percentUsed)}%` : '—'}
              </Text>
            }
            aria-hidden
          />
          <Stack gap={2} miw={0}>
            <Title order={3} fz="md" id="burn-title">
              Budget
            </Title>
            <Text size="sm" fw={600} aria-label={`Budget used: ${used}`}>
              {hasBudget ? used : 'No limit set'}
            </Text>
            {hasBudget && (
              <Badge
                variant="light"
                color={color}
                leftSection={null}
                style={{ alignSelf: 'flex-start' }}
              >
                {project.status === 'completed' ? 'Completed' : LEVEL_TEXT[burn.level]}
              </Badge>
            )}
            <Text size="xs" c="dimmed">
              {project.budgetType === 'time' ? 'Time budget (hours)' : 'Fixed budget (money)'}
            </Text>
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg" style={{ flex: 1, minWidth: 260 }}>
          <Figure label="Hours logged" value={formatHours(burn.hours)} />
          <Figure label="Amount earned" value={money(burn.amount)} />
          <Figure
            label="Billed"
            value={formatHours(burn.billedHours)}
            hint={money(burn.billedAmount)}
          />
          <Figure
            label="Unbilled"
            value={formatHours(burn.unbilledHours)}
            hint={money(burn.unbilledAmount)}
          />
        </SimpleGrid>
      </Group>
    </Card>
  );
}

function ProjectTeam({ project }: { project: ProjectDetail }) {
  const money = useMoney();
  if (project.team.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nobody has logged time or been given work on this project yet.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing="xs" aria-label="Team of the project">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Member</Table.Th>
            <Table.Th ta="right">Hours logged</Table.Th>
            <Table.Th ta="right">Billable amount</Table.Th>
            <Table.Th ta="right">Open tasks</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {project.team.map((member) => (
            <Table.Tr key={member.userId}>
              <Table.Td>
                <Group gap={6} wrap="wrap">
                  <Text size="sm">{member.fullName}</Text>
                  {member.isAssignee && (
                    <Badge size="xs" variant="light" color="gray">
                      Assignee
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatHours(member.hours)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {money(member.amount)}
              </Table.Td>
              <Table.Td ta="right">{member.openTasks}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ProjectView({ project }: { project: ProjectDetail }) {
  const money = useMoney();
  const navigate = useNavigate();
  const search = useSearch({ from: '/shell/projects/$projectId' });
  const tab: ProjectTab = search.tab ?? PROJECT_TABS[0];
  const [editing, setEditing] = useState(false);

  return (
    <>
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4} miw={0}>
          <Group gap="sm">
            <Title order={2} fz={{ base: 22, sm: 26 }} style={{ overflowWrap: 'anywhere' }}>
              {project.name}
            </Title>
            <Badge variant="light" color={PROJECT_STATUS_COLORS[project.status]}>
              {PROJECT_STATUS_LABELS[project.status]}
            </Badge>
          </Group>
          <Group gap="xs" c="dimmed" wrap="wrap">
            {project.client ? (
              <Anchor
                size="sm"
                renderRoot={(props) => (
                  <Link
                    to="/clients/$clientId"
                    params={{ clientId: String(project.client!.id) }}
                    {...props}
                  />
                )}
              >
                {project.client.name}
              </Anchor>
            ) : (
              <Text size="sm" c="dimmed">
                No client
              </Text>
            )}
            <Text size="sm" c="dimmed" aria-hidden>
              ·
            </Text>
            <Text size="sm" c="dimmed">
              {money(project.hourlyRate)}/h
            </Text>
            {project.assignee && (
              <>
                <Text size="sm" c="dimmed" aria-hidden>
                  ·
                </Text>
                <Group gap={4} wrap="nowrap">
                  <IconUser size={14} stroke={1.7} aria-hidden />
                  <Text size="sm" c="dimmed">
                    {project.assignee.fullName}
                  </Text>
                </Group>
              </>
            )}
          </Group>
          {project.description && (
            <Text size="sm" c="dimmed" maw={720} style={{ whiteSpace: 'pre-line' }}>
              {project.description}
            </Text>
          )}
        </Stack>
        <Button
          variant="default"
          leftSection={<IconEdit size={16} />}
          onClick={() => setEditing(true)}
        >
          Edit
        </Button>
      </Group>

      <BudgetBurn project={project} />

      <Tabs
        value={tab}
        onChange={(value) =>
          void navigate({
            to: '/projects/$projectId',
            params: { projectId: String(project.id) },
            search: { tab: (value ?? PROJECT_TABS[0]) as ProjectTab },
            replace: true,
          })
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {PROJECT_TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {TAB_LABELS[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="tasks">
          <ProjectTasksTab projectId={project.id} />
        </Tabs.Panel>
        <Tabs.Panel value="time">
          <TimeLog projectId={project.id} />
        </Tabs.Panel>
        <Tabs.Panel value="invoices">
          <InvoicesTable
            filter={{ projectId: project.id }}
            label="Invoices of the project"
            empty="No invoices for this project yet."
          />
        </Tabs.Panel>
        <Tabs.Panel value="team">
          <ProjectTeam project={project} />
        </Tabs.Panel>
      </Tabs>

      <ProjectDialog opened={editing} project={project} onClose={() => setEditing(false)} />
    </>
  );
}

export default ProjectPage;
