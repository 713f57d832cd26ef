import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** A deep blue-grey for the sidebar rail: darker than any surface in either theme. */
const slate: MantineColorsTuple = [
  '#f1f5f9',
  '#e2e8f0',
  '#cbd5e1',
  '#94a3b8',
  '#64748b',
  '#475569',
  '#334155',
  '#1e293b',
  '#151e2f',
  '#0b1120',
];

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 6, dark: 5 },
  colors: { slate },
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  components: {
    // SPEC §9: tooltips open after 700 ms, 4 px away from their target.
    Tooltip: { defaultProps: { openDelay: 700, offset: 4, withArrow: true } },
  },
});
