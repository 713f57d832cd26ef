import { useOs } from '@mantine/hooks';

function isApple(os: ReturnType<typeof useOs>): boolean {
  return os === 'macos' || os === 'ios';
}

/** How the "mod" key of a shortcut reads on this device: ⌘ on Apple systems, Ctrl elsewhere. */
export function useModKeyLabel(): string {
  return isApple(useOs()) ? '⌘' : 'Ctrl';
}

/** The same key as `aria-keyshortcuts` names it: Meta (⌘) on Apple systems, Control elsewhere. */
export function useModKeyName(): 'Meta' | 'Control' {
  return isApple(useOs()) ? 'Meta' : 'Control';
}

/** The keys of the inspector's shortcut as they read on this device. */
export function useInspectorShortcutKeys(): string[] {
  return isApple(useOs()) ? ['⌃', '⌥', 'I'] : ['Ctrl', 'Alt', 'I'];
}
