import { DownloadButton } from '../../components/download.button.tsx';

/**
 * An issued invoice's or credit note's e-invoice downloads: UBL (Peppol, XRechnung) and CII
 * (Factur-X's XML); an invoice also has the Factur-X PDF (its PDF with that CII embedded).
 */
export function EinvoiceDownloads(props: { invoiceId: number } | { creditNoteId: number }) {
  const base =
    'invoiceId' in props
      ? `/api/invoices/${props.invoiceId}`
      : `/api/credit-notes/${props.creditNoteId}`;
  const href = (format: 'ubl' | 'cii') => `${base}/einvoice?format=${format}`;
  return (
    <>
      <DownloadButton href={href('ubl')}>Download UBL</DownloadButton>
      <DownloadButton href={href('cii')}>Download CII (XML)</DownloadButton>
      {'invoiceId' in props && (
        <DownloadButton href={`${base}/pdf?format=facturx`}>Download Factur-X PDF</DownloadButton>
      )}
    </>
  );
}
