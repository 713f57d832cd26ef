import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { Person } from '../../../shared/contacts.schema.ts';
import { ContactForm } from './contact-form.tsx';
import { useContactMutations } from './use-contact-mutations.ts';

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
  const phone = useMediaQuery('(max-width: 30em)');
  const [nestedOpen, setNestedOpen] = useState(false);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Add Contact"
      size="lg"
      fullScreen={phone}
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
    </Modal>
  );
}
