import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Button,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  ContactFormSchema,
  type ContactForm as ContactFormValues,
  type Person,
  type PersonInput,
} from '../../../shared/contacts.schema.ts';
import { OrganizationCreateDialog } from '../organizations/organization-create.dialog.tsx';
import {
  OrganizationPicker,
  type OrganizationOption,
} from '../organizations/organization-picker.tsx';
import { UNASSIGNED, useAssignees } from './use-assignees.ts';

function defaultsOf(person: Person | undefined): ContactFormValues {
  return {
    fullName: person?.fullName ?? '',
    email: person?.email ?? '',
    phone: person?.phone ?? '',
    jobTitle: person?.jobTitle ?? '',
    companyId: person?.companyId ? String(person.companyId) : '',
    assignedUserId: person?.assignedUserId ? String(person.assignedUserId) : '',
    notes: person?.notes ?? '',
  };
}

/** The form keeps strings ('' for none); the API wants ids or null. */
function toPersonInput(values: ContactFormValues): PersonInput {
  return {
    fullName: values.fullName,
    email: values.email,
    phone: values.phone,
    jobTitle: values.jobTitle,
    companyId: values.companyId ? Number(values.companyId) : null,
    assignedUserId: values.assignedUserId ? Number(values.assignedUserId) : null,
    notes: values.notes,
  };
}

/**
 * The contact fields, shared by the Add Contact dialog and the Edit drawer. The
 * organization is picked by name or created on the spot ('Create New Organization'),
 * in which case the new one is selected.
 */
export function ContactForm({
  person,
  submitLabel,
  onSubmit,
  onCancel,
  onOrganizationDialogChange,
  wide = false,
}: {
  person?: Person;
  submitLabel: string;
  /** Resolves to true when saved; the form stays as typed otherwise. */
  onSubmit: (input: PersonInput) => Promise<boolean>;
  onCancel: () => void;
  /**
   * Mantine closes every open modal on Escape: the dialog or drawer around this form
   * stops closing on Escape while the organization dialog is open on top of it.
   */
  onOrganizationDialogChange?: (open: boolean) => void;
  /** Two columns in the dialog; one in the 450 px drawer. */
  wide?: boolean;
}) {
  const assignees = useAssignees();
  const [organization, setOrganization] = useState<OrganizationOption | null>(
    person?.company ?? null,
  );
  const [creatingOrganization, setCreatingOrganizationState] = useState(false);
  const setCreatingOrganization = (open: boolean) => {
    setCreatingOrganizationState(open);
    onOrganizationDialogChange?.(open);
  };
  const form = useForm<ContactFormValues>({
    resolver: zodResolver(ContactFormSchema),
    defaultValues: defaultsOf(person),
  });
  const { errors, isSubmitting } = form.formState;

  const chooseOrganization = (next: OrganizationOption | null) => {
    setOrganization(next);
    form.setValue('companyId', next ? String(next.id) : '', { shouldDirty: true });
  };

  const submit = form.handleSubmit(async (values) => {
    await onSubmit(toPersonInput(values));
  });

  return (
    <form onSubmit={submit} noValidate>
      <Fieldset variant="unstyled" disabled={isSubmitting}>
        <Stack gap="md">
          <SimpleGrid cols={wide ? { base: 1, sm: 2 } : 1} spacing="md" verticalSpacing="md">
            <TextInput
              label="Full Name"
              placeholder="Jane Cooper"
              withAsterisk
              data-autofocus
              autoComplete="off"
              error={errors.fullName?.message}
              {...form.register('fullName')}
            />
            <TextInput
              label="Email"
              type="email"
              placeholder="jane@example.com"
              autoComplete="off"
              error={errors.email?.message}
              {...form.register('email')}
            />
            <TextInput
              label="Phone"
              type="tel"
              placeholder="+1 555 010 0000"
              autoComplete="off"
              error={errors.phone?.message}
              {...form.register('phone')}
            />
            <TextInput
              label="Job Title"
              placeholder="Head of Operations"
              autoComplete="off"
              error={errors.jobTitle?.message}
              {...form.register('jobTitle')}
            />
            <Stack gap={4}>
              <OrganizationPicker
                value={organization}
                onChange={chooseOrganization}
                error={errors.companyId?.message}
                disabled={isSubmitting}
              />
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => setCreatingOrganization(true)}
                disabled={isSubmitting}
                style={{ alignSelf: 'flex-start' }}
              >
                <Group gap={4} wrap="nowrap">
                  <IconPlus size={14} />
                  Create New Organization
                </Group>
              </Anchor>
            </Stack>
            <Controller
              control={form.control}
              name="assignedUserId"
              render={({ field }) => (
                <Select
                  label="Assigned To"
                  data={assignees.optionsFor(person?.assignedUserId)}
                  value={field.value || UNASSIGNED}
                  onChange={(value) => field.onChange(!value || value === UNASSIGNED ? '' : value)}
                  onBlur={field.onBlur}
                  allowDeselect={false}
                  error={errors.assignedUserId?.message}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
          </SimpleGrid>
          <Textarea
            label="Notes"
            placeholder="Anything worth remembering"
            autosize
            minRows={3}
            maxRows={10}
            styles={{ input: { minHeight: 80 } }}
            error={errors.notes?.message}
            {...form.register('notes')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </Fieldset>
      <OrganizationCreateDialog
        opened={creatingOrganization}
        onClose={() => setCreatingOrganization(false)}
        onCreated={(created) => chooseOrganization({ id: created.id, name: created.name })}
      />
    </form>
  );
}
