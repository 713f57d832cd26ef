import { useHotkeys } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';

// The overlay is a developer aid: nobody downloads it until they turn it on.
const InspectorOverlay = lazy(() => import('./inspector.overlay.tsx'));

/**
 * Ctrl+Alt+I (Ctrl+Option+I on a Mac) turns the design inspector of SPEC §2 on and off.
 * Browsers keep Ctrl+Shift+I and ⌘+Option+I for their developer tools but leave this one
 * free. Matched by physical key, because Option turns I into a dead key on a Mac.
 */
export const INSPECTOR_HOTKEY = 'ctrl+alt+I';

export function InspectorHost() {
  const [enabled, setEnabled] = useState(false);
  useHotkeys([[INSPECTOR_HOTKEY, () => setEnabled((on) => !on), { usePhysicalKeys: true }]]);
  if (!enabled) return null;
  return (
    <Suspense fallback={null}>
      <InspectorOverlay onExit={() => setEnabled(false)} />
    </Suspense>
  );
}
