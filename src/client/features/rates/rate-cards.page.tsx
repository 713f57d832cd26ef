import { Alert, Badge, Button, Card, Group, Stack, Table, VisuallyHidden } from '@mantine/core';
import { IconCashBanknote, IconLock, IconPlus, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import type { RateCard } from '../../../shared/rates.schema.ts';
import { ConfirmDeleteDialog } from '../../components/list/confirm-delete.dialog.tsx';
import { ListBody } from '../../components/list/list-body.tsx';
import { ListPageHeader } from '../../components/list/list-page-header.tsx';
import { deleteAction, editAction, RowActions } from '../../components/list/row-actions.tsx';
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
  const cards = list.data ?? [];
  const now = today();
  // The card of each target in force today: later ones are upcoming, earlier ones past.
  const current = new Set<number>();
  const seen = new Set<string>();
  for (const card of cards) {
    if (card.effectiveFrom > now) continue;
    const target = `${card.userId}:${card.projectId}`;
    if (seen.has(target)) continue;
    seen.add(target);
    current.add(card.id);
  }

  return (
    <>
      <ListPageHeader
        title="Rate Cards"
        description="Billable and cost rates per member, per project, or per member on a project, each from a day. Time takes the rates in force when it is logged."
        action={
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
        }
      />
      <Group gap="sm" align="flex-end">
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
      </Group>
      <ListBody
        status={list.status}
        isEmpty={cards.length === 0}
        filtering={userId !== null || projectId !== null}
        noun="rate cards"
        icon={<IconCashBanknote size={26} stroke={1.5} />}
        emptyHint="Without a card, time is billed at its project's hourly rate and costs nothing. Add a card to price a member, a project, or a member on a project."
        createLabel="Add your first rate card"
        onCreate={() => setEditing('new')}
        onRetry={() => void list.refetch()}
      >
        <Card withBorder radius="lg" p={0}>
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Rate cards">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Member</Table.Th>
                  <Table.Th>Project</Table.Th>
                  <Table.Th ta="right">Billable rate</Table.Th>
                  <Table.Th ta="right">Cost rate</Table.Th>
                  <Table.Th>Effective from</Table.Th>
                  <Table.Th w={48}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {cards.map((card) => (
                  <Table.Tr key={card.id}>
                    <Table.Td c={card.user ? undefined : 'dimmed'}>
                      {card.user?.fullName ?? EVERYONE}
                    </Table.Td>
                    <Table.Td c={card.project ? undefined : 'dimmed'}>
                      {card.project?.name ?? ALL_PROJECTS}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {money(card.billableRate)}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {money(card.costRate)}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Group gap="xs" wrap="nowrap">
                        {formatDay(card.effectiveFrom)}
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
                    </Table.Td>
                    <Table.Td>
                      <RowActions
                        name={cardName(card)}
                        actions={[
                          editAction(() => setEditing(card)),
                          deleteAction(() => setDeleting(card)),
                        ]}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      </ListBody>
      <RateCardDialog
        opened={editing !== null}
        card={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <RepriceDialog opened={repricing} onClose={() => setRepricing(false)} />
      <ConfirmDeleteDialog
        opened={deleting !== null}
        title="Delete rate card"
        onClose={() => setDeleting(null)}
        onConfirm={() => (deleting ? mutations.remove(deleting.id) : Promise.resolve(false))}
      >
        {deleting &&
          `Delete the rates of ${cardName(deleting)}? Time already logged keeps its rates; time logged from now on takes the next card in force.`}
      </ConfirmDeleteDialog>
    </>
  );
}

export default RateCardsPage;
