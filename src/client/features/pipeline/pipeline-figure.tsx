import { Text, Tooltip } from '@mantine/core';

/** One figure of the board header's forecast, its meaning in a tooltip. */
export function PipelineFigure({
  label,
  value,
  hint,
}: {
  label: string;
  value: string;
  hint: string;
}) {
  return (
    <Tooltip label={hint} multiline maw={260}>
      <div>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
          {label}
        </Text>
        <Text fw={700} fz={{ base: 'md', sm: 'lg' }} lh={1.3}>
          {value}
        </Text>
      </div>
    </Tooltip>
  );
}
