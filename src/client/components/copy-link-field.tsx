import { ActionIcon, CopyButton, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** A copy button that says "Copied" for two seconds; `label` is its accessible name. */
export function CopyIconButton({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : 'Copy link'} withArrow>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            onClick={copy}
            aria-label={label}
          >
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

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
      rightSection={<CopyIconButton value={url} label={copyLabel} />}
    />
  );
}
