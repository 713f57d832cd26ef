import { Card, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
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

/**
 * An invoice's references (EN 16931): the buyer's reference and purchase order, and the
 * period the invoice bills. Shown on invoices only; e-invoices carry them (the PDF does not
 * print them yet).
 */
export function ReferencesCard() {
  const { control, register, formState } = useFormContext<InvoiceEditorInput>();
  const { errors } = formState;
  return (
    <Card withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="md">
        References
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Optional. E-invoices carry them; some public buyers require them.
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <TextInput
          label="Buyer reference"
          description="e.g. a Leitweg-ID"
          maxLength={200}
          error={errors.buyerReference?.message}
          {...register('buyerReference')}
        />
        <TextInput
          label="Purchase order"
          description="The client's PO number"
          maxLength={200}
          error={errors.purchaseOrderReference?.message}
          {...register('purchaseOrderReference')}
        />
        <DateField
          control={control}
          name="servicePeriodStart"
          label="Service period start"
          description="First day billed"
        />
        <DateField
          control={control}
          name="servicePeriodEnd"
          label="Service period end"
          description="Last day billed"
        />
      </SimpleGrid>
    </Card>
  );
}
