import { ActionIcon, CopyButton, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/**
 * A link to pass on by hand (a portal link, an invitation): read-only, selected whole on
 * focus, with a copy button that says "Copied" for two seconds.
 */
export function CopyLinkField({
  url,
  label,
  description,
  copyLabel,
}: {
  url: string;
  label: string;
  description?: string;
  /** The copy button's accessible name, e.g. "Copy portal link". */
  copyLabel: string;
}) {
  return (
    <TextInput
      label={label}
      description={description}
      value={url}
      readOnly
      onFocus={(event) => event.currentTarget.select()}
      rightSectionPointerEvents="all"
      rightSection={
        <CopyButton value={url} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy link'} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={copyLabel}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}
