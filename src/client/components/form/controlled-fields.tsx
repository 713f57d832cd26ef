import {
  NumberInput,
  Select,
  Switch,
  type NumberInputProps,
  type SelectProps,
  type SwitchProps,
} from '@mantine/core';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/**
 * The inputs react-hook-form cannot `register` (they report values, not change events),
 * bound to a form field once here instead of through a Controller in every form. Each
 * shows its field's error.
 */
type Bound<T extends FieldValues, TContext, TTransformed> = {
  control: Control<T, TContext, TTransformed>;
  name: FieldPath<T>;
};

type Unbound<P> = Omit<P, 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'name'>;

/** A Select whose field holds the chosen value, undefined when none. */
export function SelectField<T extends FieldValues, TContext, TTransformed>({
  control,
  name,
  ...select
}: Bound<T, TContext, TTransformed> & Unbound<SelectProps>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          allowDeselect={false}
          {...select}
          value={(field.value as string | null | undefined) ?? null}
          onChange={(value) => field.onChange(value ?? undefined)}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** A NumberInput whose field holds a number, or `cleared` ('' or undefined) when empty. */
export function NumberField<T extends FieldValues, TContext, TTransformed>({
  control,
  name,
  cleared,
  ...input
}: Bound<T, TContext, TTransformed> &
  Unbound<NumberInputProps> & {
    cleared?: '';
  }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          {...input}
          value={(field.value as number | '' | undefined) ?? ''}
          onChange={(value) => field.onChange(value === '' ? cleared : Number(value))}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** A Switch whose field holds whether it is on. */
export function SwitchField<T extends FieldValues, TContext, TTransformed>({
  control,
  name,
  ...input
}: Bound<T, TContext, TTransformed> & Unbound<SwitchProps>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          {...input}
          checked={(field.value as boolean | undefined) ?? false}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
        />
      )}
    />
  );
}
