import { DownloadButton } from '../../components/download.button.tsx';

/** An issued invoice's e-invoice downloads: UBL (Peppol, XRechnung) and CII (Factur-X's XML). */
export function EinvoiceDownloads({ invoiceId }: { invoiceId: number }) {
  const href = (format: 'ubl' | 'cii') => `/api/invoices/${invoiceId}/einvoice?format=${format}`;
  return (
    <>
      <DownloadButton href={href('ubl')}>Download UBL</DownloadButton>
      <DownloadButton href={href('cii')}>Download CII (XML)</DownloadButton>
    </>
  );
}
