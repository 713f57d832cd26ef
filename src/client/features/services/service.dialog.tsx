import { zodResolver } from '@hookform/resolvers/zod';
import { Autocomplete, Button, Fieldset, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { currencyOptions, minorDigits } from '../../../shared/currencies.ts';
import { SERVICE_FIELDS, SERVICE_UNITS, type Service } from '../../../shared/services.schema.ts';
import { fieldProps } from '../../components/form/field-props.ts';
import { NumberField, SelectField } from '../../components/form/controlled-fields.tsx';
import { TextFieldInput } from '../../components/form/text-field-input.tsx';
import { FormDialog } from '../../components/form-dialog.tsx';
import { currencySymbol, WithWorkspaceCurrency } from '../../components/money.tsx';
import { trpc } from '../../trpc.ts';
import {
  ServiceFormSchema,
  serviceFormDefaults,
  type ServiceFormInput,
  type ServiceFormOutput,
} from './service-form.schema.ts';
import { useServiceMutations } from './use-service-mutations.ts';

const CURRENCIES = currencyOptions();

/** Add Service (no `service`) and Edit Service; full screen on a phone. */
export function ServiceDialog({
  opened,
  service,
  onClose,
}: {
  opened: boolean;
  service: Service | null;
  onClose: () => void;
}) {
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={service ? 'Edit Service' : 'Add Service'}
      size="lg"
    >
      <WithWorkspaceCurrency>
        {(workspaceCurrency) => (
          <ServiceForm
            key={service?.id ?? 'new'}
            service={service}
            workspaceCurrency={workspaceCurrency}
            onDone={onClose}
          />
        )}
      </WithWorkspaceCurrency>
    </FormDialog>
  );
}

function safeDigits(currency: string): number {
  try {
    return minorDigits(currency);
  } catch {
    return 2;
  }
}

function ServiceForm({
  service,
  workspaceCurrency,
  onDone,
}: {
  service: Service | null;
  workspaceCurrency: string;
  onDone: () => void;
}) {
  const mutations = useServiceMutations();
  const categories = trpc.services.categories.useQuery();
  const form = useForm<ServiceFormInput, unknown, ServiceFormOutput>({
    resolver: zodResolver(ServiceFormSchema),
    defaultValues: serviceFormDefaults(service, workspaceCurrency),
  });
  const { isSubmitting } = form.formState;
  const currency = useWatch({ control: form.control, name: 'currency' });

  const submit = form.handleSubmit(async (values) => {
    const saved = service
      ? await mutations.update({ id: service.id, ...values })
      : await mutations.create(values);
    if (saved) onDone();
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={service ? 'Edit service' : 'Add service'}
    >
      <Fieldset variant="unstyled" disabled={isSubmitting}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <TextInput
              label={SERVICE_FIELDS.name.title}
              placeholder="e.g. Logo design"
              withAsterisk
              autoComplete="off"
              data-autofocus
              {...fieldProps(form, 'name')}
            />
            <Controller
              control={form.control}
              name="category"
              render={({ field, fieldState }) => (
                <Autocomplete
                  label={SERVICE_FIELDS.category.title}
                  placeholder={SERVICE_FIELDS.category.placeholder}
                  data={categories.data ?? []}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <NumberField
                control={form.control}
                name="unitPrice"
                label={SERVICE_FIELDS.unitPrice.title}
                withAsterisk
                style={{ flex: 1 }}
                prefix={currency ? currencySymbol(currency) : undefined}
                min={0}
                decimalScale={currency ? safeDigits(currency) : 2}
                thousandSeparator=","
              />
              <SelectField
                control={form.control}
                name="currency"
                empty={workspaceCurrency}
                label={SERVICE_FIELDS.currency.title}
                w={110}
                searchable
                data={CURRENCIES.map((c) => ({ value: c.value, label: c.value }))}
                comboboxProps={{ width: 240, position: 'bottom-end' }}
              />
            </Group>
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <Controller
                control={form.control}
                name="unit"
                render={({ field, fieldState }) => (
                  <Autocomplete
                    label={SERVICE_FIELDS.unit.title}
                    description="hour, day, item, month, project or your own"
                    data={[...SERVICE_UNITS]}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                    style={{ flex: 1 }}
                  />
                )}
              />
              <NumberField
                control={form.control}
                name="taxRate"
                label={SERVICE_FIELDS.taxRate.label}
                suffix=" %"
                w={110}
                min={0}
                max={100}
                decimalScale={3}
              />
            </Group>
          </SimpleGrid>
          <TextFieldInput field={SERVICE_FIELDS.description} {...fieldProps(form, 'description')} />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onDone} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {service ? 'Save Changes' : 'Add Service'}
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}
