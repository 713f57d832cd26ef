import { Group, Text } from '@mantine/core';

/** What the whole filtered list adds up to (not only the page shown), one figure a label. */
export function ListTotals({
  totals,
}: {
  totals: { label: string; value: string; testId: string }[];
}) {
  return (
    <Group gap="lg" role="status" aria-label="Totals for the filter" wrap="wrap">
      {totals.map((total) => (
        <Text size="sm" key={total.testId}>
          <Text span c="dimmed" size="sm">
            {total.label}{' '}
          </Text>
          <Text span fw={700} size="sm" data-testid={total.testId}>
            {total.value}
          </Text>
        </Text>
      ))}
    </Group>
  );
}
