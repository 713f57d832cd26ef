import { Button, TextInput, type TextInputProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Ref } from 'react';

type PasswordFieldProps = Omit<TextInputProps, 'type' | 'rightSection'> & {
  ref?: Ref<HTMLInputElement>;
};

/** A password input with a Show/Hide toggle (SPEC §2). */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, { toggle }] = useDisclosure(false);
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="off"
      spellCheck={false}
      rightSectionWidth={64}
      rightSectionPointerEvents="all"
      rightSection={
        <Button
          variant="subtle"
          size="compact-xs"
          color="gray"
          onClick={toggle}
          aria-pressed={visible}
          disabled={props.disabled}
        >
          {visible ? 'Hide' : 'Show'}
        </Button>
      }
    />
  );
}
