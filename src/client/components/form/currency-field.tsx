import { useMemo } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { currencyOptions } from '../../../shared/currencies.ts';
import { SelectField } from './controlled-fields.tsx';

/** The searchable Currency select of a document or a record (every ISO 4217 code Keel knows). */
export function CurrencyField<T extends FieldValues, TContext, TTransformed>({
  control,
  name,
}: {
  control: Control<T, TContext, TTransformed>;
  name: FieldPath<T>;
}) {
  const currencies = useMemo(() => currencyOptions(), []);
  return (
    <SelectField control={control} name={name} label="Currency" searchable data={currencies} />
  );
}
