import { useMemo } from 'react';
import type {
  ContactBulk,
  ContactBulkResult,
  Person,
  PersonInput,
} from '../../../shared/contacts.schema.ts';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';

/** A contact's change moves an organization's People count when it names an organization. */
const touched = (person: Person, input: Partial<PersonInput>) =>
  person.companyId != null || input.companyId !== undefined
    ? [trpc.contacts.list, trpc.organizations.list]
    : [trpc.contacts.list];

/**
 * The contact mutations with the toasts of SPEC §8 and the invalidations they need:
 * every change touches the contacts list; the organizations list only when a contact
 * belongs to, joins or leaves an organization (its People count moves).
 */
export function useContactMutations() {
  const { mutateAsync: create } = trpc.contacts.create.useMutation({
    meta: {
      success: 'Contact created successfully',
      error: ['Error', 'Failed to create contact'],
      invalidates: touched,
    },
  });
  const { mutateAsync: update } = trpc.contacts.update.useMutation({
    meta: {
      success: 'Contact updated successfully',
      error: ['Error', 'Failed to update contact'],
      invalidates: touched,
    },
  });
  // The table's inline dropdown: only the assignee changes, with its own toasts.
  const { mutateAsync: assign } = trpc.contacts.update.useMutation({
    meta: {
      success: 'Contact assignment updated',
      error: ['Error', 'Failed to update contact assignment'],
      invalidates: [trpc.contacts.list],
    },
  });
  const { mutateAsync: remove } = trpc.contacts.delete.useMutation({
    meta: {
      success: 'Contact deleted successfully',
      error: ['Error', 'Failed to delete contact'],
      invalidates: [trpc.contacts.list, trpc.organizations.list],
    },
  });

  // The table's selection: one change to many contacts.
  const { mutateAsync: bulk } = trpc.contacts.bulk.useMutation({
    meta: {
      success: ({ affected }: ContactBulkResult, change: ContactBulk) => {
        const contacts = `${affected} ${affected === 1 ? 'contact' : 'contacts'}`;
        if (change.action === 'delete') return `${contacts} deleted`;
        if (change.action === 'assign') return `${contacts} assigned`;
        return change.action === 'tag'
          ? `Tag added to ${contacts}`
          : `Tag removed from ${contacts}`;
      },
      error: withServerMessage('Failed to update contacts'),
      invalidates: [trpc.contacts.list, trpc.organizations.list],
    },
  });

  return useMemo(
    () => ({
      /** The new contact, or undefined after the error toast. */
      create: (input: PersonInput) => succeeded(create(input)),
      update: (before: Person, input: Partial<PersonInput>) =>
        succeeded(update({ id: before.id, ...input })),
      assign: async (person: Person, assignedUserId: number | null) =>
        (await succeeded(assign({ id: person.id, assignedUserId }))) !== undefined,
      remove: async (person: Person) => (await succeeded(remove({ id: person.id }))) !== undefined,
      /** Whether the change was made (its toast says how many contacts it changed). */
      bulk: async (change: ContactBulk) => (await succeeded(bulk(change))) !== undefined,
    }),
    [create, update, assign, remove, bulk],
  );
}
