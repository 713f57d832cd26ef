import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Drawer, Fieldset, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  OrganizationQuickFormSchema,
  type Organization,
} from '../../../shared/organizations.schema.ts';
import { DRAWER_SIZE } from '../contacts/contact-display.ts';
import { useOrganizationMutations } from './use-organization-mutations.ts';

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
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    const saved = await mutations.rename(organization, values.name.trim());
    if (saved) onSaved(saved);
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Fieldset variant="unstyled" disabled={isSubmitting}>
        <Stack gap="md">
          <TextInput
            label="Organization Name"
            withAsterisk
            data-autofocus
            error={errors.name?.message}
            {...form.register('name')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Save Changes
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
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
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={DRAWER_SIZE}
      title="Edit Organization"
    >
      {organization && (
        <NameForm
          key={organization.id}
          organization={organization}
          onCancel={onClose}
          onSaved={onSaved}
        />
      )}
    </Drawer>
  );
}
