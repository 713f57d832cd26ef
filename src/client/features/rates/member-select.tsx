import { Select, type SelectProps } from '@mantine/core';
import { trpc } from '../../trpc.ts';

/**
 * A member of the workspace, or none ("Everyone"): active members, and a deactivated one
 * only when already chosen (a card or a filter may still name them).
 */
export function MemberSelect({
  value,
  onChange,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: number | null;
  onChange: (userId: number | null) => void;
}) {
  const members = trpc.team.members.useQuery();
  const data = (members.data ?? [])
    .filter((m) => m.isActive || m.id === value)
    .map((m) => ({ value: String(m.id), label: m.fullName || m.email }));
  return (
    <Select
      placeholder="Everyone"
      searchable
      clearable
      nothingFoundMessage="No members found"
      comboboxProps={{ withinPortal: true }}
      {...props}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v === null ? null : Number(v))}
    />
  );
}
