import { Menu, UnstyledButton, VisuallyHidden, type UnstyledButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** Where each menu opens and what its hidden word is: the profile menu sits at the rail's
 * foot and the drawer's foot, so it opens upwards; the workspace menu sits at their tops. */
const SHELL_MENUS = {
  profile: { name: 'Profile menu', rail: 'right-end', drawer: 'top-start', width: 256 },
  workspace: { name: 'Workspace menu', rail: 'right-start', drawer: 'bottom-start', width: 288 },
} as const;

/**
 * The frame the profile and workspace menus share (SPEC §2): in the rail the target is an
 * avatar titled with what it stands for; in the phone drawer, a full-width row. Either way
 * the button is named by what it shows, then by its hidden word: a voice user can say what they see,
 * and a screen reader hears what it is (SHELL_MENUS[menu].name).
 */
export function ShellMenu({
  menu,
  placement,
  railTitle,
  railTarget,
  rowTarget,
  rowProps,
  children,
}: {
  menu: keyof typeof SHELL_MENUS;
  placement: 'rail' | 'drawer';
  railTitle: string | undefined;
  railTarget: ReactNode;
  rowTarget: ReactNode;
  rowProps: UnstyledButtonProps;
  children: ReactNode;
}) {
  const inRail = placement === 'rail';
  const where = SHELL_MENUS[menu];
  const what = <VisuallyHidden>{where.name}</VisuallyHidden>;
  return (
    <Menu
      position={where[placement]}
      offset={inRail ? 14 : 6}
      width={inRail ? where.width : 'target'}
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
