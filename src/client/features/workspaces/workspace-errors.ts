import { messageOf } from '../../trpc.ts';

export const CREATION_FAILED = 'Creation failed';

/** SPEC §8 Workspace creation. */
export function createWorkspaceErrorMessage(error: unknown): string {
  return messageOf(error).includes('already exists')
    ? 'A workspace with this URL already exists'
    : 'Failed to create workspace. Please try again.';
}
