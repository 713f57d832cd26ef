import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ClientInputSchema, type Client } from '../../../shared/clients.schema.ts';
import { InlineFormPanel } from '../../components/form/inline-form-panel.tsx';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';

const NewClientSchema = ClientInputSchema.pick({ name: true, email: true, company: true });
type NewClientInput = z.input<typeof NewClientSchema>;
type NewClient = z.output<typeof NewClientSchema>;

/**
 * Creates a client without leaving the New Project or Create Invoice dialog.
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

  return (
    <InlineFormPanel
      title="New Client"
      submitLabel="Create Client"
      pending={isSubmitting}
      onSubmit={() => void submit()}
      onCancel={onCancel}
    >
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
    </InlineFormPanel>
  );
}
