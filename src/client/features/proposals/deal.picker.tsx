import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { PICKER_ROWS, RecordSelect, useChosenLabel } from '../../components/record-select.tsx';
import { trpc } from '../../trpc.ts';

/** The deal a proposal is for (optional): moved to Won when the proposal is accepted. */
export function DealPicker({
  value,
  onChange,
  disabled = false,
}: {
  value: number | null;
  onChange: (dealId: number | null) => void;
  disabled?: boolean;
}) {
  const [query, setQuery] = useState('');
  const deals = trpc.leads.list.useQuery(
    { search: query || undefined, limit: PICKER_ROWS },
    { placeholderData: keepPreviousData },
  );
  const options = (deals.data?.items ?? []).map((deal) => ({ id: deal.id, label: deal.dealName }));
  const chosen = useChosenLabel(value, options);
  return (
    <RecordSelect
      label="Deal"
      description="Optional: can move to Won once accepted"
      placeholder={deals.isPending ? 'Loading deals...' : 'Choose a deal'}
      value={value}
      valueLabel={chosen.label}
      options={options}
      total={deals.data?.total ?? 0}
      searching={deals.isFetching}
      onQueryChange={setQuery}
      onChange={(id, text) => {
        chosen.remember(id, text);
        onChange(id);
      }}
      clearable
      nothingFoundMessage="No deals found"
      disabled={disabled}
    />
  );
}
