import { useState } from 'react';
import type { Person } from '../../../shared/contacts.schema.ts';
import { ContactForm } from './contact-form.tsx';
import { useContactMutations } from './use-contact-mutations.ts';
import { FormDialog } from '../../components/form-dialog.tsx';

/** The Add Contact dialog: a fresh form each time it opens. */
export function ContactAddDialog({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated?: (person: Person) => void;
}) {
  const mutations = useContactMutations();
  const [nestedOpen, setNestedOpen] = useState(false);
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title="Add Contact"
      size="lg"
      closeOnEscape={!nestedOpen}
    >
      <ContactForm
        wide
        onOrganizationDialogChange={setNestedOpen}
        submitLabel="Create Contact"
        onCancel={onClose}
        onSubmit={async (input) => {
          const person = await mutations.create(input);
          if (!person) return false;
          onCreated?.(person);
          onClose();
          return true;
        }}
      />
    </FormDialog>
  );
}
