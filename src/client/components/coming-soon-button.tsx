import { Button, Tooltip, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A button for a feature Keel has not built yet: it looks disabled, says "Coming soon" in a
 * tooltip on hover, focus and touch, and does nothing when pressed. It keeps `data-disabled`
 * and `aria-disabled` rather than `disabled`, so it stays in the tab order and still gets
 * the pointer events the tooltip needs; screen readers announce it as dimmed.
 */
export function ComingSoonButton({ children, ...props }: ButtonProps & { children: ReactNode }) {
  return (
    <Tooltip label="Coming soon" events={{ hover: true, focus: true, touch: true }}>
      <Button
        {...props}
        data-disabled
        aria-disabled="true"
        onClick={(event) => event.preventDefault()}
      >
        {children}
      </Button>
    </Tooltip>
  );
}
