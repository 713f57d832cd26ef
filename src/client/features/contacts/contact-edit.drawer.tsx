import { useState } from 'react';
import type { Person } from '../../../shared/contacts.schema.ts';
import { ContactForm } from './contact-form.tsx';
import { EditDrawer } from './record-drawer.tsx';
import { useContactMutations } from './use-contact-mutations.ts';

/** The Edit drawer: the contact's fields, saved together. */
export function ContactEditDrawer({
  person,
  opened,
  onClose,
  onSaved,
}: {
  person: Person | null;
  opened: boolean;
  onClose: () => void;
  onSaved: (person: Person) => void;
}) {
  const mutations = useContactMutations();
  const [nestedOpen, setNestedOpen] = useState(false);
  return (
    <EditDrawer opened={opened} onClose={onClose} title="Edit Contact" closeOnEscape={!nestedOpen}>
      {person && (
        <ContactForm
          // A fresh form per contact, so switching contacts never keeps stale values.
          key={person.id}
          person={person}
          submitLabel="Save Changes"
          onOrganizationDialogChange={setNestedOpen}
          onCancel={onClose}
          onSubmit={async (input) => {
            const saved = await mutations.update(person, input);
            if (!saved) return false;
            onSaved(saved);
            return true;
          }}
        />
      )}
    </EditDrawer>
  );
}
