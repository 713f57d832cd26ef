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
import { STAGE_COLORS } from './stage-colors.ts';

/** A swatch that opens the palette of stage colours (SPEC §9: stages default to gray). */
export function StageColorPicker({
  value,
  onChange,
}: {
  value: string;
  onChange: (color: string) => void;
}) {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <Popover opened={opened} onChange={(o) => !o && close()} position="bottom-start" shadow="md">
      <Popover.Target>
        <Tooltip label="Stage colour">
          <ActionIcon
            variant="default"
            size={36}
            aria-label={`Stage colour: ${value}`}
            onClick={toggle}
          >
            <ColorSwatch color={`var(--mantine-color-${value}-filled)`} size={18} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <SimpleGrid cols={5} spacing={6}>
          {STAGE_COLORS.map((color) => (
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
