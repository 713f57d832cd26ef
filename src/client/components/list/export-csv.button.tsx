import { DownloadButton } from '../download.button.tsx';

/** Downloads a CSV export of a list (the server streams the attachment). */
export function ExportCsvButton({ href }: { href: string }) {
  return <DownloadButton href={href}>Export CSV</DownloadButton>;
}
