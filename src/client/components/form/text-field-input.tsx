import { TextInput, Textarea } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { TextField } from '../../../shared/fields.ts';

/**
 * The input of one described text field (shared/fields.ts): its title, placeholder and
 * kind come from the entity's schema, so a form lists its fields instead of spelling out
 * each input. The rest is the field's registration and error: `{...fieldProps(form, name)}`.
 */
export function TextFieldInput({
  field,
  error,
  description,
  ...registration
}: UseFormRegisterReturn & {
  field: TextField;
  error: string | undefined;
  /** A help text under the label. */
  description?: string;
}) {
  if (field.input === 'textarea') {
    return (
      <Textarea
        label={field.title}
        description={description}
        placeholder={field.placeholder}
        autosize
        minRows={3}
        maxRows={10}
        styles={{ input: { minHeight: 80 } }}
        error={error}
        {...registration}
      />
    );
  }
  return (
    <TextInput
      label={field.title}
      description={description}
      placeholder={field.placeholder}
      type={field.input}
      autoComplete="off"
      error={error}
      {...registration}
    />
  );
}
