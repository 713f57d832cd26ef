import { Card, Select, SimpleGrid } from '@mantine/core';
import { useMemo } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { currencyOptions } from '../../../shared/currencies.ts';
import { DateField } from '../../components/form/date-field.tsx';
import type { InvoiceEditorInput } from './invoice-editor.schema.ts';

/**
 * The head of a draft's editor (an invoice, an estimate): its currency, issue date and the
 * date it runs to (due, or valid until, in `dueDate`), read from the enclosing `FormProvider`.
 */
export function DraftHeaderCard({
  issueDescription,
  dueLabel,
  dueDescription,
}: {
  issueDescription: string;
  dueLabel: string;
  dueDescription: string;
}) {
  const { control } = useFormContext<InvoiceEditorInput>();
  const currencies = useMemo(() => currencyOptions(), []);
  return (
    <Card withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Controller
          control={control}
          name="currency"
          render={({ field, fieldState }) => (
            <Select
              label="Currency"
              searchable
              allowDeselect={false}
              data={currencies}
              value={field.value}
              onChange={(value) => field.onChange(value ?? field.value)}
              error={fieldState.error?.message}
            />
          )}
        />
        <DateField
          control={control}
          name="issueDate"
          label="Issue date"
          description={issueDescription}
        />
        <DateField control={control} name="dueDate" label={dueLabel} description={dueDescription} />
      </SimpleGrid>
    </Card>
  );
}
