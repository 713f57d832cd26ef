import { BILLING_MANAGERS, type WorkspaceRole } from '../../shared/roles.ts';
import { useCurrentWorkspace } from '../features/auth/session.ts';

/** Who issues and settles invoices (the server's rule); everyone else reads them. */
export function useCanBill(): boolean {
  const role = useCurrentWorkspace().data?.role;
  return role !== undefined && (BILLING_MANAGERS as readonly WorkspaceRole[]).includes(role);
}
