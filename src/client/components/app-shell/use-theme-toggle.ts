import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';

/**
 * Switches between the light and dark themes. Mantine keeps the choice in localStorage,
 * so it survives reloads; until the user chooses, the system preference applies.
 */
export function useThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  return {
    dark: computed === 'dark',
    toggle: () => setColorScheme(computed === 'dark' ? 'light' : 'dark'),
  };
}
