import { Card, SimpleGrid } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import { CurrencyField } from '../../components/form/currency-field.tsx';
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
  return (
    <Card withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <CurrencyField control={control} name="currency" />
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
