import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';

/** Downloads a document's PDF (an invoice's, an estimate's) from its `/api/…/pdf` path. */
export function PdfDownloadButton({ href }: { href: string }) {
  return (
    <Button
      component="a"
      href={href}
      download
      variant="default"
      leftSection={<IconDownload size={16} />}
    >
      Download PDF
    </Button>
  );
}
