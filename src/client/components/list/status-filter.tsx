import { Box, SegmentedControl, Select } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';

export const ALL = 'all';

/**
 * The status filter of a card grid (All plus one option per status): segments where
 * they fit, a select on a phone, where six segments would not.
 */
export function StatusFilter<Status extends string>({
  label,
  statuses,
  labels,
  value,
  onChange,
}: {
  label: string;
  statuses: readonly Status[];
  labels: Record<Status, string>;
  value: Status | typeof ALL;
  onChange: (value: Status | typeof ALL) => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const data = [
    { value: ALL, label: 'All' },
    ...statuses.map((status) => ({ value: status, label: labels[status] })),
  ];
  if (phone) {
    return (
      <Select
        aria-label={label}
        data={data}
        value={value}
        onChange={(next) => next && onChange(next as Status | typeof ALL)}
        allowDeselect={false}
        leftSection={<IconFilter size={16} />}
        w="100%"
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  return (
    <Box style={{ overflowX: 'auto', maxWidth: '100%' }}>
      <SegmentedControl
        aria-label={label}
        value={value}
        onChange={(next) => onChange(next as Status | typeof ALL)}
        data={data}
      />
    </Box>
  );
}
