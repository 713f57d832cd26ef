import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import {
  IconAlertTriangle,
  IconChevronLeft,
  IconChevronRight,
  IconEdit,
} from '@tabler/icons-react';
import { addDays, addWeeks, format, parseISO, startOfWeek } from 'date-fns';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import type { ResourcingMember, ResourcingWeek } from '../../../shared/resourcing.schema.ts';
import { QueryError } from '../../components/query-state.tsx';
import { RegionCard } from '../../components/section-card.tsx';
import { trpc } from '../../trpc.ts';
import { useCurrentWorkspace } from '../auth/session.ts';
import { CapacityDialog, canPlan, type CapacityTarget } from './capacity.dialog.tsx';
import { WEEK_COUNTS, type WeekCount } from './resourcing-search.ts';

const CHART_HEIGHT = 140;
const LOGGED_COLOR = 'indigo.6';
const PLANNED_COLOR = 'teal.4';
const OVER_COLOR = 'red.6';

const day = (date: Date) => format(date, 'yyyy-MM-dd');
const weekLabel = (weekStart: string) => format(parseISO(weekStart), 'MMM d');
const hoursText = (value: string | number) =>
  `${Number(value).toLocaleString('en-US', { maximumFractionDigits: 2 })} h`;

/** This week's Monday, two weeks back: the weeks just done beside the ones ahead. */
const defaultFrom = () => day(addWeeks(startOfWeek(new Date(), { weekStartsOn: 1 }), -2));

function weekSummary(week: ResourcingWeek, capacity: string) {
  return `Week of ${format(parseISO(week.weekStart), 'MMMM d, yyyy')}: ${hoursText(
    week.loggedHours,
  )} logged, ${hoursText(week.plannedHours)} planned, ${hoursText(
    week.bookedHours,
  )} of ${hoursText(capacity)} capacity${week.overbooked ? ', overbooked' : ''}`;
}

/**
 * One member's weeks as bars drawn with Mantine boxes (as the revenue chart): logged hours
 * and open task estimates stacked, against a dashed line at their capacity. An overbooked
 * week is red and says "Overbooked" under its bar.
 */
function MemberChart({ member, currentWeek }: { member: ResourcingMember; currentWeek: string }) {
  const capacity = Number(member.capacityHours);
  const top = Math.max(capacity, ...member.weeks.map((w) => Number(w.bookedHours)), 1) * 1.1;
  const scale = (hours: number) => (hours / top) * CHART_HEIGHT;
  return (
    <Stack gap={4}>
      <Box pos="relative">
        <Box
          pos="absolute"
          left={0}
          right={0}
          top={CHART_HEIGHT - scale(capacity)}
          style={{ borderTop: '2px dashed var(--mantine-color-dimmed)', zIndex: 1 }}
          aria-hidden
        />
        <Text
          pos="absolute"
          right={0}
          top={Math.max(CHART_HEIGHT - scale(capacity) - 18, 0)}
          size="10px"
          c="dimmed"
          aria-hidden
        >
          Capacity {hoursText(capacity)}
        </Text>
        <Group
          gap={6}
          wrap="nowrap"
          align="flex-end"
          h={CHART_HEIGHT}
          role="list"
          aria-label={`Weeks of ${member.fullName}`}
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          {member.weeks.map((week) => {
            const logged = Number(week.loggedHours);
            const planned = Number(week.plannedHours);
            const label = weekSummary(week, member.capacityHours);
            return (
              <Tooltip key={week.weekStart} label={label} openDelay={0} multiline maw={260}>
                <Box
                  role="listitem"
                  aria-label={label}
                  tabIndex={0}
                  h="100%"
                  style={{
                    flex: 1,
                    minWidth: 0,
                    display: 'flex',
                    flexDirection: 'column',
                    justifyContent: 'flex-end',
                  }}
                >
                  {planned > 0 && (
                    <Box
                      h={scale(planned)}
                      bg={week.overbooked ? 'red.3' : PLANNED_COLOR}
                      style={{ borderRadius: logged > 0 ? '4px 4px 0 0' : 4 }}
                    />
                  )}
                  <Box
                    h={logged > 0 ? scale(logged) : planned > 0 ? 0 : 2}
                    bg={
                      week.overbooked
                        ? OVER_COLOR
                        : logged > 0
                          ? LOGGED_COLOR
                          : 'var(--mantine-color-default-border)'
                    }
                    style={{ borderRadius: planned > 0 ? 0 : '4px 4px 0 0' }}
                  />
                </Box>
              </Tooltip>
            );
          })}
        </Group>
      </Box>
      <Group gap={6} wrap="nowrap" aria-hidden>
        {member.weeks.map((week) => (
          <Stack key={week.weekStart} gap={0} style={{ flex: 1, minWidth: 0 }} align="center">
            <Text
              fz={{ base: 9, sm: 'xs' }}
              c={week.weekStart === currentWeek ? undefined : 'dimmed'}
              fw={week.weekStart === currentWeek ? 700 : undefined}
              ta="center"
            >
              {weekLabel(week.weekStart)}
            </Text>
            {week.overbooked && (
              <>
                <Text
                  visibleFrom="sm"
                  fz={10}
                  c="var(--mantine-color-red-text)"
                  fw={700}
                  ta="center"
                  lh={1.1}
                >
                  Overbooked
                </Text>
                {/* A phone's columns are too narrow for the word: a warning sign instead
                    (the card's badge and the table say it in words). */}
                <Box hiddenFrom="sm" c="var(--mantine-color-red-text)" lh={1}>
                  <IconAlertTriangle size={12} />
                </Box>
              </>
            )}
          </Stack>
        ))}
      </Group>
    </Stack>
  );
}

