import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';

/**
 * Downloads a CSV export. A plain link: the server answers with an attachment, so the
 * browser saves it without the page loading the whole list into memory.
 */
export function ExportCsvButton({ href }: { href: string }) {
  return (
    <Button
      component="a"
      href={href}
      download
      variant="default"
      leftSection={<IconDownload size={16} />}
    >
      Export CSV
    </Button>
  );
}
