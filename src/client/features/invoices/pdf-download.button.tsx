import { DownloadButton } from '../../components/download.button.tsx';

/** Downloads a document's PDF (an invoice's, an estimate's) from its `/api/…/pdf` path. */
export function PdfDownloadButton({ href }: { href: string }) {
  return <DownloadButton href={href}>Download PDF</DownloadButton>;
}
