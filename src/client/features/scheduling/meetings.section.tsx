import { Badge, Group, Stack, Text } from '@mantine/core';
import type { Booking } from '../../../shared/scheduling.schema.ts';
import { DetailRow } from '../../components/detail-row.tsx';
import { trpc } from '../../trpc.ts';
import { bookingWhen } from './bookings.panel.tsx';

/** The most a contact's or deal's details list; /scheduling has them all. */
const SHOWN = 10;

/** Upcoming meetings first (soonest first), then past ones (latest first). */
function inOrder(bookings: readonly Booking[], now = Date.now()) {
  const upcoming = bookings.filter((b) => Date.parse(b.end) > now);
  const past = bookings.filter((b) => Date.parse(b.end) <= now).reverse();
  return [...upcoming, ...past];
}

/**
 * The meetings booked through a booking page by a contact or for a deal: when, which
 * booking type, and whether it was cancelled.
 */
export function MeetingsSection(of: { contactId: number } | { dealId: number }) {
  const bookings = trpc.scheduling.bookings.useQuery(of);
  if (bookings.isPending) return null;
  if (bookings.isError) {
    return (
      <Text size="sm" c="red">
        Meetings could not be loaded.
      </Text>
    );
  }
  const all = inOrder(bookings.data);
  const items = all.slice(0, SHOWN);
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  }
  return (
    <Stack gap={4} role="list" aria-label="Meetings">
      {items.map((booking) => (
        <Group key={booking.id} gap="xs" justify="space-between" wrap="nowrap" role="listitem">
          <Stack gap={0} miw={0}>
            <Text
              size="sm"
              truncate="end"
              td={booking.status === 'cancelled' ? 'line-through' : undefined}
            >
              {booking.title}
            </Text>
            <Text size="xs" c="dimmed">
              {bookingWhen(booking)}
            </Text>
          </Stack>
          {booking.status === 'cancelled' && (
            <Badge variant="light" color="gray" size="sm">
              Cancelled
            </Badge>
          )}
        </Group>
      ))}
      {all.length > items.length && (
        <Text size="xs" c="dimmed">
          {`And ${all.length - items.length} more`}
        </Text>
      )}
    </Stack>
  );
}

/** A deal's meetings under their heading, as the deal's dialog shows them. */
export function DealMeetingsSection({ dealId }: { dealId: number }) {
  return (
    <DetailRow label="Meetings">
      <MeetingsSection dealId={dealId} />
    </DetailRow>
  );
}
