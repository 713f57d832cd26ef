import { Button, EmptyState } from '@mantine/core';
import { IconBuilding, IconPlus, IconSearch } from '@tabler/icons-react';

/** An empty workspace invites the first organization; an empty search says so. */
export function OrganizationsEmptyState({
  searching,
  onAdd,
}: {
  searching: boolean;
  onAdd: () => void;
}) {
  if (searching) {
    return (
      <EmptyState
        py={56}
        px="md"
        withIndicatorBackground
        icon={<IconSearch size={26} stroke={1.6} />}
        title="No organizations found"
        description="Try adjusting your search"
      />
    );
  }
  return (
    <EmptyState
      py={56}
      px="md"
      variant="light"
      icon={<IconBuilding size={26} stroke={1.6} />}
      title="No organizations yet"
      description="Add the companies you work with; contacts can then be linked to them."
    >
      <EmptyState.Actions>
        <Button leftSection={<IconPlus size={16} />} onClick={onAdd}>
          Add First Organization
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
