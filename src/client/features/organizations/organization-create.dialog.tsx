import { zodResolver } from '@hookform/resolvers/zod';
import { TextInput } from '@mantine/core';
import { useEffect, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  ORGANIZATION_FIELDS,
  OrganizationQuickFormSchema,
  type Organization,
} from '../../../shared/organizations.schema.ts';
import { TextFieldInput } from '../../components/form/text-field-input.tsx';
import { useOrganizationMutations } from './use-organization-mutations.ts';
import { DialogForm, FormDialog } from '../../components/form-dialog.tsx';
import { fieldProps } from '../../components/form/field-props.ts';

type OrganizationQuickForm = z.input<typeof OrganizationQuickFormSchema>;

/**
 * Creates an organization from its name, email and phone (SPEC §5 quick-create). The
 * contact form opens it as 'Create New Organization' and selects the result; the
 * Organizations page opens it as 'Add Organization'.
 */
export function OrganizationCreateDialog({
  opened,
  onClose,
  onCreated,
  title = 'Create New Organization',
  initialName = '',
}: {
  opened: boolean;
  onClose: () => void;
  onCreated?: (organization: Organization) => void;
  title?: string;
  initialName?: string;
}) {
  const mutations = useOrganizationMutations();
  const form = useForm<OrganizationQuickForm>({
    resolver: zodResolver(OrganizationQuickFormSchema),
    defaultValues: { name: '', email: '', phone: '' },
  });
  const { isSubmitting } = form.formState;
  const { reset } = form;

  useEffect(() => {
    if (opened) reset({ name: initialName, email: '', phone: '' });
  }, [opened, initialName, reset]);

  const submit = form.handleSubmit(async (values) => {
    const created = await mutations.create({
      name: values.name.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
    });
    if (!created) return;
    onCreated?.(created);
    onClose();
  });

  // This dialog may open from inside the contact form: React bubbles a submit through
  // portals, so without stopping it here the contact form would submit too.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.stopPropagation();
    void submit(event);
  };

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={title}
      closeOnClickOutside={!isSubmitting}
      closeOnEscape={!isSubmitting}
    >
      <DialogForm
        onSubmit={onSubmit}
        pending={isSubmitting}
        submitLabel="Create Organization"
        onCancel={onClose}
      >
        <TextInput
          label="Organization Name"
          placeholder="Acme Inc."
          withAsterisk
          data-autofocus
          {...fieldProps(form, 'name')}
        />
        {(['email', 'phone'] as const).map((name) => (
          <TextFieldInput
            key={name}
            field={ORGANIZATION_FIELDS[name]}
            {...fieldProps(form, name)}
          />
        ))}
      </DialogForm>
    </FormDialog>
  );
}
