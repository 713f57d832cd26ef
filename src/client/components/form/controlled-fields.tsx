import {
  NumberInput,
  Select,
  Switch,
  type NumberInputProps,
  type SelectProps,
  type SwitchProps,
} from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/**
 * The inputs react-hook-form cannot `register` (they report values, not change events),
 * bound to a form field once here instead of through a Controller in every form. Each
 * shows its field's error.
 */
type FieldOf<T extends FieldValues, TContext, TTransformed> = {
  control: Control<T, TContext, TTransformed>;
  name: FieldPath<T>;
};

type Wired = 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'name';

/**
 * A NumberInput bound to a react-hook-form field: it holds what Mantine reports, a number,
 * or '' when emptied (the form's schema says what that means, e.g. money-field.ts). Never
 * converted through Number() here, so a money field keeps the digits that were typed.
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
          value={(field.value as number | string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/**
 * A Select bound to a react-hook-form string field; by default a choice cannot be undone
 * (`allowDeselect`). Mantine's Select answers null when nothing is chosen; the form holds
 * `empty` instead ('' unless another value stands for "none", e.g. an "unassigned" option).
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
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...props}
          ref={field.ref}
          name={field.name}
          value={(field.value as string | null | undefined) ?? null}
          onChange={(value) => field.onChange(value ?? empty)}
          onBlur={field.onBlur}
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
  ...props
}: Omit<SwitchProps, Wired | 'checked'> & FieldOf<T, TContext, TTransformed>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          {...props}
          ref={field.ref}
          name={field.name}
          checked={(field.value as boolean | undefined) ?? false}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

/** What a record picker (ClientPicker, ProjectPicker) takes from the field it is bound to. */
interface PickerBinding {
  value: number | null;
  valueLabel?: string | null;
  onChange: (id: number | null) => void;
  error?: ReactNode;
}

/**
 * A record picker bound to a field holding the chosen record's id or null, with its error;
 * `onPicked` lets the form clear what belonged to the old choice (a task of another project).
 * `labelOf` names a chosen record the picker's page of options may not hold (the saved one).
 */
export function PickerField<
  T extends FieldValues,
  TContext,
  TTransformed,
  P extends PickerBinding,
>({
  control,
  name,
  picker: Picker,
  onPicked,
  labelOf,
  ...props
}: FieldOf<T, TContext, TTransformed> & {
  picker: ComponentType<P>;
  onPicked?: (id: number | null) => void;
  labelOf?: (id: number | null) => string | null;
} & Omit<P, keyof PickerBinding>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = (field.value as number | null | undefined) ?? null;
        const binding: PickerBinding = {
          value,
          valueLabel: labelOf?.(value) ?? null,
          onChange: (id) => {
            field.onChange(id);
            onPicked?.(id);
          },
          error: fieldState.error?.message,
        };
        return <Picker {...({ ...props, ...binding } as unknown as P)} />;
      }}
    />
  );
}
