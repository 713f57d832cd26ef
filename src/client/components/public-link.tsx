import { Anchor, Group } from '@mantine/core';
import { CopyIconButton } from './copy-link-field.tsx';

/**
 * A public page's link in a list row (a form's, a booking type's): opens in a new tab, with
 * a copy button for passing it on or putting it in a mail.
 */
export function PublicLink({
  url,
  text,
  copyLabel,
}: {
  url: string;
  /** What the row shows, e.g. the path `/f/3-contact`. */
  text: string;
  /** The copy button's accessible name, e.g. "Copy the link of Contact us". */
  copyLabel: string;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <Anchor href={url} target="_blank" rel="noreferrer" size="sm" truncate="end">
        {text}
      </Anchor>
      <CopyIconButton value={url} label={copyLabel} />
    </Group>
  );
}
