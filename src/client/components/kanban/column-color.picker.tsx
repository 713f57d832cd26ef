import {
  ActionIcon,
  ColorSwatch,
  Popover,
  SimpleGrid,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';
import { COLUMN_COLORS } from '../../../shared/column-colors.ts';

/**
 * A swatch that opens the palette of column colours (a stage's, a status's; SPEC §9:
 * they default to gray). `label` names what is coloured, for the swatch button's name.
 */
export function ColumnColorPicker({
  label,
  tooltip,
  value,
  onChange,
}: {
  label: string;
  tooltip?: string;
  value: string;
  onChange: (color: string) => void;
}) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const swatch = (
    <ActionIcon variant="default" size={36} aria-label={`${label}: ${value}`} onClick={toggle}>
      <ColorSwatch color={`var(--mantine-color-${value}-filled)`} size={18} />
    </ActionIcon>
  );
  return (
    <Popover opened={opened} onChange={(o) => !o && close()} position="bottom-start" shadow="md">
      <Popover.Target>
        {tooltip ? <Tooltip label={tooltip}>{swatch}</Tooltip> : swatch}
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <SimpleGrid cols={5} spacing={6}>
          {COLUMN_COLORS.map((color) => (
            <UnstyledButton
              key={color}
              aria-label={color}
              aria-pressed={color === value}
              onClick={() => {
                onChange(color);
                close();
              }}
            >
              <ColorSwatch color={`var(--mantine-color-${color}-filled)`} size={24} c="white">
                {color === value && <IconCheck size={14} stroke={2.5} />}
              </ColorSwatch>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Popover.Dropdown>
    </Popover>
  );
}
