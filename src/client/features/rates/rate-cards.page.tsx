import { Alert, Badge, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCashBanknote, IconLock, IconPlus, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import type { RateCard } from '../../../shared/rates.schema.ts';
import { ListPage, wholeList } from '../../components/list/list-page.tsx';
import { ListPageHeader } from '../../components/list/list-page-header.tsx';
import { deleteAction, editAction, RowActions } from '../../components/list/row-actions.tsx';
import { TextCell } from '../../components/list/text-cell.tsx';
import { useLocalListControls } from '../../components/list/use-list-controls.ts';
import { MAX_PAGE_SIZE } from '../../../shared/list.schema.ts';
import { useMoney } from '../../components/money.tsx';
import { useCanBill } from '../../components/use-can-bill.ts';
import { trpc } from '../../trpc.ts';
import { ProjectPicker } from '../projects/project-picker.tsx';
import { formatDay, today } from '../time/time-display.ts';
import { MemberSelect } from './member-select.tsx';
import { RateCardDialog } from './rate-card.dialog.tsx';
import { RepriceDialog } from './reprice.dialog.tsx';
import { useRateMutations } from './use-rate-mutations.ts';

const EVERYONE = 'Everyone';
const ALL_PROJECTS = 'All projects';

/** What a card prices, for its row's menu and the delete question. */
const cardName = (card: RateCard) =>
  `${card.user?.fullName ?? EVERYONE} on ${card.project?.name ?? ALL_PROJECTS} from ${formatDay(card.effectiveFrom)}`;

/**
 * `/rate-cards`: billable and cost rates per member, per project and per member on a
 * project, each from a day. Those who set billing rates add, edit and delete them and
 * re-price unbilled time; others (who may not see cost rates) are told so.
 */
export function RateCardsPage() {
  const canBill = useCanBill();
  return (
    <Stack gap="lg" maw={1400}>
      {canBill ? (
        <RateCards />
      ) : (
        <>
          <ListPageHeader
            title="Rate Cards"
            description="Billable and cost rates per member and project, each from a day."
          />
          <Alert variant="light" color="gray" icon={<IconLock size={18} />} title="Managers only">
            Rate cards show what each member costs, so only owners, partners, administrators and
            project managers see them. Your time is priced with them when you log it.
          </Alert>
        </>
      )}
    </Stack>
  );
}

function RateCards() {
  const money = useMoney();
  // Read whole: a workspace has a few cards a member and project.
  const controls = useLocalListControls({ pageSize: MAX_PAGE_SIZE });
  const [userId, setUserId] = useState<number | null>(null);
  const [projectId, setProjectId] = useState<number | null>(null);
  const list = trpc.rates.list.useQuery({
    userId: userId ?? undefined,
    projectId: projectId ?? undefined,
  });
  const mutations = useRateMutations();
  const [editing, setEditing] = useState<RateCard | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RateCard | null>(null);
  const [repricing, setRepricing] = useState(false);
  const now = today();
  // The card of each target in force today: later ones are upcoming, earlier ones past.
  const current = new Set<number>();
  const seen = new Set<string>();
  for (const card of list.data ?? []) {
    if (card.effectiveFrom > now) continue;
    const target = `${card.userId}:${card.projectId}`;
    if (seen.has(target)) continue;
    seen.add(target);
    current.add(card.id);
  }

  return (
    <ListPage
      controls={controls}
      result={wholeList(list)}
      paged={false}
      noun="rate cards"
      header={{
        description:
          'Billable and cost rates per member, per project, or per member on a project, each from a day. Time takes the rates in force when it is logged.',
        action: (
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconRefresh size={18} />}
              onClick={() => setRepricing(true)}
            >
              Re-price unbilled time
            </Button>
            <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
              Add Rate Card
            </Button>
          </Group>
        ),
      }}
      filters={
        <>
          <MemberSelect
            label="Member"
            placeholder="All members"
            value={userId}
            onChange={setUserId}
            w={220}
          />
          <ProjectPicker
            label="Project"
            placeholder="All projects"
            clearable
            value={projectId}
            onChange={setProjectId}
            w={260}
          />
        </>
      }
      filtering={userId !== null || projectId !== null}
      empty={{
        icon: <IconCashBanknote size={26} stroke={1.5} />,
        description:
          "Without a card, time is billed at its project's hourly rate and costs nothing. Add a card to price a member, a project, or a member on a project.",
        create: { label: 'Add your first rate card', onClick: () => setEditing('new') },
      }}
      minWidth={640}
      tableLabel="Rate cards"
      columns={[
        {
          header: 'Member',
          cell: (card) => (
            <TextCell
              value={card.user?.fullName ?? EVERYONE}
              c={card.user ? undefined : 'dimmed'}
            />
          ),
        },
        {
          header: 'Project',
          cell: (card) => (
            <TextCell
              value={card.project?.name ?? ALL_PROJECTS}
              c={card.project ? undefined : 'dimmed'}
            />
          ),
        },
        {
          header: 'Billable rate',
          numeric: true,
          nowrap: true,
          cell: (card) => money(card.billableRate),
        },
        { header: 'Cost rate', numeric: true, nowrap: true, cell: (card) => money(card.costRate) },
        {
          header: 'Effective from',
          nowrap: true,
          cell: (card) => (
            <Group gap="xs" wrap="nowrap">
              <Text size="sm">{formatDay(card.effectiveFrom)}</Text>
              {card.effectiveFrom > now ? (
                <Badge size="xs" variant="light" color="blue">
                  Upcoming
                </Badge>
              ) : current.has(card.id) ? (
                <Badge size="xs" variant="light" color="teal">
                  In force
                </Badge>
              ) : null}
            </Group>
          ),
        },
        {
          header: <VisuallyHidden>Actions</VisuallyHidden>,
          w: 48,
          cell: (card) => (
            <RowActions
              name={cardName(card)}
              actions={[editAction(() => setEditing(card)), deleteAction(() => setDeleting(card))]}
            />
          ),
        },
      ]}
      deletion={{
        item: deleting,
        onClose: () => setDeleting(null),
        title: 'Delete rate card',
        message: (card) =>
          `Delete the rates of ${cardName(card)}? Time already logged keeps its rates; time logged from now on takes the next card in force.`,
        confirm: (card) => mutations.remove(card.id),
      }}
    >
      <RateCardDialog
        opened={editing !== null}
        card={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <RepriceDialog opened={repricing} onClose={() => setRepricing(false)} />
    </ListPage>
  );
}

export default RateCardsPage;
