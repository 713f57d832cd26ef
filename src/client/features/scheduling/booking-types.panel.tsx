import { Badge, Button, Group, Text, useMatches, VisuallyHidden } from '@mantine/core';
import { IconCalendarPlus, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { BookingType } from '../../../shared/scheduling.schema.ts';
import { ListPage, wholeList, type Column } from '../../components/list/list-page.tsx';
import { deleteAction, editAction, RowActions } from '../../components/list/row-actions.tsx';
import { useLocalListControls } from '../../components/list/use-list-controls.ts';
import { useRetained } from '../../components/list/use-retained.ts';
import { PublicLink } from '../../components/public-link.tsx';
import { trpc } from '../../trpc.ts';
import { BookingTypeDialog } from './booking-type.dialog.tsx';
import { useSchedulingMutations } from './use-scheduling-mutations.ts';

function typeColumns(
  phone: boolean,
  actions: { edit: (t: BookingType) => void; remove: (t: BookingType) => void },
): Column<BookingType>[] {
  return [
    {
      header: 'Booking type',
      maw: 300,
      cell: (t) => (
        <Group gap={phone ? 4 : 'xs'} wrap={phone ? 'wrap' : 'nowrap'}>
          <Text size="sm" fw={500} truncate="end">
            {t.name}
          </Text>
          {!t.active && (
            <Badge variant="light" color="gray" size="sm">
              Off
            </Badge>
          )}
        </Group>
      ),
    },
    { header: 'Duration', nowrap: true, cell: (t) => `${t.durationMinutes} min` },
    { header: 'Owner', hidden: phone, cell: (t) => t.ownerName },
    {
      header: 'Booking page',
      share: '40%',
      cell: (t) => (
        <PublicLink
          url={t.bookingUrl}
          text={`/book/${t.publicSlug}`}
          copyLabel={`Copy the booking link of ${t.name}`}
        />
      ),
    },
    {
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      w: 48,
      cell: (t) => (
        <RowActions
          name={t.name}
          actions={[editAction(() => actions.edit(t)), deleteAction(() => actions.remove(t))]}
        />
      ),
    },
  ];
}

/** The workspace's booking types, each with its public booking page to open or copy. */
export function BookingTypesPanel() {
  const controls = useLocalListControls({ pageSize: 1000 });
  const phone = useMatches({ base: true, sm: false });
  const mutations = useSchedulingMutations();
  const types = trpc.bookingTypes.list.useQuery();
  const [editing, setEditing] = useState<BookingType | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BookingType | null>(null);
  const shown = useRetained(editing);

  return (
    <ListPage
      controls={controls}
      result={wholeList(types)}
      noun="booking types"
      paged={false}
      filtering={false}
      create={{
        label: 'New booking type',
        first: 'Add your first booking type',
        onClick: () => setEditing('new'),
      }}
      actions={
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
          New booking type
        </Button>
      }
      empty={{
        icon: <IconCalendarPlus size={26} stroke={1.5} />,
        description:
          'A booking type is a kind of meeting, e.g. a 30-minute discovery call. Add one, then share its booking page.',
      }}
      minWidth={phone ? 420 : 760}
      tableLabel="Booking types"
      columns={typeColumns(phone, { edit: setEditing, remove: setDeleting })}
      deletion={{
        item: deleting,
        onClose: () => setDeleting(null),
        title: 'Delete booking type',
        message: (t) =>
          `Delete ${t.name}? Its booking page stops answering; bookings already made stay.`,
        confirm: mutations.removeType,
      }}
    >
      <BookingTypeDialog
        opened={editing !== null}
        type={shown === 'new' ? null : shown}
        onClose={() => setEditing(null)}
      />
    </ListPage>
  );
}
