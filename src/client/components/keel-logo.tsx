import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconSailboat } from '@tabler/icons-react';

export function KeelMark({ size = 36 }: { size?: number }) {
  return (
    <ThemeIcon size={size} radius="md" variant="gradient">
      <IconSailboat size={size * 0.6} stroke={1.8} />
    </ThemeIcon>
  );
}

export function KeelLogo() {
  return (
    <Group gap="xs" wrap="nowrap">
      <KeelMark />
      <Text fw={800} fz="xl" lh={1}>
        Keel
      </Text>
    </Group>
  );
}
