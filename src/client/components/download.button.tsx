import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A file download (a CSV export, a document's PDF). A plain link: the server answers with
 * an attachment, so the browser saves it without the page holding the file in memory.
 */
export function DownloadButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button
      component="a"
      href={href}
      download
      variant="default"
      leftSection={<IconDownload size={16} />}
    >
      {children}
    </Button>
  );
}
