import { trpc } from '../../trpc.ts';
import { CsvImportDialog } from '../contacts/import-csv.dialog.tsx';
import { ORGANIZATION_IMPORT } from './organization-import-mapping.ts';

/** The organizations CSV import: names required and kept unique, whatever the case. */
export function ImportOrganizationsDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const utils = trpc.useUtils();
  // No meta, as the contacts import: the dialog reports each batch itself.
  const { mutateAsync } = trpc.organizations.import.useMutation();
  return (
    <CsvImportDialog
      opened={opened}
      onClose={onClose}
      title="Import Organizations"
      noun={['organization', 'organizations']}
      kind={ORGANIZATION_IMPORT}
      hint="One organization per row. Columns such as Name, Email, Phone, Website, Industry, Address and Notes are recognised; you can adjust the mapping next."
      required="Choose the column with each organization's name."
      rules={() =>
        'Rows without a name or with an invalid email are rejected, and rows whose name already ' +
        'belongs to an organization are skipped, so importing the same file again creates ' +
        'nothing twice. Import organizations before the contacts that name them.'
      }
      again={() => 'importing the same file again skips the organizations already created.'}
      send={mutateAsync}
      onImported={() =>
        Promise.all([
          utils.organizations.list.invalidate(),
          utils.organizations.options.invalidate(),
        ])
      }
    />
  );
}
