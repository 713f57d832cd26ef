import { DownloadButton } from '../../components/download.button.tsx';

/**
 * An issued invoice's e-invoice downloads: UBL (Peppol, XRechnung), CII (Factur-X's XML),
 * and the Factur-X PDF (the invoice PDF with that CII embedded).
 */
export function EinvoiceDownloads({ invoiceId }: { invoiceId: number }) {
  const href = (format: 'ubl' | 'cii') => `/api/invoices/${invoiceId}/einvoice?format=${format}`;
  return (
    <>
      <DownloadButton href={href('ubl')}>Download UBL</DownloadButton>
      <DownloadButton href={href('cii')}>Download CII (XML)</DownloadButton>
      <DownloadButton href={`/api/invoices/${invoiceId}/pdf?format=facturx`}>
        Download Factur-X PDF
      </DownloadButton>
    </>
  );
}
