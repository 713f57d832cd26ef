import { useMemo } from 'react';
import type { Organization } from '../../../shared/organizations.schema.ts';
import { toastError, toastSuccess } from '../../components/toasts.tsx';
import { trpc } from '../../trpc.ts';

type OrganizationCreate = { name: string; email?: string; phone?: string };

/**
 * The organization mutations with the toasts of SPEC §8. The list and the pickers'
 * options always change; contacts only when the organization had people (their
 * Organization column shows its name, or loses it on deletion).
 */
export function useOrganizationMutations() {
  const utils = trpc.useUtils();
  const { mutateAsync: createOrganization } = trpc.organizations.create.useMutation();
  const { mutateAsync: updateOrganization } = trpc.organizations.update.useMutation();
  const { mutateAsync: deleteOrganization } = trpc.organizations.delete.useMutation();

  return useMemo(() => {
    const refresh = (contactsChanged: boolean) =>
      Promise.all([
        utils.organizations.list.invalidate(),
        utils.organizations.options.invalidate(),
        contactsChanged ? utils.contacts.list.invalidate() : undefined,
      ]);

    /** Resolves to the new organization, or null after an error toast. */
    const create = async (input: OrganizationCreate): Promise<Organization | null> => {
      try {
        const organization = await createOrganization(input);
        await refresh(false);
        toastSuccess('Organization created successfully');
        return organization;
      } catch (error) {
        console.error(error);
        toastError('Error', 'Failed to create organization');
        return null;
      }
    };

    const rename = async (before: Organization, name: string): Promise<Organization | null> => {
      try {
        const organization = await updateOrganization({ id: before.id, name });
        await refresh(before.peopleCount > 0);
        toastSuccess('Organization updated successfully');
        return organization;
      } catch (error) {
        console.error(error);
        toastError('Error', 'Failed to update organization');
        return null;
      }
    };

    const remove = async (organization: Organization): Promise<boolean> => {
      try {
        await deleteOrganization({ id: organization.id });
        await refresh(organization.peopleCount > 0);
        toastSuccess('Organization deleted successfully');
        return true;
      } catch (error) {
        console.error(error);
        toastError('Error', 'Failed to delete organization');
        return false;
      }
    };

    return { create, rename, remove };
  }, [utils, createOrganization, updateOrganization, deleteOrganization]);
}
