import { useState } from 'react';
import { toastError, toastSuccess } from '../../components/toasts.tsx';
import { messageOf, trpc } from '../../trpc.ts';
import { refreshAudit } from './refresh-audit.ts';

/**
 * Suspends or activates a workspace (the list's and the detail page's buttons). A
 * suspended workspace is closed to its members at their next request; the server tells
 * them why.
 */
export function useWorkspaceStatus() {
  const utils = trpc.useUtils();
  const mutation = trpc.admin.setWorkspaceStatus.useMutation();
  const [pendingId, setPendingId] = useState<number | null>(null);
  const setActive = async (id: number, isActive: boolean): Promise<boolean> => {
    setPendingId(id);
    try {
      await mutation.mutateAsync({ id, isActive });
      await Promise.all([
        utils.admin.workspaces.invalidate(),
        utils.admin.workspace.invalidate({ id }),
        refreshAudit(utils),
      ]);
      toastSuccess('Workspace status updated successfully');
      return true;
    } catch (error) {
      toastError('Failed to update workspace status', messageOf(error) || undefined);
      return false;
    } finally {
      setPendingId(null);
    }
  };
  return { setActive, pendingId };
}
