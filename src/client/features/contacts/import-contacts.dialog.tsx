import { trpc } from '../../trpc.ts';
import { CsvImportDialog } from './import-csv.dialog.tsx';
import { CONTACT_IMPORT } from './import-mapping.ts';

/** The contacts CSV import: names required, emails kept unique, organizations and tags made. */
export function ImportContactsDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const utils = trpc.useUtils();
  // No meta: the dialog reports each batch itself, and what a run made stale is read
  // again once, after its last batch (declared invalidations would refetch after each).
  const { mutateAsync } = trpc.contacts.import.useMutation();
  return (
    <CsvImportDialog
      opened={opened}
      onClose={onClose}
      title="Import Contacts"
      noun={['contact', 'contacts']}
      kind={CONTACT_IMPORT}
      hint="One contact per row. Columns such as Name, Email, Phone, Job Title, Organization, Assigned To, Tags and Notes are recognised; you can adjust the mapping next."
      required="Choose the column with each contact's name (Full name, or First and Last name)."
      rules={(remembered) => (
        <>
          Rows without a name or with an invalid email are rejected, and rows whose email already
          belongs to a contact are skipped.{' '}
          {remembered &&
            'Importing the same file again skips the rows it already created, those without an email too. '}
          Organizations and tags are matched by name and created when missing; the assignee must be
          an active member of this workspace, named by email or full name.
        </>
      )}
      again={(remembered) =>
        remembered
          ? 'importing the same file again skips the contacts already created.'
          : 'importing the same file again skips the contacts whose email already exists.'
      }
      send={mutateAsync}
      // New contacts, and the organizations and tags found or created for them.
      onImported={() =>
        Promise.all([
          utils.contacts.list.invalidate(),
          utils.organizations.list.invalidate(),
          utils.organizations.options.invalidate(),
          utils.tags.list.invalidate(),
        ])
      }
    />
  );
}
