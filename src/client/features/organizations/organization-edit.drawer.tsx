import { zodResolver } from '@hookform/resolvers/zod';
import { TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  OrganizationQuickFormSchema,
  type Organization,
} from '../../../shared/organizations.schema.ts';
import { EditDrawer } from '../contacts/record-drawer.tsx';
import { DialogForm } from '../../components/form-dialog.tsx';
import { useOrganizationMutations } from './use-organization-mutations.ts';
import { fieldProps } from '../../components/form/field-props.ts';

const OrganizationNameSchema = OrganizationQuickFormSchema.pick({ name: true });
type OrganizationNameForm = z.input<typeof OrganizationNameSchema>;

function NameForm({
  organization,
  onCancel,
  onSaved,
}: {
  organization: Organization;
  onCancel: () => void;
  onSaved: (organization: Organization) => void;
}) {
  const mutations = useOrganizationMutations();
  const form = useForm<OrganizationNameForm>({
    resolver: zodResolver(OrganizationNameSchema),
    defaultValues: { name: organization.name },
  });
  const { isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    const saved = await mutations.rename(organization, values.name.trim());
    if (saved) onSaved(saved);
  });
  return (
    <DialogForm
      onSubmit={submit}
      pending={isSubmitting}
      submitLabel="Save Changes"
      onCancel={onCancel}
    >
      <TextInput
        label="Organization Name"
        withAsterisk
        data-autofocus
        {...fieldProps(form, 'name')}
      />
    </DialogForm>
  );
}

/** The Edit drawer of an organization: its name only (SPEC §2). */
export function OrganizationEditDrawer({
  organization,
  opened,
  onClose,
  onSaved,
}: {
  organization: Organization | null;
  opened: boolean;
  onClose: () => void;
  onSaved: (organization: Organization) => void;
}) {
  return (
    <EditDrawer opened={opened} onClose={onClose} title="Edit Organization">
      {organization && (
        <NameForm
          key={organization.id}
          organization={organization}
          onCancel={onClose}
          onSaved={onSaved}
        />
      )}
    </EditDrawer>
  );
}
