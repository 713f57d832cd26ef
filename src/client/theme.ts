import {
  createTheme,
  darken,
  DEFAULT_THEME,
  lighten,
  luminance,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

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

/**
 * WCAG 2.2 AA (tests/e2e/accessibility.spec.ts): text needs 4.5:1 against its surface.
 * Primary fills use shade 7 in light (white on indigo-7 is 4.98:1) and 8 in dark (5.67:1);
 * Mantine's shade 6 and 5 gave 4.32:1 and 3.67:1.
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 8 },
  colors: { slate },
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  // Filled buttons, badges and avatars take black or white text, whichever contrasts more
  // with their colour: 0.179 is the luminance where both give the same ratio (4.58:1).
  autoContrast: true,
  luminanceThreshold: 0.179,
  // The brand gradient (logo, Upgrade Now): white text keeps 4.98:1 at its lightest end.
  defaultGradient: { from: 'indigo.7', to: 'cyan.9', deg: 135 },
  // Plain objects rather than `Modal.extend(…)`: importing the components here would pull
  // them into the login route's bundle.
  components: {
    // SPEC §9: tooltips open after 700 ms, 4 px away from their target.
    Tooltip: { defaultProps: { openDelay: 700, offset: 4, withArrow: true } },
    // Every dialog's and drawer's close button has a name for screen readers.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // The menu's first item takes focus instead of a hidden placeholder, which is no menu
    // item and so breaks the menu role's structure (axe aria-required-children).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A select's options are drawn when it opens, not with the page: Mantine keeps every
    // closed dropdown mounted (hidden) by default, so a page drew and positioned each list
    // (every organization in a filter) on load (issue 39). The input only names its list
    // (aria-controls) while it is open, so nothing points at a list that is not there.
    Combobox: { defaultProps: { keepMounted: false } },
    // A table that scrolls sideways on a phone can be scrolled from the keyboard.
    TableScrollContainer: {
      defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } },
    },
  },
});

/** WCAG contrast ratio of two colours (1 to 21). */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The first colour, from `start` on, that keeps 4.5:1 on every surface: Mantine's shades in
 * order, then ever darker (or lighter) mixes of the last one.
 */
function readable(shades: string[], surfaces: string[], step: (color: string) => string) {
  const fits = (color: string) => surfaces.every((surface) => contrast(color, surface) >= 4.5);
  const found = shades.find(fits);
  if (found) return found;
  let color = shades[shades.length - 1]!;
  for (let i = 0; i < 20 && !fits(color); i++) color = step(color);
  return color;
}

/** Surfaces text sits on: the body, cards, table stripes and inputs of each theme. */
const LIGHT_SURFACES = ['#ffffff', DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1]];
const DARK_SURFACES = [DEFAULT_THEME.colors.dark[7], DEFAULT_THEME.colors.dark[6]];

/**
 * Text colours that keep 4.5:1 on every surface of their theme. Mantine's own gave 3.32:1
 * for dimmed text on white, 3.53:1 in dark, and 2.5–4.3:1 for coloured text (`c="teal"`)
 * and light badges (a "Paid" badge: teal-9 on teal-1). Each colour's text and light-variant
 * text get the first shade that passes (see `readable`); dark body text is brighter than
 * Mantine's #c9c9c9, which looked washed out beside white headings. Filled variants pick
 * black or white text through the theme's `autoContrast`.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = { '--mantine-color-dimmed': '#5c636a' };
  const dark: Record<string, string> = {
    '--mantine-color-text': '#e4e6e9',
    '--mantine-color-dimmed': '#adb1b8',
  };
  for (const [name, c] of Object.entries(t.colors)) {
    if (name === 'dark' || name === 'gray') continue;
    const darker = (color: string) => darken(color, 0.08);
    const lighter = (color: string) => lighten(color, 0.08);
    light[`--mantine-color-${name}-text`] = readable([c[7], c[8], c[9]], LIGHT_SURFACES, darker);
    light[`--mantine-color-${name}-light-color`] = readable([c[9]], [c[1], c[2]], darker);
    dark[`--mantine-color-${name}-text`] = readable([c[4], c[3], c[2]], DARK_SURFACES, lighter);
  }
  // Inputs in error draw their message, placeholder and border in the error colour, red-6
  // by default (3.3:1 on white): the readable red instead.
  light['--mantine-color-error'] = light['--mantine-color-red-text']!;
  dark['--mantine-color-error'] = dark['--mantine-color-red-text']!;
  return { variables: {}, light, dark };
};

/**
 * The colour of destructive menu items (Delete, Log Out). Mantine draws `color="red"` items
 * with red-6 whatever the theme (3.28:1 on white); red's text colour above passes.
 */
export const DANGER_COLOR = 'var(--mantine-color-red-text)';
