import { Button, EmptyState, Group } from '@mantine/core';
import { IconSearch, IconUpload, IconUserPlus, IconUsers } from '@tabler/icons-react';

/**
 * SPEC §2: 'No contacts yet' for an empty workspace, 'No contacts found' for a search.
 * Its buttons are worded apart from the toolbar's so each name finds one button.
 */
export function ContactsEmptyState({
  searching,
  onAdd,
  onImport,
}: {
  searching: boolean;
  onAdd: () => void;
  onImport: () => void;
}) {
  if (searching) {
    return (
      <EmptyState
        py={56}
        px="md"
        withIndicatorBackground
        icon={<IconSearch size={26} stroke={1.6} />}
        title="No contacts found"
        description="Try adjusting your search"
      />
    );
  }
  return (
    <EmptyState
      py={56}
      px="md"
      variant="light"
      icon={<IconUsers size={26} stroke={1.6} />}
      title="No contacts yet"
      description="Add the people you work with, or bring them in from a CSV file."
    >
      <EmptyState.Actions>
        <Group gap="sm" justify="center">
          <Button leftSection={<IconUserPlus size={16} />} onClick={onAdd}>
            Add First Contact
          </Button>
          <Button variant="default" leftSection={<IconUpload size={16} />} onClick={onImport}>
            Import from CSV
          </Button>
        </Group>
      </EmptyState.Actions>
    </EmptyState>
  );
}
