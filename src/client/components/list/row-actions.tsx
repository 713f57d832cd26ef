import { DANGER_COLOR } from '../../theme.ts';
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconDotsVertical, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ComponentType } from 'react';

type Icon = ComponentType<{ size?: number }>;

export interface RowAction {
  label: string;
  icon: Icon;
  onClick: () => void;
  /** Red, for what cannot be undone. */
  danger?: boolean;
  /** A divider above it, starting a group. */
  group?: boolean;
}

/** The usual three, in their usual order; a list passes those it offers. */
export const viewAction = (onClick: () => void): RowAction => ({
  label: 'View',
  icon: IconEye,
  onClick,
});
export const editAction = (onClick: () => void): RowAction => ({
  label: 'Edit',
  icon: IconPencil,
  onClick,
});
export const deleteAction = (onClick: () => void, label = 'Delete'): RowAction => ({
  label,
  icon: IconTrash,
  onClick,
  danger: true,
});

/**
 * The ⋮ menu of a table row or the ⋯ menu of a card: one button named "Actions for
 * {name}", its items in order, groups set apart by dividers.
 */
export function RowActions({
  name,
  actions,
  variant = 'row',
}: {
  name: string;
  actions: RowAction[];
  variant?: 'row' | 'card';
}) {
  const Dots = variant === 'row' ? IconDotsVertical : IconDots;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
          <Dots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.flatMap((action, index) => [
          ...(action.group && index > 0 ? [<Menu.Divider key={`divider-${index}`} />] : []),
          <Menu.Item
            key={action.label}
            color={action.danger ? DANGER_COLOR : undefined}
            leftSection={<action.icon size={16} />}
            onClick={action.onClick}
          >
            {action.label}
          </Menu.Item>,
        ])}
      </Menu.Dropdown>
    </Menu>
  );
}
