import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Divider,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { ClientDetail } from '../../../shared/clients.schema.ts';
import { currencyOptions } from '../../../shared/currencies.ts';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import { INVOICE_TERM_OPTIONS } from '../business/business-form.schema.ts';
import { OrganizationPicker } from '../organizations/organization-picker.tsx';
import {
  ClientFormSchema,
  clientFormValues,
  clientInput,
  type ClientFormInput,
  type ClientFormOutput,
} from './client-form.schema.ts';
import { FormDialog } from '../../components/form-dialog.tsx';

const STATUS_OPTIONS = [
  { value: 'lead', label: 'Lead' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

function ClientForm({ client, onDone }: { client?: ClientDetail; onDone: (id?: number) => void }) {
  const invalidates = [trpc.clients];
  const { mutateAsync: create } = trpc.clients.create.useMutation({
    meta: {
      success: 'Client created',
      error: withServerMessage('Failed to create client. Please try again.'),
      invalidates,
    },
  });
  const { mutateAsync: update } = trpc.clients.update.useMutation({
    meta: {
      success: 'Client updated',
      error: withServerMessage('Failed to update client. Please try again.'),
      invalidates,
    },
  });
  const form = useForm<ClientFormInput, unknown, ClientFormOutput>({
    resolver: zodResolver(ClientFormSchema),
    defaultValues: clientFormValues(client),
  });
  const { errors, isSubmitting } = form.formState;
  const currencies = useMemo(() => currencyOptions(), []);

  const submit = form.handleSubmit(async (values) => {
    const input = clientInput(values);
    const saved = client
      ? await succeeded(update({ id: client.id, ...input }))
      : await succeeded(create(input));
    if (saved) onDone(saved.id);
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Fieldset variant="unstyled" disabled={isSubmitting}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label="Client Name"
              withAsterisk
              data-autofocus
              autoComplete="off"
              error={errors.name?.message}
              {...form.register('name')}
            />
            <TextInput
              label="Billing email"
              type="email"
              withAsterisk
              autoComplete="off"
              error={errors.email?.message}
              {...form.register('email')}
            />
            <TextInput
              label="Company"
              error={errors.company?.message}
              {...form.register('company')}
            />
            <TextInput
              label="Contact person"
              error={errors.contactName?.message}
              {...form.register('contactName')}
            />
            <TextInput label="Phone" error={errors.phone?.message} {...form.register('phone')} />
            <Controller
              control={form.control}
              name="organization"
              render={({ field }) => (
                <OrganizationPicker
                  label="Organization"
                  placeholder="Link an organization"
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
          </SimpleGrid>
          <Textarea
            label="Billing address"
            autosize
            minRows={2}
            error={errors.address?.message}
            {...form.register('address')}
          />
          <Divider label="Billing" labelPosition="left" />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label="Tax ID" error={errors.taxId?.message} {...form.register('taxId')} />
            <Controller
              control={form.control}
              name="currency"
              render={({ field }) => (
                <Select
                  label="Currency"
                  placeholder="The workspace currency"
                  searchable
                  clearable
                  data={currencies}
                  value={field.value ?? null}
                  onChange={field.onChange}
                  error={errors.currency?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="paymentTermsDays"
              render={({ field }) => (
                <Select
                  label="Payment terms"
                  placeholder="The workspace terms"
                  clearable
                  data={INVOICE_TERM_OPTIONS}
                  value={field.value ?? null}
                  onChange={field.onChange}
                  error={errors.paymentTermsDays?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="hourlyRate"
              render={({ field }) => (
                <NumberInput
                  label="Hourly rate"
                  min={0}
                  decimalScale={2}
                  thousandSeparator=","
                  value={field.value ?? ''}
                  onChange={(value) => field.onChange(value === '' ? '' : Number(value))}
                  error={errors.hourlyRate?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="status"
              render={({ field }) => (
                <Select
                  label="Status"
                  allowDeselect={false}
                  data={STATUS_OPTIONS}
                  value={field.value ?? 'active'}
                  onChange={(value) => field.onChange(value ?? 'active')}
                />
              )}
            />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => onDone()} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {client ? 'Save Changes' : 'Add Client'}
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}

/** Adds a client, or edits one (with its billing details); a fresh form each time it opens. */
export function ClientFormDialog({
  opened,
  client,
  onClose,
  onSaved,
}: {
  opened: boolean;
  client?: ClientDetail;
  onClose: () => void;
  onSaved?: (id: number) => void;
}) {
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={client ? 'Edit Client' : 'Add Client'}
      size="lg"
    >
      <ClientForm
        client={client}
        onDone={(id) => {
          onClose();
          if (id !== undefined) onSaved?.(id);
        }}
      />
    </FormDialog>
  );
}
