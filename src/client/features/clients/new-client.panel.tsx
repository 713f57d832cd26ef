import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ClientInputSchema, type Client } from '../../../shared/clients.schema.ts';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';

const NewClientSchema = ClientInputSchema.pick({ name: true, email: true, company: true });
type NewClientInput = z.input<typeof NewClientSchema>;
type NewClient = z.output<typeof NewClientSchema>;

/**
 * Creates a client without leaving the New Project or Create Invoice dialog. It sits
 * inside that dialog's <form>, so it is not a form itself: its button and the Enter key
 * submit only the panel.
 */
export function NewClientPanel({
  onCreated,
  onCancel,
}: {
  onCreated: (client: Client) => void;
  onCancel: () => void;
}) {
  const { mutateAsync: createClient } = trpc.clients.create.useMutation({
    meta: {
      success: 'Client created',
      error: withServerMessage('Failed to create client. Please try again.'),
      // The picker keeps the new client's name itself; its lists gain it on refetch.
      invalidates: [trpc.clients.list],
    },
  });
  const form = useForm<NewClientInput, unknown, NewClient>({
    resolver: zodResolver(NewClientSchema),
    defaultValues: { name: '', email: '', company: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const client = await succeeded(createClient(values));
    if (client) onCreated(client);
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      // Enter here means this panel, not the dialog around it.
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
      aria-labelledby="new-client-title"
      onKeyDown={onKeyDown}
    >
      <Stack gap="sm">
        <Text id="new-client-title" fw={600} size="sm">
          New Client
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="Client Name"
            placeholder="Northwind Traders"
            withAsterisk
            data-autofocus
            autoComplete="off"
            disabled={isSubmitting}
            error={errors.name?.message}
            {...form.register('name')}
          />
          <TextInput
            label="Client Email"
            type="email"
            placeholder="billing@northwind.com"
            withAsterisk
            autoComplete="off"
            disabled={isSubmitting}
            error={errors.email?.message}
            {...form.register('email')}
          />
        </SimpleGrid>
        <TextInput
          label="Company"
          placeholder="Optional"
          autoComplete="off"
          disabled={isSubmitting}
          error={errors.company?.message}
          {...form.register('company')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="xs" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button size="xs" loading={isSubmitting} onClick={() => void submit()}>
            Create Client
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
