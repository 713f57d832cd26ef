import type { BusinessProfileUpdate } from '../../../shared/business.schema.ts';
import type { WorkspaceScope } from '../../trpc/context.ts';
import * as repo from './business.repository.ts';

export function getProfile({ db, workspace }: WorkspaceScope) {
  return repo.findProfile(db, workspace.id);
}

export async function updateProfile(
  { db, workspace }: WorkspaceScope,
  values: BusinessProfileUpdate,
) {
  await repo.updateProfile(db, workspace.id, values);
  return repo.findProfile(db, workspace.id);
}
