import { zodResolver } from '@hookform/resolvers/zod';
import { fieldProps } from '../../components/form/field-props.ts';
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
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { CLIENT_FIELDS, type ClientDetail } from '../../../shared/clients.schema.ts';
import { countryOptions } from '../../../shared/countries.ts';
import { currencyOptions } from '../../../shared/currencies.ts';
import { EAS_SCHEMES } from '../../../shared/einvoice-fields.ts';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import { INVOICE_TERM_OPTIONS } from '../business/business-form.schema.ts';
import {
  OrganizationPicker,
  type OrganizationOption,
} from '../organizations/organization-picker.tsx';
import {
  ClientFormSchema,
  clientFormValues,
  type ClientFormInput,
  type ClientFormOutput,
} from './client-form.schema.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { TextFieldInput } from '../../components/form/text-field-input.tsx';

const STATUS_OPTIONS = [
  { value: 'lead', label: 'Lead' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

const {
  company,
  contactName,
  phone,
  address,
  taxId,
  street,
  city,
  postalCode,
  buyerReference,
  electronicAddress,
} = CLIENT_FIELDS;

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
    defaultValues: clientFormValues(client ?? null),
  });
  // The form holds the organization's id; the picker shows the chosen one's name.
  const [organization, setOrganization] = useState<OrganizationOption | null>(
    client?.organization ?? null,
  );
  const { errors, isSubmitting } = form.formState;
  const currencies = useMemo(() => currencyOptions(), []);
  const countries = useMemo(() => countryOptions(), []);

  const submit = form.handleSubmit(async (input) => {
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
              label={CLIENT_FIELDS.name.title}
              withAsterisk
              data-autofocus
              autoComplete="off"
              error={errors.name?.message}
              {...form.register('name')}
            />
            <TextInput
              label={CLIENT_FIELDS.email.title}
              type="email"
              withAsterisk
              autoComplete="off"
              error={errors.email?.message}
              {...form.register('email')}
            />
            <TextFieldInput field={company} {...fieldProps(form, 'company')} />
            <TextFieldInput field={contactName} {...fieldProps(form, 'contactName')} />
            <TextFieldInput field={phone} {...fieldProps(form, 'phone')} />
            <Controller
              control={form.control}
              name="organizationId"
              render={({ field }) => (
                <OrganizationPicker
                  label={CLIENT_FIELDS.organizationId.title}
                  placeholder="Link an organization"
                  value={field.value === null ? null : organization}
                  onChange={(chosen) => {
                    setOrganization(chosen);
                    field.onChange(chosen?.id ?? null);
                  }}
                />
              )}
            />
          </SimpleGrid>
          <TextFieldInput field={address} {...fieldProps(form, 'address')} />
          <Divider label="Billing" labelPosition="left" />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextFieldInput field={taxId} {...fieldProps(form, 'taxId')} />
            <Controller
              control={form.control}
              name="currency"
              render={({ field }) => (
                <Select
                  label={CLIENT_FIELDS.currency.title}
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
                  label={CLIENT_FIELDS.paymentTermsDays.title}
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
                  label={CLIENT_FIELDS.hourlyRate.title}
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
                  label={CLIENT_FIELDS.status.title}
                  allowDeselect={false}
                  data={STATUS_OPTIONS}
                  value={field.value ?? 'active'}
                  onChange={(value) => field.onChange(value ?? 'active')}
                />
              )}
            />
          </SimpleGrid>
          <Divider label="E-invoicing" labelPosition="left" />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextFieldInput field={street} {...fieldProps(form, 'street')} />
            <TextFieldInput field={city} {...fieldProps(form, 'city')} />
            <TextFieldInput field={postalCode} {...fieldProps(form, 'postalCode')} />
            <Controller
              control={form.control}
              name="countryCode"
              render={({ field }) => (
                <Select
                  label={CLIENT_FIELDS.countryCode.title}
                  placeholder="Choose a country"
                  searchable
                  clearable
                  nothingFoundMessage="No country matches"
                  data={countries}
                  value={field.value ?? null}
                  onChange={field.onChange}
                  error={errors.countryCode?.message}
                />
              )}
            />
            <TextFieldInput
              field={buyerReference}
              description="e.g. the Leitweg-ID of a German public buyer; printed on their invoices"
              {...fieldProps(form, 'buyerReference')}
            />
            <Controller
              control={form.control}
              name="electronicAddressScheme"
              render={({ field }) => (
                <Select
                  label={CLIENT_FIELDS.electronicAddressScheme.title}
                  placeholder="None"
                  searchable
                  clearable
                  data={[...EAS_SCHEMES]}
                  value={field.value ?? null}
                  onChange={field.onChange}
                  error={errors.electronicAddressScheme?.message}
                />
              )}
            />
            <TextFieldInput
              field={electronicAddress}
              description="Where e-invoices reach them, e.g. their Peppol ID without the scheme"
              {...fieldProps(form, 'electronicAddress')}
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
