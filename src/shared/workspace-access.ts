/**
 * The machine-readable code of the refusal a member gets once their access to the current
 * workspace was removed (membership deactivated or deleted): REST answers 403 with
 * `{error, code, workspace: {id, name}}`, tRPC puts `reason` and `workspace` in the error's data.
 */
export const WORKSPACE_ACCESS_REVOKED = 'WORKSPACE_ACCESS_REVOKED';

/** The refusal's message, also the title of the screen the member sees. */
export function accessRevokedMessage(workspaceName: string): string {
  return `Your access to ${workspaceName} was removed`;
}
