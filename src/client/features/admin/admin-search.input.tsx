import { CloseButton, Loader, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** The search box above a console table; the page debounces and searches on the server. */
export function AdminSearchInput({
  label,
  placeholder,
  value,
  searching,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  /** A search is on its way to the server. */
  searching: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      rightSection={
        value ? (
          <CloseButton size="sm" aria-label="Clear search" onClick={() => onChange('')} />
        ) : searching ? (
          <Loader size={14} />
        ) : null
      }
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      style={{ flex: '1 1 240px' }}
      maw={{ sm: 380 }}
    />
  );
}
