import { Alert, Chip, Group, Loader, Stack, Text } from '@mantine/core';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { useState } from 'react';
import type { Booking } from '../../../shared/scheduling.schema.ts';
import { displayPreferences, showTime, userToday } from '../../components/display-preferences.tsx';
import { DayInput } from '../../components/form/date-field.tsx';
import { DialogForm, FormDialog } from '../../components/form-dialog.tsx';
import { messageOf, trpc } from '../../trpc.ts';
import { bookingWhen } from './bookings.panel.tsx';
import { useSchedulingMutations } from './use-scheduling-mutations.ts';

/** Move a booking to another free slot of its type, picked on a day in the viewer's zone. */
export function RescheduleDialog({
  booking,
  opened,
  onClose,
}: {
  booking: Booking | null;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <FormDialog opened={opened} onClose={onClose} title="Reschedule booking">
      {booking && <RescheduleForm key={booking.id} booking={booking} onClose={onClose} />}
    </FormDialog>
  );
}

function RescheduleForm({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const timezone = displayPreferences().timezone;
  const mutations = useSchedulingMutations();
  const types = trpc.bookingTypes.list.useQuery();
  const type = types.data?.find((t) => t.id === booking.typeId);
  const bookedDay = format(new TZDate(booking.start, timezone), 'yyyy-MM-dd');
  const [day, setDay] = useState<string | null>(bookedDay < userToday() ? userToday() : bookedDay);
  const [start, setStart] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // The type's public slots: the times its page offers now (the booking's own is taken).
  const slots = trpc.scheduling.publicSlots.useQuery(
    { slug: type?.publicSlug ?? '', from: day ?? '', to: day ?? '', timezone },
    { enabled: Boolean(type && day) },
  );

  const submit = async () => {
    if (!start) {
      setError('Choose a new time');
      return;
    }
    setPending(true);
    setError(null);
    try {
      await mutations.reschedule(booking, start);
      onClose();
    } catch (failure) {
      // "This time was just taken" and the like, said where the time was picked.
      setError(messageOf(failure) || 'The booking could not be moved');
    } finally {
      setPending(false);
    }
  };

  return (
    <DialogForm
      pending={pending}
      submitLabel="Move booking"
      submitDisabled={!type}
      onCancel={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        return submit();
      }}
    >
      <Text size="sm">
        {`${booking.visitorName}, ${booking.title}, now ${bookingWhen(booking)}. Both of you get the updated invitation.`}
      </Text>
      {types.isSuccess && !type ? (
        <Alert color="yellow" variant="light">
          The booking type of this booking was deleted, so it has no times to move to. Cancel it
          instead, and ask the invitee to book again.
        </Alert>
      ) : (
        <>
          <DayInput
            label="Day"
            value={day}
            minDate={userToday()}
            clearable={false}
            onChange={(value) => {
              setDay(value);
              setStart(null);
              setError(null);
            }}
          />
          <Stack gap={6}>
            <Text size="sm" fw={500} id="reschedule-times">
              {`Free times (${timezone})`}
            </Text>
            {slots.isFetching ? (
              <Loader size="sm" aria-label="Loading free times" />
            ) : slots.isError ? (
              <Text size="sm" c="red">
                {messageOf(slots.error) || 'The free times could not be loaded.'}
              </Text>
            ) : (slots.data?.slots.length ?? 0) === 0 ? (
              <Text size="sm" c="dimmed">
                No free time on this day. Try another day.
              </Text>
            ) : (
              <Chip.Group
                multiple={false}
                value={start}
                onChange={(value) => {
                  setStart(value);
                  setError(null);
                }}
              >
                <Group gap="xs" role="radiogroup" aria-labelledby="reschedule-times">
                  {slots.data?.slots.map((slot) => (
                    <Chip key={slot.start} value={slot.start} variant="outline">
                      {showTime(slot.start)}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            )}
          </Stack>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
        </>
      )}
    </DialogForm>
  );
}
