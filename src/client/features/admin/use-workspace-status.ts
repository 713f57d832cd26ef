import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import { auditReads } from './refresh-audit.ts';

/**
 * Suspends or activates a workspace (the list's and the detail page's buttons). A
 * suspended workspace is closed to its members at their next request; the server tells
 * them why.
 */
export function useWorkspaceStatus() {
  const mutation = trpc.admin.setWorkspaceStatus.useMutation({
    meta: {
      success: 'Workspace status updated successfully',
      error: withServerMessage('Failed to update workspace status'),
      invalidates: [trpc.admin.workspaces, trpc.admin.workspace, ...auditReads],
    },
  });
  const setActive = async (id: number, isActive: boolean): Promise<boolean> =>
    (await succeeded(mutation.mutateAsync({ id, isActive }))) !== undefined;
  // The workspace whose button spins.
  const pendingId = mutation.isPending ? Number(mutation.variables.id) : null;
  return { setActive, pendingId };
}
