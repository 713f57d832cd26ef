import { DayInput } from '../form/date-field.tsx';

/** From and To of a list filtered by dates: two cells of its filter grid. */
export function DateRangeFilter({
  from,
  to,
  onChange,
}: {
  from: string | null;
  to: string | null;
  /** Both ends, one of them changed. */
  onChange: (range: { from: string | null; to: string | null }) => void;
}) {
  return (
    <>
      <DayInput
        label="From"
        placeholder="Any day"
        value={from}
        onChange={(value) => onChange({ from: value, to })}
      />
      <DayInput
        label="To"
        placeholder="Any day"
        value={to}
        onChange={(value) => onChange({ from, to: value })}
      />
    </>
  );
}
