import { zodResolver } from '@hookform/resolvers/zod';
import { TextInput } from '@mantine/core';
import { userToday } from '../../components/display-preferences.tsx';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { minorDigits } from '../../../shared/currencies.ts';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PaymentInputSchema,
  type Invoice,
} from '../../../shared/invoices.schema.ts';
import { useInvoiceMutations } from './use-invoice-mutations.ts';
import { DateField } from '../../components/form/date-field.tsx';
import { NumberField, SelectField } from '../../components/form/controlled-fields.tsx';
import { requiredMoney, toAmountText } from '../../components/form/money-field.ts';
import { DialogForm, FormDialog } from '../../components/form-dialog.tsx';
import type { InvoiceDialogProps } from './invoice-dialog-props.ts';

const shape = PaymentInputSchema.shape;
const PaymentFormSchema = z.object({
  amount: requiredMoney('Amount is required', shape.amount),
  date: shape.date,
  method: shape.method,
  note: z.string(),
});
type PaymentFormInput = z.input<typeof PaymentFormSchema>;
type PaymentFormOutput = z.output<typeof PaymentFormSchema>;

function PaymentForm({ invoice, onDone }: { invoice: Invoice; onDone: () => void }) {
  const mutations = useInvoiceMutations();
  const form = useForm<PaymentFormInput, unknown, PaymentFormOutput>({
    resolver: zodResolver(PaymentFormSchema),
    defaultValues: {
      // The balance as exact decimal text: no float in between.
      amount: toAmountText(invoice.balance),
      date: userToday(),
      method: 'bank_transfer',
      note: '',
    },
  });
  const { isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    const saved = await mutations.addPayment({
      id: invoice.id,
      amount: values.amount,
      date: values.date,
      method: values.method,
      note: values.note.trim() || null,
    });
    if (saved) onDone();
  });
  return (
    <DialogForm
      onSubmit={submit}
      pending={isSubmitting}
      submitLabel="Record payment"
      onCancel={onDone}
    >
      <NumberField
        control={form.control}
        name="amount"
        label={`Amount (${invoice.currency})`}
        description={`Balance due: ${invoice.balance}`}
        withAsterisk
        min={0}
        decimalScale={minorDigits(invoice.currency)}
        thousandSeparator=","
        data-autofocus
      />
      <DateField control={form.control} name="date" label="Date" withAsterisk />
      <SelectField
        control={form.control}
        name="method"
        label="Method"
        allowDeselect={false}
        data={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
        empty="bank_transfer"
      />
      <TextInput label="Note" placeholder="Optional" {...form.register('note')} />
    </DialogForm>
  );
}

/** Records a payment against an issued invoice; it is paid when payments reach its total. */
export function PaymentDialog({ invoice, opened, onClose }: InvoiceDialogProps) {
  return (
    <FormDialog opened={opened} onClose={onClose} title="Record payment">
      <PaymentForm invoice={invoice} onDone={onClose} />
    </FormDialog>
  );
}
