import { NumberInput, Select, type NumberInputProps, type SelectProps } from '@mantine/core';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/** What a controlled field takes from its form; the rest are the Mantine input's own props. */
type FieldOf<T extends FieldValues, TContext, TTransformed> = {
  control: Control<T, TContext, TTransformed>;
  name: FieldPath<T>;
};

type Wired = 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'name';

/**
 * A NumberInput bound to a react-hook-form field: it holds a number, or '' when emptied
 * (the form's schema says what that means, e.g. money-field.ts), and shows the field's error.
 */
export function NumberField<T extends FieldValues, TContext, TTransformed>({
  control,
  name,
  ...props
}: Omit<NumberInputProps, Wired> & FieldOf<T, TContext, TTransformed>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          {...props}
          ref={field.ref}
          name={field.name}
          value={field.value as number | string}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/**
 * A Select bound to a react-hook-form string field. Mantine's Select answers null when
 * nothing is chosen; the form holds `empty` instead ('' unless another value stands for
 * "none", e.g. an "unassigned" option).
 */
export function SelectField<T extends FieldValues, TContext, TTransformed>({
  control,
  name,
  empty = '',
  ...props
}: Omit<SelectProps, Wired> & FieldOf<T, TContext, TTransformed> & { empty?: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          comboboxProps={{ withinPortal: true }}
          {...props}
          ref={field.ref}
          name={field.name}
          value={field.value as string | null}
          onChange={(value) => field.onChange(value ?? empty)}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