function Legend() {
  const swatch = (color: string, label: string, dashed = false) => (
    <Group gap={6} wrap="nowrap">
      <Box
        w={14}
        h={dashed ? 0 : 10}
        bg={dashed ? undefined : color}
        style={
          dashed ? { borderTop: '2px dashed var(--mantine-color-dimmed)' } : { borderRadius: 2 }
        }
      />
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Group>
  );
  return (
    <Group gap="md" aria-hidden>
      {swatch(LOGGED_COLOR, 'Logged')}
      {swatch(PLANNED_COLOR, 'Planned (open task estimates)')}
      {swatch(OVER_COLOR, 'Overbooked')}
      {swatch('', 'Capacity', true)}
    </Group>
  );
}

function MemberCard({
  member,
  currentWeek,
  onEditCapacity,
}: {
  member: ResourcingMember;
  currentWeek: string;
  onEditCapacity?: () => void;
}) {
  const overbooked = member.weeks.filter((w) => w.overbooked).length;
  const capacity = `Capacity ${hoursText(member.capacityHours)} a week`;
  return (
    <RegionCard label={member.fullName}>
      <Group justify="space-between" gap="sm" mb="md" wrap="wrap">
        <Stack gap={2} miw={0}>
          <Title order={2} fz="md">
            {member.fullName}
          </Title>
          <Group gap={6}>
            {onEditCapacity ? (
              <UnstyledButton
                onClick={onEditCapacity}
                // What it shows first, so that a voice user can say it.
                aria-label={`${capacity}. Change the weekly capacity of ${member.fullName}`}
              >
                <Group gap={4} wrap="nowrap">
                  <Text size="sm" c="dimmed">
                    {capacity}
                  </Text>
                  <IconEdit size={14} color="var(--mantine-color-dimmed)" />
                </Group>
              </UnstyledButton>
            ) : (
              <Text size="sm" c="dimmed">
                {capacity}
              </Text>
            )}
          </Group>
        </Stack>
        {overbooked > 0 ? (
          <Badge color="red" variant="light" leftSection={<IconAlertTriangle size={12} />}>
            Overbooked {overbooked} {overbooked === 1 ? 'week' : 'weeks'}
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            Within capacity
          </Badge>
        )}
      </Group>
      <MemberChart member={member} currentWeek={currentWeek} />
    </RegionCard>
  );
}

