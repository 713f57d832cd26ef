import { CloseButton, Loader, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** The search box of a list; searching happens on the server. */
export function SearchInput({
  label,
  placeholder,
  value,
  onChange,
  searching,
}: {
  /** Its accessible name, when the placeholder (without its dots) is not. */
  label?: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** A search is on its way to the server. */
  searching: boolean;
}) {
  return (
    <TextInput
      aria-label={label ?? placeholder.replace(/\.+$/, '')}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      rightSection={
        searching ? (
          <Loader size={14} />
        ) : value ? (
          <CloseButton size="sm" aria-label="Clear search" onClick={() => onChange('')} />
        ) : null
      }
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      style={{ flex: '1 1 240px' }}
      maw={{ sm: 380 }}
    />
  );
}
