import {
  BILLING_MANAGERS,
  BUSINESS_MANAGERS,
  WORKSPACE_MANAGERS,
  type WorkspaceRole,
} from '../../shared/roles.ts';
import { useCurrentWorkspace } from '../features/auth/session.ts';

function useRoleIn(roles: readonly WorkspaceRole[]): boolean {
  const role = useCurrentWorkspace().data?.role;
  return role !== undefined && roles.includes(role);
}

/** Who issues and settles invoices (the server's rule); everyone else reads them. */
export function useCanBill(): boolean {
  return useRoleIn(BILLING_MANAGERS);
}

/** Who changes the business settings and email templates (the server's rule). */
export function useCanManageBusiness(): boolean {
  return useRoleIn(BUSINESS_MANAGERS);
}

/** Who manages the workspace itself, its online payment keys included (the server's rule). */
export function useCanManageWorkspace(): boolean {
  return useRoleIn(WORKSPACE_MANAGERS);
}
