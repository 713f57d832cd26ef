import { useMemo } from 'react';
import type { z } from 'zod';
import type {
  Service,
  ServiceInputSchema,
  ServiceUpdateSchema,
} from '../../../shared/services.schema.ts';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';

/**
 * Adding, changing, archiving and deleting services, with toasts after the server
 * answered. Each resolves to the saved row (or true), or undefined/false after the error
 * toast (a service in use is not deleted: the server's 409 is told as an error).
 */
export function useServiceMutations() {
  const { mutateAsync: create } = trpc.services.create.useMutation({
    meta: {
      success: 'Service added',
      error: withServerMessage('Failed to add the service'),
      invalidates: [trpc.services],
    },
  });
  const { mutateAsync: update } = trpc.services.update.useMutation({
    meta: {
      success: (service: Service, input: { archived?: boolean; name?: string }) =>
        input.archived === undefined || input.name !== undefined
          ? 'Service updated'
          : input.archived
            ? 'Service archived'
            : 'Service restored',
      error: withServerMessage('Failed to update the service'),
      invalidates: [trpc.services],
    },
  });
  const { mutateAsync: remove } = trpc.services.delete.useMutation({
    meta: {
      success: 'Service deleted',
      error: withServerMessage('Failed to delete the service'),
      invalidates: [trpc.services],
    },
  });

  return useMemo(
    () => ({
      create: (input: z.input<typeof ServiceInputSchema>): Promise<Service | undefined> =>
        succeeded(create(input)),
      update: (input: z.input<typeof ServiceUpdateSchema>): Promise<Service | undefined> =>
        succeeded(update(input)),
      setArchived: (service: Pick<Service, 'id'>, archived: boolean) =>
        succeeded(update({ id: service.id, archived })),
      remove: async (service: Pick<Service, 'id'>) =>
        (await succeeded(remove({ id: service.id }))) !== undefined,
    }),
    [create, update, remove],
  );
}
