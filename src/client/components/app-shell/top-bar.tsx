import {
  ActionIcon,
  Group,
  Title,
  Tooltip,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

/** Switches between the light and dark themes. */
export function useToggleTheme() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  return {
    dark: computed === 'dark',
    toggle: () => setColorScheme(computed === 'dark' ? 'light' : 'dark'),
  };
}

function ThemeToggle() {
  const theme = useToggleTheme();
  const label = theme.dark ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <Tooltip label={label}>
      <ActionIcon variant="default" size="lg" onClick={theme.toggle} aria-label={label}>
        {theme.dark ? <IconSun size={18} stroke={1.6} /> : <IconMoon size={18} stroke={1.6} />}
      </ActionIcon>
    </Tooltip>
  );
}

export function TopBar({ title }: { title: string }) {
  return (
    <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap">
      <Title order={1} fz={{ base: 'lg', sm: 'xl' }} lineClamp={1}>
        {title}
      </Title>
      <Group gap="xs" wrap="nowrap">
        <ThemeToggle />
      </Group>
    </Group>
  );
}
