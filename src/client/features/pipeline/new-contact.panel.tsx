import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ContactFormSchema, type PersonInput } from '../../../shared/contacts.schema.ts';
import { InlineFormPanel } from '../../components/form/inline-form-panel.tsx';
import { succeeded } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import type { CompanyChoice, PersonChoice } from './opportunity-form.schema.ts';
import { fieldProps } from '../../components/form/field-props.ts';

/** SPEC §5 "New contact form": full name, email, optional phone, optional job title. */
const NewContactSchema = ContactFormSchema.pick({
  fullName: true,
  email: true,
  phone: true,
  jobTitle: true,
});
type NewContact = z.infer<typeof NewContactSchema>;

/**
 * The inline Create New Contact panel of the opportunity dialog. The new person joins the deal's organization when one is chosen (the
 * original sent companyId too) and becomes the deal's primary contact.
 */
export function NewContactPanel({
  company,
  onCreated,
  onCancel,
}: {
  company: CompanyChoice | null;
  onCreated: (person: PersonChoice, company: CompanyChoice | null) => void;
  onCancel: () => void;
}) {
  const { mutateAsync: createPerson } = trpc.contacts.create.useMutation({
    meta: {
      success: 'Person created successfully',
      error: 'Failed to create person. Please try again.',
      // Joining the deal's organization moves its People count.
      invalidates: (_person: unknown, input: PersonInput) =>
        input.companyId != null ? [trpc.contacts, trpc.organizations] : [trpc.contacts],
    },
  });
  const form = useForm<NewContact>({
    resolver: zodResolver(NewContactSchema),
    defaultValues: { fullName: '', email: '', phone: '', jobTitle: '' },
  });
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const person = await succeeded(
      createPerson({
        fullName: values.fullName,
        email: values.email || null,
        phone: values.phone || null,
        jobTitle: values.jobTitle || null,
        companyId: company?.id ?? null,
      }),
    );
    if (person) {
      onCreated({ id: person.id, fullName: person.fullName, email: person.email }, person.company);
    }
  });

  return (
    <InlineFormPanel
      title="Create New Contact"
      submitLabel="Create Contact"
      pending={isSubmitting}
      onSubmit={() => void submit()}
      onCancel={onCancel}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label="Full Name"
          withAsterisk
          data-autofocus
          autoFocus
          {...fieldProps(form, 'fullName')}
        />
        <TextInput label="Email" type="email" {...fieldProps(form, 'email')} />
        <TextInput label="Phone" {...fieldProps(form, 'phone')} />
        <TextInput label="Job Title" {...fieldProps(form, 'jobTitle')} />
      </SimpleGrid>
    </InlineFormPanel>
  );
}
