import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  CONTACT_FIELDS,
  ContactFormSchema,
  type ContactForm as ContactFormValues,
  type Person,
  type PersonInput,
} from '../../../shared/contacts.schema.ts';
import { byLength, fieldNames } from '../../../shared/fields.ts';
import { TextFieldInput } from '../../components/form/text-field-input.tsx';
import { DialogForm } from '../../components/form-dialog.tsx';
import { OrganizationCreateDialog } from '../organizations/organization-create.dialog.tsx';
import {
  OrganizationPicker,
  type OrganizationOption,
} from '../organizations/organization-picker.tsx';
import { UNASSIGNED, useAssignees } from './use-assignees.ts';
import { fieldProps } from '../../components/form/field-props.ts';

const { short: SHORT_FIELDS, long: LONG_FIELDS } = byLength(CONTACT_FIELDS);

function defaultsOf(person: Person | undefined): ContactFormValues {
  const values = {
    fullName: person?.fullName ?? '',
    companyId: person?.companyId ? String(person.companyId) : '',
    assignedUserId: person?.assignedUserId ? String(person.assignedUserId) : '',
  } as ContactFormValues;
  for (const name of fieldNames(CONTACT_FIELDS)) values[name] = person?.[name] ?? '';
  return values;
}

/** The form keeps strings ('' for none); the API wants ids or null. */
function toPersonInput({ companyId, assignedUserId, ...texts }: ContactFormValues): PersonInput {
  return {
    ...texts,
    companyId: companyId ? Number(companyId) : null,
    assignedUserId: assignedUserId ? Number(assignedUserId) : null,
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
    <>
      <DialogForm
        onSubmit={submit}
        pending={isSubmitting}
        submitLabel={submitLabel}
        onCancel={onCancel}
      >
        <SimpleGrid cols={wide ? { base: 1, sm: 2 } : 1} spacing="md" verticalSpacing="md">
          <TextInput
            label="Full Name"
            placeholder="Jane Cooper"
            withAsterisk
            data-autofocus
            autoComplete="off"
            {...fieldProps(form, 'fullName')}
          />
          {SHORT_FIELDS.map((name) => (
            <TextFieldInput key={name} field={CONTACT_FIELDS[name]} {...fieldProps(form, name)} />
          ))}
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
        {LONG_FIELDS.map((name) => (
          <TextFieldInput key={name} field={CONTACT_FIELDS[name]} {...fieldProps(form, name)} />
        ))}
      </DialogForm>
      <OrganizationCreateDialog
        opened={creatingOrganization}
        onClose={() => setCreatingOrganization(false)}
        onCreated={(created) => chooseOrganization({ id: created.id, name: created.name })}
      />
    </>
  );
}
