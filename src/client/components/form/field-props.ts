import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * What a Mantine text-like input needs of a react-hook-form field, in one spread: its
 * registration and its error message. `getFieldState` with the form's state keeps the
 * input re-rendering when that error comes and goes.
 */
export function fieldProps<T extends FieldValues, TContext, TTransformed>(
  form: UseFormReturn<T, TContext, TTransformed>,
  name: FieldPath<T>,
) {
  return {
    ...form.register(name),
    error: form.getFieldState(name, form.formState).error?.message,
  };
}
