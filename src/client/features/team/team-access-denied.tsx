import { EmptyStateCard } from '../../components/empty-state-card.tsx';
import { IconLock } from '@tabler/icons-react';

/** SPEC §2: what a member without team rights sees at /team. */
export function TeamAccessDenied() {
  return (
    <EmptyStateCard
      maw={720}
      color="red"
      icon={<IconLock size={26} stroke={1.6} />}
      title="Access Denied"
      description="You don't have permission to view team management."
    />
  );
}
