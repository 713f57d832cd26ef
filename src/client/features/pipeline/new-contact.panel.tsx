import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ContactFormSchema, type PersonInput } from '../../../shared/contacts.schema.ts';
import { succeeded } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import type { CompanyChoice, PersonChoice } from './opportunity-form.schema.ts';

/** SPEC §5 "New contact form": full name, email, optional phone, optional job title. */
const NewContactSchema = ContactFormSchema.pick({
  fullName: true,
  email: true,
  phone: true,
  jobTitle: true,
});
type NewContact = z.infer<typeof NewContactSchema>;

/**
 * The inline Create New Contact panel of the opportunity dialog. It lives inside the
 * opportunity's <form>, so it is not a form itself: its button and Enter key submit only
 * the panel. The new person joins the deal's organization when one is chosen (the
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
  const { errors, isSubmitting } = form.formState;

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

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      // Enter here means this panel, not the opportunity around it.
      event.preventDefault();
      void submit();
    }
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-6))"
      role="group"
      aria-labelledby="new-contact-title"
      onKeyDown={onKeyDown}
    >
      <Stack gap="sm">
        <Text id="new-contact-title" fw={600} size="sm">
          Create New Contact
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="Full Name"
            withAsterisk
            data-autofocus
            autoFocus
            {...form.register('fullName')}
            error={errors.fullName?.message}
          />
          <TextInput
            label="Email"
            type="email"
            {...form.register('email')}
            error={errors.email?.message}
          />
          <TextInput label="Phone" {...form.register('phone')} error={errors.phone?.message} />
          <TextInput
            label="Job Title"
            {...form.register('jobTitle')}
            error={errors.jobTitle?.message}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="xs" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button size="xs" onClick={() => void submit()} loading={isSubmitting}>
            Create Contact
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
