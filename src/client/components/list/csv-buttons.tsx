import { Button } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { ExportCsvButton } from './export-csv.button.tsx';

/** Import CSV (a dialog) and Export CSV of the list as searched. */
export function CsvButtons({
  onImport,
  exportPath,
  search,
}: {
  onImport: () => void;
  /** The export's path; the search narrows it as it narrows the list. */
  exportPath: string;
  search: string | undefined;
}) {
  return (
    <>
      <Button variant="default" leftSection={<IconUpload size={16} />} onClick={onImport}>
        Import CSV
      </Button>
      <ExportCsvButton
        href={search ? `${exportPath}?search=${encodeURIComponent(search)}` : exportPath}
      />
    </>
  );
}