/** The same figures as the charts, as a table (screen readers, exact numbers). */
function FiguresTable({ members }: { members: ResourcingMember[] }) {
  return (
    <RegionCard label="Figures by week">
      <Title order={2} fz="md" mb="sm">
        Figures by week
      </Title>
      <Table.ScrollContainer minWidth={620}>
        <Table verticalSpacing="xs" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Member</Table.Th>
              <Table.Th>Week of</Table.Th>
              <Table.Th ta="right">Capacity</Table.Th>
              <Table.Th ta="right">Logged</Table.Th>
              <Table.Th ta="right">Planned</Table.Th>
              <Table.Th ta="right">Booked</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.flatMap((member) =>
              member.weeks.map((week) => (
                <Table.Tr key={`${member.userId}-${week.weekStart}`}>
                  <Table.Td>{member.fullName}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {format(parseISO(week.weekStart), 'MMM d, yyyy')}
                  </Table.Td>
                  <Table.Td ta="right">{hoursText(member.capacityHours)}</Table.Td>
                  <Table.Td ta="right">{hoursText(week.loggedHours)}</Table.Td>
                  <Table.Td ta="right">{hoursText(week.plannedHours)}</Table.Td>
                  <Table.Td ta="right">{hoursText(week.bookedHours)}</Table.Td>
                  <Table.Td>
                    {week.overbooked ? (
                      <Badge size="sm" color="red" variant="light">
                        Overbooked
                      </Badge>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {hoursText(
                          Math.max(Number(member.capacityHours) - Number(week.bookedHours), 0),
                        )}{' '}
                        free
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              )),
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </RegionCard>
  );
}

/**
 * `/resourcing`: per member and week, capacity against hours logged and open task
 * estimates. Planners see the team and set capacities; others see their own weeks.
 */
export function ResourcingPage() {
  const role = useCurrentWorkspace().data?.role;
  const planner = canPlan(role);
  const search = useSearch({ from: '/shell/resourcing' });
  const navigate = useNavigate();
  const from = search.from ?? defaultFrom();
  const weeks = search.weeks ?? '8';
  const show = (next: { from?: string; weeks?: WeekCount }) =>
    void navigate({ to: '/resourcing', search: { from, weeks, ...next }, replace: true });
  const [editing, setEditing] = useState<CapacityTarget | null>(null);
  const load = trpc.resourcing.get.useQuery(
    { from, weeks: Number(weeks) },
    { placeholderData: keepPreviousData },
  );
  const data = load.data;
  const shift = (by: number) => show({ from: day(addWeeks(parseISO(from), by)) });
  const last = data?.weeks.at(-1);

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {planner
              ? 'Capacity of each member against the hours they logged and the estimates of their open tasks.'
              : 'Your capacity against the hours you logged and the estimates of your open tasks.'}
          </Text>
          {data && last && (
            <Text size="sm" fw={600} aria-live="polite">
              {format(parseISO(data.from), 'MMM d, yyyy')} –{' '}
              {format(addDays(parseISO(last), 6), 'MMM d, yyyy')}
            </Text>
          )}
        </Stack>
        <Group gap="xs" wrap="wrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Earlier weeks"
            onClick={() => shift(-Number(weeks))}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Button variant="default" onClick={() => show({ from: defaultFrom() })}>
            Around this week
          </Button>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Later weeks"
            onClick={() => shift(Number(weeks))}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
          <SegmentedControl
            aria-label="Weeks shown"
            value={weeks}
            onChange={(value) => show({ weeks: value as WeekCount })}
            data={WEEK_COUNTS.map((count) => ({ value: count, label: `${count} weeks` }))}
          />
        </Group>
      </Group>

      <Legend />

      {load.isError ? (
        <QueryError title="Resourcing could not be loaded" onRetry={() => void load.refetch()} />
      ) : !data ? (
        <Stack gap="md">
          <Skeleton h={220} radius="lg" />
          <Skeleton h={220} radius="lg" />
        </Stack>
      ) : data.members.length === 0 ? (
        <Text c="dimmed">No active members.</Text>
      ) : (
        <>
          {data.members.map((member) => (
            <MemberCard
              key={member.userId}
              member={member}
              currentWeek={data.currentWeek}
              onEditCapacity={
                planner
                  ? () =>
                      setEditing({
                        id: member.userId,
                        fullName: member.fullName,
                        capacityHours: member.capacityHours,
                      })
                  : undefined
              }
            />
          ))}
          <FiguresTable members={data.members} />
        </>
      )}
      <CapacityDialog member={editing} opened={editing !== null} onClose={() => setEditing(null)} />
    </Stack>
  );
}

export default ResourcingPage;
