import { Group, Kbd, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useInspectorShortcutKeys, useModKeyLabel } from '../shortcut-label.ts';

function Keys({ keys }: { keys: string[] }) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {keys.map((key) => (
        <Kbd key={key} size="sm">
          {key}
        </Kbd>
      ))}
    </Group>
  );
}

/** Help Center of the profile menu: the ways around Keel, keyboard shortcuts first. */
export function HelpCenterModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const mod = useModKeyLabel();
  const inspectorKeys = useInspectorShortcutKeys();
  const shortcuts = [
    { action: 'Open the command palette', keys: [mod, 'K'] },
    { action: 'Turn the design inspector on or off', keys: inspectorKeys },
    { action: 'Copy the colour under the pointer (inspector on)', keys: ['C'] },
    { action: 'Close a dialog, menu or the inspector', keys: ['Esc'] },
  ];
  return (
    <Modal opened={opened} onClose={onClose} title="Help Center" centered size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Jump to any page with the command palette, or use the shortcuts below.
        </Text>
        <Title order={3} fz="sm" tt="uppercase" c="dimmed" lts={0.4}>
          Keyboard shortcuts
        </Title>
        <Table verticalSpacing="sm" withRowBorders>
          <Table.Tbody>
            {shortcuts.map((shortcut) => (
              <Table.Tr key={shortcut.action}>
                <Table.Td>
                  <Text size="sm">{shortcut.action}</Text>
                </Table.Td>
                <Table.Td>
                  <Keys keys={shortcut.keys} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Modal>
  );
}
