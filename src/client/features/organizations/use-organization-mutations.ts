import { useMemo } from 'react';
import type { Organization } from '../../../shared/organizations.schema.ts';
import { succeeded } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';

type OrganizationCreate = { name: string; email?: string; phone?: string };

/** The list and the pickers' options always change. */
const lists = [trpc.organizations.list, trpc.organizations.options];
/** Contacts too when the organization had people: their Organization column shows it. */
const withPeople = [...lists, trpc.contacts.list];

/**
 * The organization mutations with the toasts of SPEC §8. The list and the pickers'
 * options always change; contacts only when the organization had people (their
 * Organization column shows its name, or loses it on deletion).
 */
export function useOrganizationMutations() {
  const { mutateAsync: create } = trpc.organizations.create.useMutation({
    meta: {
      success: 'Organization created successfully',
      error: ['Error', 'Failed to create organization'],
      invalidates: lists,
    },
  });
  const { mutateAsync: rename } = trpc.organizations.update.useMutation({
    meta: {
      success: 'Organization updated successfully',
      error: ['Error', 'Failed to update organization'],
      invalidates: (organization: Organization) =>
        organization.peopleCount > 0 ? withPeople : lists,
    },
  });
  const { mutateAsync: remove } = trpc.organizations.delete.useMutation({
    meta: {
      success: 'Organization deleted successfully',
      error: ['Error', 'Failed to delete organization'],
      invalidates: withPeople,
    },
  });

  return useMemo(
    () => ({
      /** The new organization, or undefined after the error toast. */
      create: (input: OrganizationCreate) => succeeded(create(input)),
      rename: (before: Organization, name: string) => succeeded(rename({ id: before.id, name })),
      remove: async (organization: Organization) =>
        (await succeeded(remove({ id: organization.id }))) !== undefined,
    }),
    [create, rename, remove],
  );
}
