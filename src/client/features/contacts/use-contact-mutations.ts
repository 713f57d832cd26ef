import { useMemo } from 'react';
import type { Person, PersonInput } from '../../../shared/contacts.schema.ts';
import { toastError, toastSuccess } from '../../components/toasts.tsx';
import { trpc } from '../../trpc.ts';

/**
 * The contact mutations with the toasts of SPEC §8 and the invalidations they need:
 * every change touches the contacts list; the organizations list only when a contact
 * joins or leaves an organization (its People count moves).
 */
export function useContactMutations() {
  const utils = trpc.useUtils();
  const { mutateAsync: createContact } = trpc.contacts.create.useMutation();
  const { mutateAsync: updateContact } = trpc.contacts.update.useMutation();
  const { mutateAsync: deleteContact } = trpc.contacts.delete.useMutation();

  return useMemo(() => {
    const refresh = (organizationsChanged: boolean) =>
      Promise.all([
        utils.contacts.list.invalidate(),
        organizationsChanged ? utils.organizations.list.invalidate() : undefined,
      ]);

    /** Resolves to the new contact, or null after an error toast. */
    const create = async (input: PersonInput): Promise<Person | null> => {
      try {
        const person = await createContact(input);
        await refresh(input.companyId != null);
        toastSuccess('Contact created successfully');
        return person;
      } catch (error) {
        console.error(error);
        toastError('Error', 'Failed to create contact');
        return null;
      }
    };

    const update = async (before: Person, input: Partial<PersonInput>): Promise<Person | null> => {
      try {
        const person = await updateContact({ id: before.id, ...input });
        await refresh(person.companyId !== before.companyId);
        toastSuccess('Contact updated successfully');
        return person;
      } catch (error) {
        console.error(error);
        toastError('Error', 'Failed to update contact');
        return null;
      }
    };

    /** The table's inline dropdown: only the assignee changes, with its own toasts. */
    const assign = async (person: Person, assignedUserId: number | null): Promise<boolean> => {
      try {
        await updateContact({ id: person.id, assignedUserId });
        await refresh(false);
        toastSuccess('Contact assignment updated');
        return true;
      } catch (error) {
        console.error(error);
        toastError('Error', 'Failed to update contact assignment');
        return false;
      }
    };

    const remove = async (person: Person): Promise<boolean> => {
      try {
        await deleteContact({ id: person.id });
        await refresh(person.companyId != null);
        toastSuccess('Contact deleted successfully');
        return true;
      } catch (error) {
        console.error(error);
        toastError('Error', 'Failed to delete contact');
        return false;
      }
    };

    return { create, update, assign, remove };
  }, [utils, createContact, updateContact, deleteContact]);
}
