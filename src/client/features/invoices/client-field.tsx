import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { ClientPicker } from '../clients/client-picker.tsx';

/**
 * The required Client picker of a document form (a new invoice, a recurring invoice), bound
 * to its `clientId` field; `onPicked` lets the form clear what belonged to the old client.
 */
export function ClientField<T extends FieldValues, TContext, TTransformed>({
  control,
  name,
  valueLabel,
  disabled,
  onPicked,
}: {
  control: Control<T, TContext, TTransformed>;
  name: FieldPath<T>;
  /** The chosen client's name while the picker's page of clients may not hold it. */
  valueLabel?: string | null;
  disabled: boolean;
  onPicked?: () => void;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ClientPicker
          required
          value={field.value as number | null}
          valueLabel={valueLabel}
          onChange={(next) => {
            field.onChange(next);
            onPicked?.();
          }}
          error={fieldState.error?.message}
          disabled={disabled}
        />
      )}
    />
  );
}
