import { Menu, UnstyledButton, VisuallyHidden, type UnstyledButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The frame the profile and workspace menus share (SPEC §2): in the rail the target is an
 * avatar titled with what it stands for; in the phone drawer, a full-width row. Either way
 * the button is named by what it shows, then by `name`: a voice user can say what they see,
 * and a screen reader hears what it is.
 */
export function ShellMenu({
  placement,
  name,
  positions,
  railWidth,
  railTitle,
  railTarget,
  rowTarget,
  rowProps,
  children,
}: {
  placement: 'rail' | 'drawer';
  name: string;
  positions: { rail: 'right-start' | 'right-end'; drawer: 'top-start' | 'bottom-start' };
  railWidth: number;
  railTitle: string | undefined;
  railTarget: ReactNode;
  rowTarget: ReactNode;
  rowProps: UnstyledButtonProps;
  children: ReactNode;
}) {
  const inRail = placement === 'rail';
  const what = <VisuallyHidden>{name}</VisuallyHidden>;
  return (
    <Menu
      position={positions[placement]}
      offset={inRail ? 14 : 6}
      width={inRail ? railWidth : 'target'}
      shadow="lg"
      withinPortal
    >
      <Menu.Target>
        {inRail ? (
          <UnstyledButton title={railTitle}>
            {railTarget}
            {what}
          </UnstyledButton>
        ) : (
          <UnstyledButton w="100%" bdrs="md" {...rowProps}>
            {rowTarget}
            {what}
          </UnstyledButton>
        )}
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
