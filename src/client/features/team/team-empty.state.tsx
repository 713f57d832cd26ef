import { Button, EmptyState } from '@mantine/core';
import { IconSearch, IconUserPlus, IconUsers } from '@tabler/icons-react';

/** SPEC §2: 'No team members found', with a hint that depends on whether one searched. */
export function TeamEmptyState({
  searching,
  canInvite,
  onInvite,
}: {
  searching: boolean;
  canInvite: boolean;
  onInvite: () => void;
}) {
  if (searching) {
    return (
      <EmptyState
        py={56}
        px="md"
        withIndicatorBackground
        icon={<IconSearch size={26} stroke={1.6} />}
        title="No team members found"
        description="Try adjusting your search query."
      />
    );
  }
  return (
    <EmptyState
      py={56}
      px="md"
      variant="light"
      icon={<IconUsers size={26} stroke={1.6} />}
      title="No team members found"
      description="Start building your team by inviting members to your workspace."
    >
      {canInvite && (
        <EmptyState.Actions>
          <Button leftSection={<IconUserPlus size={16} />} onClick={onInvite}>
            Invite Your First Member
          </Button>
        </EmptyState.Actions>
      )}
    </EmptyState>
  );
}
