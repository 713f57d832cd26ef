import {
  Anchor,
  Badge,
  SegmentedControl,
  Stack,
  Text,
  useMatches,
  VisuallyHidden,
} from '@mantine/core';
import { IconCalendarEvent, IconCalendarTime, IconX } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Booking } from '../../../shared/scheduling.schema.ts';
import { showDateTime, showTime } from '../../components/display-preferences.tsx';
import { ListPage, wholeList, type Column } from '../../components/list/list-page.tsx';
import { RowActions } from '../../components/list/row-actions.tsx';
import { useLocalListControls } from '../../components/list/use-list-controls.ts';
import { ReasonDialog } from '../../components/reason.dialog.tsx';
import { useRetained } from '../../components/list/use-retained.ts';
import { CancelBookingSchema } from '../../../shared/scheduling.schema.ts';
import { trpc } from '../../trpc.ts';
import { RescheduleDialog } from './reschedule.dialog.tsx';
import { useSchedulingMutations } from './use-scheduling-mutations.ts';

type When = 'upcoming' | 'past';

/** Today's date in UTC: the server's `from`/`to` are UTC dates, the split is by the instant. */
const utcToday = () => new Date().toISOString().slice(0, 10);

/** "Mon, 7 Dec 2026 09:00 – 09:30", in the viewer's zone and formats. */
export function bookingWhen(booking: Pick<Booking, 'start' | 'end'>) {
  return `${showDateTime(booking.start)} – ${showTime(booking.end)}`;
}

export function BookingStatusBadge({ booking }: { booking: Pick<Booking, 'status'> }) {
  return booking.status === 'booked' ? (
    <Badge variant="light" color="teal" size="sm">
      Booked
    </Badge>
  ) : (
    <Badge variant="light" color="gray" size="sm">
      Cancelled
    </Badge>
  );
}

function bookingColumns(
  phone: boolean,
  actions: { cancel: (b: Booking) => void; reschedule: (b: Booking) => void },
): Column<Booking>[] {
  return [
    {
      header: 'When',
      nowrap: !phone,
      cell: (b) =>
        // On a phone the type goes under the time, so the invitee fits without scrolling.
        phone ? (
          <Stack gap={0}>
            <Text size="sm">{bookingWhen(b)}</Text>
            <Text size="xs" c="dimmed">
              {b.title}
            </Text>
          </Stack>
        ) : (
          bookingWhen(b)
        ),
    },
    {
      header: 'Booking type',
      maw: 240,
      hidden: phone,
      cell: (b) => <Text size="sm">{b.title}</Text>,
    },
    {
      header: 'Invitee',
      maw: 280,
      cell: (b) => (
        <Stack gap={0}>
          <Anchor
            renderRoot={(props) => (
              <Link to="/contacts" search={{ q: b.visitorEmail }} {...props} />
            )}
            size="sm"
            fw={500}
          >
            {b.visitorName}
          </Anchor>
          {phone ? (
            // On a phone the status goes under the invitee: a column of its own cut it short.
            <BookingStatusBadge booking={b} />
          ) : (
            <Text size="xs" c="dimmed">
              {b.visitorEmail}
            </Text>
          )}
        </Stack>
      ),
    },
    { header: 'Status', hidden: phone, cell: (b) => <BookingStatusBadge booking={b} /> },
    {
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      w: 48,
      cell: (b) =>
        b.status === 'booked' ? (
          <RowActions
            name={`${b.visitorName}, ${showDateTime(b.start)}`}
            actions={[
              { label: 'Reschedule', icon: IconCalendarTime, onClick: () => actions.reschedule(b) },
              {
                label: 'Cancel booking',
                icon: IconX,
                onClick: () => actions.cancel(b),
                danger: true,
              },
            ]}
          />
        ) : null,
    },
  ];
}

/**
 * The workspace's bookings, upcoming (soonest first) or past (latest first), each with its
 * invitee linked to their contact; one still booked can be moved or cancelled.
 */
export function BookingsPanel() {
  const controls = useLocalListControls({ pageSize: 1000 });
  const phone = useMatches({ base: true, sm: false });
  const mutations = useSchedulingMutations();
  const [when, setWhen] = useState<When>('upcoming');
  const [cancelling, setCancelling] = useState<Booking | null>(null);
  const [moving, setMoving] = useState<Booking | null>(null);
  const cancelled = useRetained(cancelling);
  const moved = useRetained(moving);
  const today = utcToday();
  const bookings = trpc.scheduling.bookings.useQuery(
    // Past ones latest first from the server: it answers at most 1,000.
    when === 'upcoming' ? { from: today } : { to: today, order: 'desc' },
  );
  const now = Date.now();
  const upcoming = (b: Booking) => Date.parse(b.end) > now;
  const result = wholeList(bookings, (b) => (when === 'upcoming' ? upcoming(b) : !upcoming(b)));

  return (
    <>
      <ListPage
        controls={controls}
        result={result}
        noun="bookings"
        paged={false}
        filtering={false}
        filters={
          <SegmentedControl
            aria-label="Which bookings"
            value={when}
            onChange={(value) => setWhen(value as When)}
            data={[
              { value: 'upcoming', label: 'Upcoming' },
              { value: 'past', label: 'Past' },
            ]}
          />
        }
        empty={{
          icon: <IconCalendarEvent size={26} stroke={1.5} />,
          title: when === 'upcoming' ? 'No upcoming bookings' : 'No past bookings',
          description:
            when === 'upcoming'
              ? 'Add a booking type, set your availability, then share the booking link: what people book shows here.'
              : 'Bookings move here once their time has passed.',
        }}
        minWidth={phone ? 340 : 760}
        tableLabel="Bookings"
        columns={bookingColumns(phone, { cancel: setCancelling, reschedule: setMoving })}
      />
      <ReasonDialog
        opened={cancelling !== null}
        title="Cancel booking"
        intro={
          cancelled &&
          `Cancel ${cancelled.visitorName}'s ${cancelled.title} on ${bookingWhen(cancelled)}? The time is free again and both of you get a cancellation email.`
        }
        label="Reason (optional)"
        description="Sent to the invitee with the cancellation."
        rule={CancelBookingSchema.shape.reason.unwrap()}
        optional
        cancelLabel="Keep booking"
        minRows={2}
        submitLabel="Cancel booking"
        onClose={() => setCancelling(null)}
        onSubmit={(reason) =>
          cancelled ? mutations.cancel(cancelled, reason) : Promise.resolve(false)
        }
      />
      <RescheduleDialog booking={moved} opened={moving !== null} onClose={() => setMoving(null)} />
    </>
  );
}
