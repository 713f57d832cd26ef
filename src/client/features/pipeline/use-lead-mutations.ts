import { useMemo } from 'react';
import type { Lead, LeadInput } from '../../../shared/pipeline.schema.ts';
import { toastError, toastSuccess } from '../../components/toasts.tsx';
import { messageOf, trpc } from '../../trpc.ts';
import { useRefreshAfterLeadChange } from './use-leads.ts';

type LeadFields = LeadInput & { dealName: string };

/**
 * Creating, editing and deleting a deal from its dialog, with the toasts of SPEC §8. Each
 * resolves to the saved deal (or true), or null/false after the error toast, so the
 * dialog knows whether to close.
 */
export function useLeadMutations() {
  const refresh = useRefreshAfterLeadChange();
  const { mutateAsync: createLead } = trpc.leads.create.useMutation();
  const { mutateAsync: updateLead } = trpc.leads.update.useMutation();
  const { mutateAsync: deleteLead } = trpc.leads.delete.useMutation();

  return useMemo(() => {
    const create = async (input: LeadFields): Promise<Lead | null> => {
      try {
        const lead = await createLead(input);
        toastSuccess('Opportunity created');
        void refresh();
        return lead;
      } catch (error) {
        console.error(error);
        // SPEC §8: the server's message is shown when there is one.
        toastError(
          'Failed to create opportunity. Please try again.',
          messageOf(error) || undefined,
        );
        return null;
      }
    };

    const update = async (id: number, input: LeadFields): Promise<Lead | null> => {
      try {
        const lead = await updateLead({ id, ...input });
        toastSuccess('Opportunity updated');
        void refresh();
        return lead;
      } catch (error) {
        console.error(error);
        toastError('Failed to update opportunity. Please try again.');
        return null;
      }
    };

    // Beyond the spec, which had no way to delete a deal.
    const remove = async (lead: Lead): Promise<boolean> => {
      try {
        await deleteLead({ id: lead.id });
        toastSuccess('Opportunity deleted');
        void refresh();
        return true;
      } catch (error) {
        console.error(error);
        toastError('Failed to delete opportunity. Please try again.');
        return false;
      }
    };

    return { create, update, remove };
  }, [createLead, updateLead, deleteLead, refresh]);
}
