import { useMemo } from 'react';
import type { z } from 'zod';
import type {
  Booking,
  BookingType,
  BookingTypeInputSchema,
  BookingTypeUpdateSchema,
} from '../../../shared/scheduling.schema.ts';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';

/**
 * Booking types and bookings changed from the app, with toasts after the server answered.
 * `saveType` and `reschedule` reject with the server's error (their dialogs show it on the
 * field); the others resolve to the row (or true), or undefined/false after the error toast.
 */
export function useSchedulingMutations() {
  const { mutateAsync: create } = trpc.bookingTypes.create.useMutation({
    meta: { success: 'Booking type added', invalidates: [trpc.bookingTypes] },
  });
  const { mutateAsync: update } = trpc.bookingTypes.update.useMutation({
    meta: { success: 'Booking type saved', invalidates: [trpc.bookingTypes] },
  });
  const { mutateAsync: remove } = trpc.bookingTypes.delete.useMutation({
    meta: {
      success: 'Booking type deleted',
      error: withServerMessage('Failed to delete the booking type'),
      invalidates: [trpc.bookingTypes],
    },
  });
  const { mutateAsync: cancel } = trpc.scheduling.cancelBooking.useMutation({
    meta: {
      success: (booking: Booking) => [
        'Booking cancelled',
        `${booking.visitorName} gets an email saying so.`,
      ],
      error: withServerMessage('Failed to cancel the booking'),
      invalidates: [trpc.scheduling.bookings],
    },
  });
  const { mutateAsync: reschedule } = trpc.scheduling.rescheduleBooking.useMutation({
    meta: {
      success: (booking: Booking) => [
        'Booking moved',
        `${booking.visitorName} gets the updated invitation.`,
      ],
      invalidates: [trpc.scheduling.bookings],
    },
  });

  return useMemo(
    () => ({
      saveType: (
        type: BookingType | null,
        input: z.input<typeof BookingTypeInputSchema>,
      ): Promise<BookingType> =>
        type
          ? update({ ...input, id: type.id } as z.input<typeof BookingTypeUpdateSchema>)
          : create(input),
      removeType: async (type: Pick<BookingType, 'id'>) =>
        (await succeeded(remove({ id: type.id }))) !== undefined,
      cancel: async (booking: Pick<Booking, 'id'>, reason: string) =>
        (await succeeded(cancel({ id: booking.id, ...(reason ? { reason } : {}) }))) !== undefined,
      reschedule: (booking: Pick<Booking, 'id'>, start: string) =>
        reschedule({ id: booking.id, start }),
    }),
    [create, update, remove, cancel, reschedule],
  );
}
