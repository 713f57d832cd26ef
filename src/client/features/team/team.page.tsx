import { Center, Loader } from '@mantine/core';
import { useCurrentWorkspace } from '../auth/session.ts';
import { TeamAccessDenied } from './team-access-denied.tsx';
import { canViewTeam } from './team-display.ts';
import { TeamManagement } from './team-management.tsx';

/** /team (SPEC §2 Team Management): Access Denied for roles without team rights. */
export function TeamPage() {
  const current = useCurrentWorkspace();
  if (current.isPending) {
    return (
      <Center py={80}>
        <Loader aria-label="Loading team members" />
      </Center>
    );
  }
  if (!canViewTeam(current.data?.role)) return <TeamAccessDenied />;
  return <TeamManagement />;
}

export default TeamPage;
